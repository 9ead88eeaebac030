/// The last sample at or before a time, as ``SampleGrid/lastSample(atOrBefore:)`` gives
/// it, for times that mostly come in order: the cursor keeps the span of times whose last
/// sample it found last, so that a time inside it, or inside the next, costs comparisons,
/// not a division.
///
/// The simulator's runner, its tally and a trace's session ask at every input and every
/// advance: most inputs fall in the sample of the one before (a scroll's frames, several
/// to a sample), and many advances in the next. The engine asks its ``SampleGrid``
/// directly, once per advance.
package struct SampleCursor: Sendable {
    /// The grid the samples are on.
    package let grid: SampleGrid
    /// The attoseconds `start ..< end` within which `sample` is the last sample at or
    /// before a time; empty before the first lookup.
    private var start: Int128 = 0
    private var end: Int128 = 0
    private var sample = -1

    /// A cursor on `grid`.
    package init(grid: SampleGrid) {
        self.grid = grid
    }

    /// ``SampleGrid/lastSample(atOrBefore:)`` of `time`.
    @inline(__always)
    package mutating func lastSample(atOrBefore time: Duration) -> Int {
        let attoseconds = time.totalAttoseconds
        if attoseconds >= start {
            if attoseconds < end { return sample }
            // The next span: `end` is at most the time's attoseconds here, so one more
            // interval fits; the span before the grid's last index is found by division.
            let nextEnd = end &+ grid.intervalAttoseconds
            if attoseconds < nextEnd && sample < Int.max - 2 {
                (start, end, sample) = (end, nextEnd, sample + 1)
                return sample
            }
        }
        return moveSpan(to: time)
    }

    /// Finds the last sample at or before `time` on the grid, and the span of times that
    /// share it.
    private mutating func moveSpan(to time: Duration) -> Int {
        let found = grid.lastSample(atOrBefore: time)
        sample = found
        if found < 0 {
            (start, end) = (.min, 0)
        } else {
            // At most the time's attoseconds, so the product fits; the last index the grid
            // gives stands for every later time.
            start = grid.intervalAttoseconds * Int128(found)
            end = found == Int.max - 1 ? .max : start + grid.intervalAttoseconds
        }
        return found
    }
}
