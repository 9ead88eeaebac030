/// A trace line that cannot be read or replayed: the line number and what was wrong.
///
/// `line 17: times must not go backwards: 1200.5 ms after 1300 ms`.
///
/// ```swift
/// var decoder = TraceDecoder()
/// do throws(TraceError) {
///     _ = try decoder.decode(Array(#"{"t":0}"#.utf8), lineNumber: 1)
/// } catch {
///     print(error)   // line 1: missing field 'type'
/// }
/// ```
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number; 0 for a problem with the input as a whole.
    public var line: Int
    /// What was wrong, with the value.
    public var message: String

    /// Creates an error.
    package init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// Line `line` is longer than `limit` bytes, which no reader holds whole; `option`
    /// names the command line's option that sets the limit, where one set it.
    package static func lineTooLong(line: Int, limit: Int, option: String? = nil) -> TraceError {
        TraceError(line: line, "the line is longer than the limit of \(limit) bytes" + (option.map { " (\($0))" } ?? ""))
    }

    /// `line 17: ...`, or the message alone for line 0.
    public var description: String {
        line > 0 ? "line \(line): \(message)" : message
    }
}

/// A problem found while decoding one line, before its number is known; the decoder
/// turns it into a ``TraceError``.
package struct TraceLineProblem: Error {
    package var message: String
    package init(_ message: String) { self.message = message }
}
