/// How many inputs sent from synchronous code (``ImpressionTracker/send(_:)``) the engine
/// refused, and why it refused the last one: a sender has no `try` to see it with.
struct SentInputRejections {
    /// How many sent inputs were refused; each left the engine's state as it was.
    private(set) var count = 0
    /// Why the last refused input was refused; `nil` while none was.
    private(set) var lastError: InputError?

    init() {}

    /// Counts a refused input.
    mutating func record(_ error: InputError) {
        count += 1
        lastError = error
    }
}
