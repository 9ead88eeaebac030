/// A misuse of an ``ImpressionTracker`` or a ``MultiPolicyTracker``.
///
/// Compare ``code`` with the static members of ``Code``, or the whole error with
/// ``alreadyRunning``. A struct, not an enum, so that new kinds can be added without
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
    }

    /// The kind of misuse.
    public let code: Code
    /// A one-line message.
    public let description: String

    /// ``ImpressionTracker/run()`` was called while another `run()` was in progress.
    public static let alreadyRunning = ImpressionTrackerError(
        code: .alreadyRunning, description: "run() was called while the tracker was already running")
}
