@testable import ImpressionTracking

// The steps of a random session: what the generator makes and the drivers replay.

/// What happens at a step, once the driver has been brought up to the step's time.
enum SessionAction<ID: Hashable & Sendable>: Sendable {
    /// Nothing more: the step only brings the driver up to its time (the actor's `flush()`).
    case flush
    /// An input, applied at the step's time (so from the next unevaluated sample on).
    case input(EngineInput<ID>)
    /// `advance(to:)` an earlier time, which must evaluate nothing. Drivers whose time is
    /// a real clock (the actor) may treat it as `flush`.
    case rewind(to: Duration)
}

/// One timed step; the times of a session's steps never decrease.
struct SessionStep<ID: Hashable & Sendable>: Sendable {
    var time: Duration
    var action: SessionAction<ID>
}

/// A whole session: the engine's configuration and its steps.
struct Session<ID: Hashable & Sendable>: Sendable {
    var seed: UInt64
    var policy: ImpressionPolicy
    var sampleInterval: Duration
    var steps: [SessionStep<ID>]
    /// How many sections that left the layout keep their statistics.
    var rememberedSectionLimit = ImpressionEngine<ID>.defaultRememberedSectionLimit
    /// Whether the engine, tracker and model measure exposure signals.
    var measuresExposureSignals = false
}
