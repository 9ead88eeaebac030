/// A simulated session: what one user did, as timed inputs, on virtual time.
///
/// A session starts at time zero with the feed at the top, every carousel at rest, the
/// screen shown and the app in the foreground; its events are in time order. The same
/// session can be replayed against any number of policies (``SessionRunner``).
///
/// ```swift
/// let simulation = try Simulation(configuration: SimulationConfiguration(sessionCount: 10))
/// let session = simulation.session(at: 3)             // the same session on every run
/// let report = simulation.report(replaying: [session, simulation.session(at: 4)])
/// let trace = simulation.runner.trace(of: session)
/// ```
public struct Session: Sendable, Hashable {
    /// How long the session lasts; the engines are advanced to it at the end.
    public var duration: Duration
    /// The inputs, in time order, none after ``duration``.
    package var events: [SessionEvent]

    /// Creates a session from its inputs; they must be in time order.
    package init(duration: Duration, events: [SessionEvent]) {
        self.duration = duration
        self.events = events
    }
}
