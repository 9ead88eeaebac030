/// An `EngineInput` at a time since the start of the session: the engines are advanced
/// to `time`, then given `input`, which applies from the next sample on. At time zero the
/// input comes before sample 0 (an initial layout counts from sample 0), unless
/// ``afterSample`` says the app applied it once sample 0 was evaluated.
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
    /// Whether the input was applied after the sample at ``time`` was evaluated. Only
    /// time zero needs saying so: at any later time the engines are advanced to it (its
    /// sample evaluated) before the input anyway, while at zero an input comes before
    /// sample 0 unless this is `true`. A recorder sets it on an input a tracker applied
    /// at zero after its first sample.
    public var afterSample: Bool

    /// Creates a timed input.
    public init(time: Duration, input: EngineInput<ID>, afterSample: Bool = false) {
        self.time = time
        self.input = input
        self.afterSample = afterSample
    }

    /// Whether the engines are advanced to ``time`` (evaluating its sample) before the
    /// input: always but for an input at time zero that comes before sample 0.
    package var advancesFirst: Bool { time > .zero || afterSample }
}

extension TraceEncoder {
    /// The trace line of `timed`.
    package static func line(_ timed: TimedInput<String>) -> String {
        line(timed.input, at: timed.time, afterSample: timed.afterSample, text: { $0 })
    }
}
