/// A recorded session: a `TraceHeader`, the engine inputs in time order, and when it
/// ended. Section ids are text: an app's own ids, or a feed's.
///
/// One JSON object per line (JSON Lines; see `docs/trace-format.md`):
/// ``encoded()`` writes it, ``TraceDecoder`` reads it line by line.
///
/// ```swift
/// let trace = Trace(header: TraceHeader(sampleInterval: .milliseconds(100), source: "my app"),
///                   inputs: inputs, end: .seconds(5))
/// let text = trace.encoded()                          // JSON Lines, a line per input
/// // With ImpressionSimulation, each policy's impressions:
/// let impressions = try TraceReplayer.impressions(of: trace, policies: NamedPolicy.defaults)
/// ```
public struct Trace: Sendable, Equatable {
    /// The header.
    public var header: TraceHeader
    /// The inputs, in time order.
    public var inputs: [TimedInput<String>]
    /// The end of the session: the engines are advanced to it. `nil` when the trace has
    /// no `end` line; a replay then stops at the last input.
    public var end: Duration?

    /// Creates a trace.
    public init(header: TraceHeader, inputs: [TimedInput<String>], end: Duration?) {
        self.header = header
        self.inputs = inputs
        self.end = end
    }

    /// The trace as JSON Lines, each line ending in a newline.
    public func encoded() -> String {
        var text = TraceEncoder.line(header) + "\n"
        for input in inputs { text += TraceEncoder.line(input) + "\n" }
        if let end { text += TraceEncoder.endLine(at: end) + "\n" }
        return text
    }
}
