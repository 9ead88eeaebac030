/// The times an engine samples at, `0, Δ, 2Δ, ...` for an interval `Δ`: the one place
/// where a time becomes a sample index and an index a time, for the engine and for what
/// drives it (the simulator advances its engine only when a sample falls due; a replay
/// names the sample an input comes before).
package struct SampleGrid: Sendable, Hashable {
    /// The time between two samples.
    package let interval: Duration
    /// `interval` in attoseconds, saturated beyond 2^63 seconds.
    package let intervalAttoseconds: Int128
    /// `interval` in nanoseconds when it is a whole number of them that fits an `Int64`
    /// (any interval an app picks), else 0.
    @usableFromInline let intervalNanoseconds: Int64
    /// `interval` in attoseconds when they fit a `UInt64` (intervals up to 18 seconds), else 0.
    @usableFromInline let intervalAttoseconds64: UInt64

    /// The grid of a positive `interval`.
    package init(interval: Duration) {
        self.interval = interval
        intervalAttoseconds = interval.totalAttoseconds
        let (nanoseconds, remainder) = intervalAttoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        intervalNanoseconds = remainder == 0 ? Int64(exactly: nanoseconds) ?? 0 : 0
        intervalAttoseconds64 = UInt64(exactly: intervalAttoseconds) ?? 0
    }

    /// The index of the last sample at or before `time`, or -1 before the first; at most
    /// `Int.max - 1`, so that the index after it is representable.
    @inlinable @inline(__always)
    package func lastSample(atOrBefore time: Duration) -> Int {
        let attoseconds = time.totalAttoseconds
        // The sign of the attoseconds, not `Duration`'s `<`, which is a call.
        guard attoseconds >= 0 else { return -1 }
        // While the interval's attoseconds fit 64 bits and so does the quotient (any time
        // below 2^64 intervals), the floor is one 128-by-64-bit hardware division, where
        // Int128's is a library call.
        if intervalAttoseconds64 != 0 {
            let high = UInt64(truncatingIfNeeded: attoseconds >> 64)
            if high < intervalAttoseconds64 {
                let index = intervalAttoseconds64.dividingFullWidth((high, UInt64(truncatingIfNeeded: attoseconds))).quotient
                return index >= UInt64(Int.max - 1) ? Int.max - 1 : Int(truncatingIfNeeded: index)
            }
        }
        let index = attoseconds / intervalAttoseconds
        return index >= Int128(Int.max - 1) ? Int.max - 1 : Int(index)
    }

    /// The time of sample `index`, `interval * index`, saturating rather than trapping
    /// for indices past the end of time; without the generic integer conversion of
    /// `Duration * Int`, which every record of every policy would pay.
    @inline(__always)
    package func time(ofSample index: Int) -> Duration {
        // In nanoseconds, while they fit an Int64 (292 years): 64-bit products and a
        // division by a constant, where attoseconds need 128-bit ones, per record reported.
        if intervalNanoseconds != 0 {
            let (nanoseconds, overflow) = intervalNanoseconds.multipliedReportingOverflow(by: Int64(index))
            if !overflow {
                let (seconds, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
                return Duration(secondsComponent: seconds, attosecondsComponent: remainder * 1_000_000_000)
            }
        }
        // The next path takes products whose seconds fit an Int64 (every interval up to a
        // second), from an interval below the saturation of `intervalAttoseconds`.
        let (product, overflow) = intervalAttoseconds.multipliedReportingOverflow(by: Int128(index))
        if !overflow && intervalAttoseconds < Duration.saturatedAttoseconds {
            let (seconds, remainder) = product.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
            if let seconds = Int64(exactly: seconds) {
                return Duration(secondsComponent: seconds, attosecondsComponent: Int64(remainder))
            }
        }
        return interval * index
    }
}
