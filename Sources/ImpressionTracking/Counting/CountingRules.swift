/// The rules a sample applies to one section under one policy, as the manual's "The
/// rules" states them: pure functions of the section's counters (``SectionCounters``), the
/// ratio the sample measured, the section's resolved policy and the engine's visits.
///
/// - Counting: a section counts as visible at a sample when its ratio meets the policy's
///   entry ratio, or, once counting, its exit ratio (hysteresis). A run is the visible
///   samples in a row; a visit that starts voids the runs before it. A policy that
///   requires the user's first interaction lets no run start before it.
/// - Durations: a run completes when its samples (with cumulative timing, those of the
///   visit's earlier runs too) reach the policy's required samples; it completes once.
/// - Recurrence: a run may complete only while the policy's recurrence allows another
///   impression (``mayFire(_:recurrence:visits:)``): on every entry, once per visit, or
///   once per tracker.
/// - Cooldown: a completion within the cooldown of the last impression is spent without
///   firing: dropped, not delayed.
/// - Exposure signals, when measured, add up every sample in view, counting or not.
///
/// The loop that applies them to every section near the viewport is ``CountingLoop``;
/// where the counters are kept is ``CounterTable``.
enum CountingRules {
    /// What the engine's visits mean for a sample.
    struct Visits: Sendable {
        /// The current visit.
        var current: Int
        /// Runs that ended before this sample are void: a visit started.
        var runsValidFrom: Int
        /// What fired in an earlier visit than this is forgotten.
        var firstRemembered: Int
        /// No interaction yet: a policy that requires one lets nothing enter.
        var waitingForInteraction = false
    }

    /// What a sample in view brings to the exposure signals of one section under one
    /// policy, and where its signal counters are.
    struct SignalInput {
        var sample: SignalCounters.Sample
        /// The table of signal counters, parallel to the counters.
        var counters: UnsafeMutableBufferPointer<SignalCounters>
        /// The section's place in `counters` under the policy, that of its counters.
        var index: Int
    }

    /// Whether `counters` is in an open run at `nextSample`: visible at the sample before.
    @inline(__always)
    static func isInRun(_ counters: SectionCounters, before nextSample: Int) -> Bool {
        counters.lastVisibleSample == nextSample &- 1
    }

    /// Notes in `counters` (the section in `slot`'s, under `policy`) that `ratio`
    /// of it showed at sample `first` and, when that meets the policy (the entry ratio, or
    /// only the exit ratio once it is counting: hysteresis), counts it visible from `first`
    /// to `last`: its run grows, completes and fires, handing what it reports to `record`.
    ///
    /// Returns whether it counts as visible (its run is open), and the sample at which its
    /// run completes if nothing changes, when that is still ahead. The code every sample
    /// runs per section and policy.
    ///
    /// With exposure signals (`signals`: what the sample brings besides the ratio, and the
    /// section's signal counters), the samples also add to the signals of the visit
    /// (``SignalCounters``); an exit then reports them up to the sample before it, an
    /// impression up to its own.
    @inline(__always)
    static func count(_ counters: inout SectionCounters, slot: Int, ratio: Double, policy: UnsafePointer<ResolvedPolicy>,
                      from first: Int, through last: Int, visits: Visits, recordingVisibility: Bool,
                      signals: SignalInput? = nil,
                      record: (SampleRecord, _ signals: SignalCounters?) -> Void) -> (counts: Bool, completion: Int?) {
        if ratio > counters.highestRatio { counters.highestRatio = ratio }
        // `counters` in place, never copied out and back: see ``CountingLoop``, note 5.
        let counting = counters.continuesRun(into: first, runsValidFrom: visits.runsValidFrom)
        // The interaction gate is read only on entry: no run opens while it is closed, and
        // once open it stays open, so a run that continues never meets it.
        guard ratio >= (counting ? policy.pointee.exitRatio : policy.pointee.entryRatio),
              counting || !(visits.waitingForInteraction && policy.pointee.requiresInteraction) else {
            if let signals { countBelowPolicy(&counters, slot: slot, ratio: ratio, signals, from: first, through: last,
                                              visits: visits, recordingVisibility: recordingVisibility, record: record) }
            return (false, nil)
        }
        if counting {
            counters.consecutiveSamples = SectionCounters.saturatingSum(counters.consecutiveSamples, 1)
        } else {
            if counters.hasOpenRun(at: first) {
                // Open until a visit started: that run ends here, a new one begins.
                counters.endRun()
                if recordingVisibility {
                    record(.exit(of: .slot(slot), ending: counters, at: first), signals.map { $0.counters[$0.index] })
                }
            }
            counters.startRun(at: first, visit: visits.current)
            if recordingVisibility { record(.entry(ofSlot: slot, at: first, ratio: ratio, visit: visits.current), nil) }
        }
        let extraSamples = last - first
        let countAtFirst = counters.consecutiveSamples
        let (grown, overflow) = countAtFirst.addingReportingOverflow(extraSamples)
        counters.consecutiveSamples = overflow ? Int.max : grown
        counters.lastVisibleSample = last

