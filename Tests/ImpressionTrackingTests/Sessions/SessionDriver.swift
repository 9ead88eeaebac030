@testable import ImpressionTracking

/// Anything that takes a session's inputs: the engine, the reference model, the actor.
///
/// The requirements are `async` so that an actor-backed driver can conform; synchronous
/// implementations satisfy them too.
protocol SessionDriver<ID> {
    associatedtype ID: Hashable & Sendable
    /// Brings the driver up to `time` (never earlier than any previous step's time) and
    /// returns what fired at the samples evaluated.
    mutating func advance(to time: Duration) async -> [Impression<ID>]
    /// `advance(to:)` a time earlier than the current one; returns what it produced,
    /// which should be nothing.
    mutating func rewind(to time: Duration) async -> [Impression<ID>]
    /// Applies an input; `false` when it was rejected as bad input.
    mutating func perform(_ input: EngineInput<ID>) async -> Bool
}

/// What one step produced.
struct StepOutcome<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The impressions that fired while bringing the driver up to the step's time (and,
    /// for a rewind, those the rewind produced, which should be none).
    var impressions: [Impression<ID>]
    /// For an input, whether it was accepted; `nil` for other steps.
    var accepted: Bool?
}

/// Replays `session` into `driver`, step by step, and returns each step's outcome.
///
/// Every step first brings the driver up to its time, then applies its action: the
/// actor's rule that an input first brings the engine up to the clock's time.
func replay<Driver: SessionDriver>(
    _ session: Session<Driver.ID>, into driver: inout Driver
) async -> [StepOutcome<Driver.ID>] {
    var outcomes: [StepOutcome<Driver.ID>] = []
    outcomes.reserveCapacity(session.steps.count)
    for step in session.steps {
        var impressions = await driver.advance(to: step.time)
        var accepted: Bool?
        switch step.action {
        case .flush:
            break
        case .input(let input):
            accepted = await driver.perform(input)
        case .rewind(let earlier):
            impressions += await driver.rewind(to: earlier)
        }
        outcomes.append(StepOutcome(impressions: impressions, accepted: accepted))
    }
    return outcomes
}

/// A driver that also reports entries and exits: the engine and the reference model.
protocol EventSessionDriver<ID>: SessionDriver {
    mutating func advanceWithEvents(to time: Duration) async -> [VisibilityEvent<ID>]
}
