import ImpressionTracking

/// A trace that ``TraceRemeasurer`` could not count: which trace, which line, what is
/// wrong with it, e.g. `upload-17: line 3: the trace samples every 50 ms, the run every 100 ms`.
///
/// The trace counts nothing; the re-measurer lists it among the report's left-out traces
/// and counts the traces after it as usual.
public struct BadTraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The trace, as its caller named it.
    public var trace: String
    /// The line, numbered from 1; 0 when the problem is the whole trace (empty, too long).
    public var line: Int
    /// What is wrong, e.g. `expected the header line`.
    public var problem: String

    /// An error naming `trace`, `line` and `problem`.
    package init(trace: String, line: Int, problem: String) {
        self.trace = trace
        self.line = line
        self.problem = problem
    }

    /// `trace: line N: problem`, or `trace: problem` for the whole trace.
    public var description: String {
        line > 0 ? "\(trace): line \(line): \(problem)" : "\(trace): \(problem)"
    }
}
