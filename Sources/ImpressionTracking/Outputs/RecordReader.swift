/// What the records of an engine's last evaluation say in ids and durations: the
/// impressions and events they become.
///
/// A value of its own, taken from the engine once per report, rather than methods on the
/// engine: a report calls a caller's closures between records, and an engine method
/// called there makes the compiler copy the whole engine for every record.
struct RecordReader<ID: Hashable & Sendable> {
    /// The layout's ids, by slot.
    let ids: [ID]
    /// Every policy's departed sections: a record about a departed section names it among
    /// its policy's ``DepartedSections/exitedSections``.
    let departed: [DepartedSections<ID>]
    /// The exposure signals the records carry (``CounterTable/recordSignals``).
    let signals: [SignalCounters]
    /// When the samples are.
    let grid: SampleGrid
    /// The session every impression names.
    let session: String?
    /// The engine's policies: what each impression is reported under.
    let policies: PolicyList

    /// The section `record`, about policy `policy`, names.
    func sectionID(of record: SampleRecord, policy: Int) -> ID {
        switch record.subject {
        case .slot(let slot): ids[slot]
        case .departed(let index): departed[policy].exitedSections[index]
        }
    }

    /// The impression `record` reports, under the policy with index `policy`.
    func impression(from record: SampleRecord, policy: Int) -> Impression<ID> {
        Impression(sectionID: sectionID(of: record, policy: policy), time: duration(ofSamples: record.sample),
                   visibleRatio: record.ratio, visibleDuration: duration(ofSamples: record.intervalsBeforeFiring),
                   visit: record.visit, policy: policy, signals: signals(of: record), sample: record.sample,
                   session: session, policyDefinition: policies[policy])
    }

    /// The exposure signals `record` carries; `nil` when the engine measures none, or when
    /// a departed section's were forgotten (their visit is 0 then: a record with signals
    /// has been in view in a visit).
    @inline(__always)
    func signals(of record: SampleRecord) -> ExposureSignals? {
        guard record.signalsIndex >= 0 else { return nil }
        let counters = signals[Int(record.signalsIndex)]
        return counters.visit == 0 ? nil : counters.signals(interval: grid.interval, reportedAt: record.sample)
    }

    /// The event `record` reports, under the policy with index `policy`.
    func event(from record: SampleRecord, policy: Int) -> VisibilityEvent<ID> {
        switch record.kind {
        case .exited:
            .exited(sectionID: sectionID(of: record, policy: policy), time: duration(ofSamples: record.sample),
                    stayDuration: duration(ofSamples: record.staySamples),
                    totalVisibleDuration: duration(ofSamples: record.exposureSamples), visit: record.visit,
                    policy: policy, signals: signals(of: record))
        case .entered:
            .entered(sectionID: sectionID(of: record, policy: policy), time: duration(ofSamples: record.sample),
                     visibleRatio: record.ratio, visit: record.visit, policy: policy)
        case .impression:
            .impression(impression(from: record, policy: policy))
        }
    }

    /// `samples` intervals, as a duration.
    @inline(__always)
    func duration(ofSamples samples: Int) -> Duration {
        grid.time(ofSample: samples)
    }
}
