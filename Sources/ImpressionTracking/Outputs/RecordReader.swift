/// What the records of an engine's last evaluation say in ids and durations: the
/// impressions and events they become.
///
/// A value of its own, taken from the engine once per report, rather than methods on the
/// engine: a report calls a caller's closures between records, and an engine method
/// called there makes the compiler copy the whole engine for every record.
struct RecordReader<ID: Hashable & Sendable> {
    /// The layout's ids, by slot.
    let ids: [ID]
    /// The departed sections whose exits the evaluation recorded
    /// (``DepartedSections/exitedSections``); a multi-policy engine switches them from one
    /// policy's records to the next.
    var departedExits: [ID]
    let sampleInterval: Duration
    /// `sampleInterval` in attoseconds, saturated (``ImpressionEngine``'s).
    let sampleIntervalAttoseconds: Int128

    func sectionID(of record: SlotSampler.Record) -> ID {
        switch record.subject {
        case .slot(let slot): ids[slot]
        case .departed(let index): departedExits[index]
        }
    }

    /// The impression `record` reports, under the policy with index `policy`.
    func impression(from record: SlotSampler.Record, policy: Int = 0) -> Impression<ID> {
        Impression(sectionID: sectionID(of: record), time: duration(ofSamples: record.sample),
                   visibleRatio: record.ratio, visibleDuration: duration(ofSamples: record.intervalsBeforeFiring),
                   visit: record.visit, policy: policy)
    }

    /// The event `record` reports, under the policy with index `policy`.
    func event(from record: SlotSampler.Record, policy: Int = 0) -> VisibilityEvent<ID> {
        switch record.kind {
        case .exited:
            .exited(sectionID: sectionID(of: record), time: duration(ofSamples: record.sample),
                    stayDuration: duration(ofSamples: record.staySamples),
                    totalVisibleDuration: duration(ofSamples: record.exposureSamples), visit: record.visit,
                    policy: policy)
        case .entered:
            .entered(sectionID: sectionID(of: record), time: duration(ofSamples: record.sample),
                     visibleRatio: record.ratio, visit: record.visit, policy: policy)
        case .impression:
            .impression(impression(from: record, policy: policy))
        }
    }

    /// `sampleInterval * samples`; see ``duration(ofSamples:interval:attoseconds:)``.
    @inline(__always)
    func duration(ofSamples samples: Int) -> Duration {
        Self.duration(ofSamples: samples, interval: sampleInterval, attoseconds: sampleIntervalAttoseconds)
    }

    /// `interval * samples` (`attoseconds` being `interval`'s, saturated), without the
    /// generic integer conversion of `Duration * Int`, which every record of every policy
    /// would pay.
    @inline(__always)
    static func duration(ofSamples samples: Int, interval: Duration, attoseconds: Int128) -> Duration {
        // The fast path takes products whose seconds fit an Int64 (every interval up to a
        // second), from an interval below the saturation of `attoseconds`.
        let (product, overflow) = attoseconds.multipliedReportingOverflow(by: Int128(samples))
        if !overflow && attoseconds < saturatedAttoseconds {
            let (seconds, remainder) = product.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
            if let seconds = Int64(exactly: seconds) {
                return Duration(secondsComponent: seconds, attosecondsComponent: Int64(remainder))
            }
        }
        return interval * samples
    }

    private static var saturatedAttoseconds: Int128 { Int128(Int64.max) * 1_000_000_000_000_000_000 }
}
