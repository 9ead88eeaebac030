import ImpressionTracking

/// An `EngineInput` at a time since the start of the session: the engines are advanced
/// to `time`, then given `input`, which applies from the next sample on.
///
/// ```swift
/// let hero = TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])
/// let inputs: [TimedInput<String>] = [
///     TimedInput(time: .zero, input: .layout(sections: [hero], containers: [])),
///     TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
///     TimedInput(time: .milliseconds(1500), input: .viewport(Rect(x: 0, y: 250, width: 390, height: 844))),
/// ]
/// ```
public struct TimedInput<ID: Hashable & Sendable>: Sendable, Equatable {
    /// When it happens.
    public var time: Duration
    /// What happens.
    public var input: EngineInput<ID>

    /// Creates a timed input.
    public init(time: Duration, input: EngineInput<ID>) {
        self.time = time
        self.input = input
    }
}

extension TraceEncoder {
    /// The trace line of `timed`.
    package static func line(_ timed: TimedInput<String>) -> String {
        line(timed.input, at: timed.time, text: { $0 })
    }
}
