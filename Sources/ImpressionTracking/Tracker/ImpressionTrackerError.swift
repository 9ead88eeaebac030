/// A misuse of an ``ImpressionTracker``.
///
/// Compare ``code`` with the static members of ``Code``, or the whole error with
/// ``alreadyRunning`` or ``finished``. A struct, not an enum, so that new kinds can be added without
/// breaking a `switch` in your code.
public struct ImpressionTrackerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of misuse: an open set of values, compared with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The code's name, e.g. `alreadyRunning`.
        public var description: String { name }

        /// ``ImpressionTracker/run()`` was called while another `run()` was in progress.
        public static let alreadyRunning = Code("alreadyRunning")
        /// ``ImpressionTracker/run()`` was called after ``ImpressionTracker/finish()``.
        public static let finished = Code("finished")
    }

    /// The kind of misuse.
    public let code: Code
    /// A one-line message.
    public let description: String

    /// ``ImpressionTracker/run()`` was called while another `run()` was in progress.
    public static let alreadyRunning = ImpressionTrackerError(
        code: .alreadyRunning, description: "run() was called while the tracker was already running")

    /// ``ImpressionTracker/run()`` was called after ``ImpressionTracker/finish()``: a
    /// finished tracker publishes nothing more, so running it again would do nothing.
    public static let finished = ImpressionTrackerError(
        code: .finished, description: "run() was called after finish(): a finished tracker does not run again")
}
