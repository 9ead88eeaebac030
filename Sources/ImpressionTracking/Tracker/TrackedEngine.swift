/// What a tracker actor needs of the engine it owns: inputs, time, and what fires.
///
/// ``ImpressionEngine`` (one policy: ``Impression`` and ``VisibilityEvent``) and
/// ``MultiPolicyEngine`` (several: ``PolicyImpression`` and ``PolicyEvent``) both conform,
/// so one ``TrackerDriver`` runs the tick, the send inbox and the subscribers of
/// ``ImpressionTracker`` and ``MultiPolicyTracker`` alike.
protocol TrackedEngine: Sendable {
    associatedtype ID: Hashable & Sendable
    /// What ``advance(to:)`` reports: an impression, tagged or not.
    associatedtype Fired: Sendable
    /// What ``advanceWithEvents(to:)`` reports: a visibility event, tagged or not.
    associatedtype Event: Sendable

    /// The time advanced to.
    var time: Duration { get }
    /// The current visit, 1 for the first.
    var visit: Int { get }
    /// Whether samples count now.
    var isActive: Bool { get }
    /// The next sample at which anything can be reported if no input arrives; `nil`
    /// when nothing can happen until an input.
    var nextEventTime: Duration? { get }

    /// Evaluates every sample due at or before `time`; what they fired, in order.
    mutating func advance(to time: Duration) -> [Fired]
    /// ``advance(to:)``, reporting entries and exits as well as impressions.
    mutating func advanceWithEvents(to time: Duration) -> [Event]
    /// The impression an event reports, if it is one.
    static func impression(of event: Event) -> Fired?

    /// Applies an input; a refused one leaves the previous state in force.
    mutating func apply(_ input: EngineInput<ID>) throws(InputError)
    /// Makes a lifecycle call; never refused.
    mutating func apply(_ call: LifecycleCall)
}

extension ImpressionEngine: TrackedEngine {
    static func impression(of event: VisibilityEvent<ID>) -> Impression<ID>? {
        event.impression
    }
}

extension MultiPolicyEngine: TrackedEngine {
    static func impression(of event: PolicyEvent<ID>) -> PolicyImpression<ID>? {
        event.event.impression.map { PolicyImpression(policy: event.policy, impression: $0) }
    }
}
