/// A ``SessionInput`` at a time since the start of its session.
public struct SessionEvent: Sendable, Hashable {
    /// When it happens; it applies from the engine's next sample on.
    public var time: Duration
    /// What happens.
    public var input: SessionInput

    /// Creates an event.
    public init(time: Duration, input: SessionInput) {
        self.time = time
        self.input = input
    }
}