        var completion: Int?
        // Checked at both ends, a run never completes: the engine's checks fire.
        if !counters.completedDuringRun && !policy.pointee.checksBothEnds
            && mayFire(counters, recurrence: policy.pointee.recurrence, visits: visits) {
            // The run completes the duration at this sample, if within reach.
            let countedAtFirst = counters.countedSamples(run: countAtFirst, accumulating: policy.pointee.accumulatesTime)
            let missing = max(0, policy.pointee.requiredSamples - countedAtFirst)
            if missing <= extraSamples {
                // Spent, fired or not: a completion in the cooldown is dropped, not delayed.
                counters.completedDuringRun = true
                let sample = first + missing
                counters.completionFired = !counters.isCoolingDown(at: sample, cooldownSamples: policy.pointee.cooldownSamples,
                                                             firstRememberedVisit: visits.firstRemembered)
                if counters.completionFired {
                    counters.lastFiredVisit = visits.current
                    counters.lastFiredSample = sample
                    // The signals up to the sample it fires at (the counters are still those before `first`).
                    let signalsThen = signals.map {
                        $0.counters[$0.index].inVisit(visits.current).adding(
                            missing &+ 1, through: sample, ratio: ratio, $0.sample, metPolicy: true,
                            runSamples: SectionCounters.saturatingSum(countAtFirst, missing))
                    }
                    record(.impression(ofSlot: slot, at: sample, ratio: ratio, countedSamples: countedAtFirst + missing,
                                       visit: visits.current), signalsThen)
                }
            } else {
                // Past the last representable sample it never fires; in the cooldown,
                // it completes without a report.
                let (firing, overflow) = first.addingReportingOverflow(missing)
                if !overflow && !counters.isCoolingDown(at: firing, cooldownSamples: policy.pointee.cooldownSamples,
                                                     firstRememberedVisit: visits.firstRemembered) {
                    completion = firing
                }
            }
        }
        // Last: the exit of a voided run and the impression report the signals before.
        if let signals {
            signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current).adding(
                extraSamples &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: true,
                runSamples: counters.consecutiveSamples)
        }
        return (true, completion)
    }

    /// Notes in `counters` samples `first` to `last` of a section in view that does not meet
    /// its policy, with exposure signals: its open run ends here, its exit reporting the
    /// signals up to the sample before, and then the samples add to the signals.
    @inline(never)
    private static func countBelowPolicy(_ counters: inout SectionCounters, slot: Int, ratio: Double,
                                         _ signals: SignalInput, from first: Int, through last: Int,
                                         visits: Visits, recordingVisibility: Bool,
                                         record: (SampleRecord, _ signals: SignalCounters?) -> Void) {
        if counters.hasOpenRun(at: first) {
            counters.endRun()
            if recordingVisibility {
                record(.exit(of: .slot(slot), ending: counters, at: first), signals.counters[signals.index])
            }
            // Ended: the end of the sample must not end it again.
            counters.lastVisibleSample = Int.min
        }
        signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current)
            .adding(last &- first &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: false, runSamples: 0)
    }

    /// Whether the policy's recurrence lets a run of the section whose counters are
    /// `counters` complete in the current visit: always on every entry, once per visit, or
    /// once per tracker (forgetting what fired before the first remembered visit).
    static func mayFire(_ counters: SectionCounters, recurrence: ImpressionPolicy.Recurrence, visits: Visits) -> Bool {
        switch recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: counters.lastFiredVisit != visits.current
        case .oncePerTracker: counters.lastFiredVisit < visits.firstRemembered
        }
    }
}
