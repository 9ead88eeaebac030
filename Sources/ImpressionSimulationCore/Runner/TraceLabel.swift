import ImpressionSimulationFormats
import ImpressionTracking

/// A trace as a run names it in what it says: its path, or `standard input, trace 3`,
/// whose lines are numbered as the trace's own with the stream's beside them.
package struct TraceLabel: Sendable, Hashable {
    /// The trace's name: its path, or `standard input, trace N`.
    package var name: String
    /// The number in the stream of the trace's first line, when it was cut from one
    /// (standard input); `nil` for a file.
    package var firstLineInStream: Int?

    /// A trace named `name`, cut from a stream at line `firstLineInStream` if it was.
    package init(_ name: String, firstLineInStream: Int? = nil) {
        self.name = name
        self.firstLineInStream = firstLineInStream
    }

    /// `line 12`, or on standard input `line 12 (line 2462 of the stream)`.
    package func line(_ number: Int) -> String {
        guard let first = firstLineInStream else { return "line \(number)" }
        return "line \(number) (line \(first + number - 1) of the stream)"
    }

    /// `error` as a report lists it: its line as ``line(_:)`` names it, then the problem.
    package func describe(_ error: TraceError) -> String {
        error.line > 0 ? "\(line(error.line)): \(error.message)" : error.message
    }
}
