/// A ``TraceFileSink`` that could not open or write its file: the path, and what the
/// system said.
///
/// `cannot write /tmp/7F3A.jsonl: No space left on device (errno 28)`.
///
/// Compare ``code`` with the static members of ``Code``. A struct, not an enum, so that
/// new kinds of problem can be added without breaking a `switch` in your code.
public struct TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: an open set of values, compared with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The code's name, e.g. `cannotWrite`.
        public var description: String { name }

        /// The file could not be opened (or created) for appending.
        public static let cannotOpen = Code("cannotOpen")
        /// A write to the file failed: the disk is full, say. The sink writes nothing more.
        public static let cannotWrite = Code("cannotWrite")
        /// The file could not be closed; what was written before stands.
        public static let cannotClose = Code("cannotClose")
        /// A line came after ``TraceFileSink/close()``.
        public static let closed = Code("closed")
    }

    /// The kind of problem.
    public let code: Code
    /// The file's path, as the sink was given it.
    public let path: String
    /// The system's error number (`errno`), or `nil` for ``Code/closed``.
    public let systemError: Int32?
    /// A one-line message naming the path and the problem.
    public let description: String

    /// An error of `code` for `path`, with the system's `errno` and its text.
    init(_ code: Code, path: String, systemError: Int32, reason: String) {
        self.code = code
        self.path = path
        self.systemError = systemError
        let verb = code == .cannotOpen ? "open" : code == .cannotClose ? "close" : "write"
        description = "cannot \(verb) \(path): \(reason) (errno \(systemError))"
    }

    /// A line given to the sink of `path` after it was closed.
    static func closed(path: String) -> TraceFileError {
        TraceFileError(code: .closed, path: path, systemError: nil,
                       description: "cannot write \(path): the trace file sink is closed")
    }

    private init(code: Code, path: String, systemError: Int32?, description: String) {
        self.code = code
        self.path = path
        self.systemError = systemError
        self.description = description
    }
}
