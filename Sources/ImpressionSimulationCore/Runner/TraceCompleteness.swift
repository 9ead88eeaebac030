/// How much of its session a trace gave a run, for choosing among copies of one session
/// (an upload retried, a file named twice): a copy counted over one left out, then one
/// with its `end` line over one without, then more lines over fewer.
package struct TraceCompleteness: Sendable, Hashable, Comparable {
    /// The run counted the trace (it broke no rule).
    package var isCounted: Bool
    /// The trace has its `end` line.
    package var isEnded: Bool
    /// The number of its last line read.
    package var lines: Int

    /// Creates a measure.
    package init(isCounted: Bool, isEnded: Bool, lines: Int) {
        self.isCounted = isCounted
        self.isEnded = isEnded
        self.lines = lines
    }

    /// Whether `lhs` is less complete than `rhs`.
    package static func < (lhs: TraceCompleteness, rhs: TraceCompleteness) -> Bool {
        if lhs.isCounted != rhs.isCounted { return rhs.isCounted }
        if lhs.isEnded != rhs.isEnded { return rhs.isEnded }
        return lhs.lines < rhs.lines
    }
}
