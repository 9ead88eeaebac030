/// A ``SessionInput`` at a time since the start of its session.
package struct SessionEvent: Sendable, Hashable {
    /// When it happens; it applies from the engine's next sample on.
    package var time: Duration
    /// What happens.
    package var input: SessionInput

    /// Creates an event.
    package init(time: Duration, input: SessionInput) {
        self.time = time
        self.input = input
    }
}
