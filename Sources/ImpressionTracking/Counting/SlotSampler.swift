/// The per-slot counters and the hot loop of a sample: which sections near the viewport
/// are visible, how their runs grow, and what they report.
///
/// Free of the section id type, like ``SectionGeometry``: this is the code every sample
/// runs, so it is compiled once, optimised, in this module. It reports by slot
/// (``Record``); the engine turns records into events with ids only when there are any.
struct SlotSampler: Sendable {
    /// What the engine's visits mean for a sample.
    struct Visits: Sendable {
        /// The current visit.
        var current: Int
        /// Runs that ended before this sample are void: a visit started.
        var runsValidFrom: Int
        /// What fired in an earlier visit than this is forgotten.
        var firstRemembered: Int
    }

    /// Counters by slot, parallel to the layout.
    var states: [SectionState] = []
    /// With exposure signals, the signals' counters by slot, parallel to `states`; empty
    /// without, so that an engine that does not measure them holds nothing for them.
    var signalStates: [SignalCounters] = []
    /// Slots visible at the last sample evaluated: their runs are open.
    var slotsInRun: [Int32] = []
    /// What the last evaluation reported, in order once `sortRecords()` ran.
    var records: [Record] = []
    /// The first sample after the last one evaluated at which a visible section completes
    /// its run, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    var measurer = VisibilityMeasurer()
    // Scratch buffers, kept between samples so a steady sample does not allocate.
    private(set) var candidates: [Int32] = []
    private(set) var openRuns: [Int32] = []

    /// Evaluates sample `first` section by section, then the samples after it up to
    /// `last` at once: nothing changes between them, so each visible section's count
    /// just grows by one per sample. Appends to `records`.
    ///
    /// - Parameter speed: with exposure signals, the viewport's speed at `first` (the
    ///   samples after it are still); `nil` measures none.
    mutating func evaluate(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                           geometry: SectionGeometry, visits: Visits, recordingVisibility: Bool, speed: Double? = nil) {
        guard let speed else {
            evaluate(from: first, through: last, on: screen, geometry: geometry, visits: visits,
                     recordingVisibility: recordingVisibility, signals: WithoutSignals.self, speed: 0)
            return
        }
        evaluateWithSignals(from: first, through: last, on: screen, geometry: geometry, visits: visits,
                            recordingVisibility: recordingVisibility, speed: speed)
    }

    /// The loop with exposure signals, apart: inlined next to the loop without them, it
    /// would make the code every sample without them runs bigger, and slower.
    @inline(never)
    private mutating func evaluateWithSignals(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                                              geometry: SectionGeometry, visits: Visits, recordingVisibility: Bool,
                                              speed: Double) {
        evaluate(from: first, through: last, on: screen, geometry: geometry, visits: visits,
                 recordingVisibility: recordingVisibility, signals: WithSignals.self, speed: speed)
    }

    /// The loop of ``evaluate(from:through:on:geometry:visits:recordingVisibility:speed:)``,
    /// made once with exposure signals and once without.
    @inline(__always)
    private mutating func evaluate<Mode: SignalMode>(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                                                     geometry: SectionGeometry, visits: Visits, recordingVisibility: Bool,
                                                     signals: Mode.Type, speed: Double) {
        candidates.clear()
        nextFiringSample = nil
        withStates(Mode.self) { sampler, states, signalStates in
            sampler.beginRuns()
            // The sections visible from `first` to `last`.
            if let screen {
                geometry.index.collect(intersecting: screen.effectiveViewport, into: &sampler.candidates)
                for slot in sampler.candidates {
                    let slot = Int(slot)
                    guard let ratio = sampler.measurer.ratio(ofSlot: slot, in: geometry, on: screen) else { continue }
                    // The parts just measured are the section's: their area is its share.
                    let signals = Mode.measures
                        ? SignalInput(sample: SignalCounters.Sample(
                                          share: sampler.measurer.areaOfCollectedParts() / screen.effectiveViewport.area,
                                          speed: speed),
                                      counters: signalStates, index: slot)
                        : nil
                    sampler.sample(slot: slot, ratio: ratio, states: states, geometry: geometry, from: first, through: last,
                                   visits: visits, recordingVisibility: recordingVisibility, signals: signals)
                }
            }
            sampler.endRunsNotSeen(at: first, states: states, signalStates: signalStates,
                                   recordingVisibility: recordingVisibility)
        }
    }

    /// Runs `body` with the counters as one buffer, checked unique once rather than at
    /// every write (the check is a runtime call, per section and policy at every sample),
    /// and with signals (`Mode`), the signals' counters likewise; without, an empty buffer.
    @inline(__always)
    private mutating func withStates<Mode: SignalMode>(
        _ mode: Mode.Type,
        _ body: (inout SlotSampler, UnsafeMutableBufferPointer<SectionState>, UnsafeMutableBufferPointer<SignalCounters>)
            -> Void
    ) {
        var states: [SectionState] = []
        swap(&states, &self.states)
        defer { swap(&states, &self.states) }
        guard Mode.measures else {
            states.withUnsafeMutableBufferPointer { body(&self, $0, UnsafeMutableBufferPointer(start: nil, count: 0)) }
            return
        }
        var signalStates: [SignalCounters] = []
        swap(&signalStates, &self.signalStates)
        defer { swap(&signalStates, &self.signalStates) }
        states.withUnsafeMutableBufferPointer { states in
            signalStates.withUnsafeMutableBufferPointer { body(&self, states, $0) }
        }
    }

    /// Starts a sample: the runs open so far move to `openRuns`, and `slotsInRun` fills
    /// with the sections visible now.
    @inline(__always)
    private mutating func beginRuns() {
        swap(&openRuns, &slotsInRun)
        slotsInRun.clear()
    }

    /// Samples section `slot`
    /// (``count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``), noting
    /// its run and when it completes. Each section near the viewport once per sample, in screen
    /// order.
    @inline(__always)
    private mutating func sample(slot: Int, ratio: Double, states: UnsafeMutableBufferPointer<SectionState>,
                                 geometry: SectionGeometry, from first: Int, through last: Int, visits: Visits,
                                 recordingVisibility: Bool, signals: SignalInput?) {
        let (counts, completion) = Self.count(&states[slot], slot: slot, ratio: ratio, policy: geometry.policy(ofSlot: slot),
                                              from: first, through: last, visits: visits,
                                              recordingVisibility: recordingVisibility, signals: signals) { records.append($0) }
        if let completion { nextFiringSample = min(nextFiringSample ?? completion, completion) }
        if counts { slotsInRun.append(Int32(slot)) }
    }

    /// Notes in `state` (the counters of the section in `slot` under `policy`) that `ratio`
    /// of it showed at sample `first` and, when that meets the policy (the entry ratio, or
    /// only the exit ratio once it is counting: hysteresis), counts it visible from `first`
    /// to `last`: its run grows, completes and fires, handing what it reports to `record`.
    ///
    /// Returns whether it counts as visible (its run is open), and the sample at which its
    /// run completes if nothing changes, when that is still ahead. The code every sample
    /// runs per section and policy, shared by one engine and a multi-policy engine's policies.
    ///
    /// With exposure signals (`signals`: what the sample brings besides the ratio, and the
    /// section's signal counters), the samples also add to the signals of the visit
    /// (``SignalCounters``); an exit then reports them up to the sample before it, an
    /// impression up to its own.
    @inline(__always)
    static func count(_ state: inout SectionState, slot: Int, ratio: Double, policy: ResolvedPolicy,
                      from first: Int, through last: Int, visits: Visits, recordingVisibility: Bool,
                      signals: SignalInput? = nil,
                      record: (Record) -> Void) -> (counts: Bool, completion: Int?) {
        if ratio > state.highestRatio { state.highestRatio = ratio }
        // `state` in place: a copy out and back would write every line of the counters,
        // where a steady sample changes two fields, and the extra writes miss the cache.
        let counting = state.continuesRun(into: first, runsValidFrom: visits.runsValidFrom)
        guard ratio >= (counting ? policy.exitRatio : policy.entryRatio) else {
            if let signals { countBelowPolicy(&state, slot: slot, ratio: ratio, signals, from: first, through: last,
                                              visits: visits, recordingVisibility: recordingVisibility, record: record) }
            return (false, nil)
        }
        if counting {
            state.consecutiveSamples = SectionState.saturatingSum(state.consecutiveSamples, 1)
        } else {
            if state.hasOpenRun(at: first) {
                // Open until a visit started: that run ends here, a new one begins.
                state.endRun()
                if recordingVisibility {
                    record(.exit(of: .slot(slot), ending: state, signals: signals.map { $0.counters[$0.index] },
                                 at: first))
                }
            }
            state.startRun(at: first, visit: visits.current)
            if recordingVisibility { record(.entry(ofSlot: slot, at: first, ratio: ratio, visit: visits.current)) }
        }
        let extraSamples = last - first
        let countAtFirst = state.consecutiveSamples
        let (grown, overflow) = countAtFirst.addingReportingOverflow(extraSamples)
        state.consecutiveSamples = overflow ? Int.max : grown
        state.lastVisibleSample = last

        var completion: Int?
        if !state.completedDuringRun && mayFire(state, recurrence: policy.recurrence, visits: visits) {
            // The run completes the duration at this sample, if within reach.
            let countedAtFirst = state.countedSamples(run: countAtFirst, accumulating: policy.accumulatesTime)
            let missing = max(0, policy.requiredSamples - countedAtFirst)
            if missing <= extraSamples {
                // Spent, fired or not: a completion in the cooldown is dropped, not delayed.
                state.completedDuringRun = true
                let sample = first + missing
                state.completionFired = !state.isCoolingDown(at: sample, cooldownSamples: policy.cooldownSamples,
                                                             firstRememberedVisit: visits.firstRemembered)
                if state.completionFired {
                    state.lastFiredVisit = visits.current
                    state.lastFiredSample = sample
                    // The signals up to the sample it fires at (the counters are still those before `first`).
                    let signalsThen = signals.map {
                        $0.counters[$0.index].inVisit(visits.current).adding(
                            missing &+ 1, through: sample, ratio: ratio, $0.sample, metPolicy: true,
                            runSamples: SectionState.saturatingSum(countAtFirst, missing))
                    }
                    record(.impression(ofSlot: slot, at: sample, ratio: ratio, countedSamples: countedAtFirst + missing,
                                       visit: visits.current, signals: signalsThen ?? SignalCounters()))
                }
            } else {
                // Past the last representable sample it never fires; in the cooldown,
                // it completes without a report.
                let (firing, overflow) = first.addingReportingOverflow(missing)
                if !overflow && !state.isCoolingDown(at: firing, cooldownSamples: policy.cooldownSamples,
                                                     firstRememberedVisit: visits.firstRemembered) {
                    completion = firing
                }
            }
        }
        // Last: the exit of a voided run and the impression report the signals before.
        if let signals {
            signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current).adding(
                extraSamples &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: true,
                runSamples: state.consecutiveSamples)
        }
        return (true, completion)
    }

    /// Notes in `state` samples `first` to `last` of a section in view that does not meet
    /// its policy, with exposure signals: its open run ends here, its exit reporting the
    /// signals up to the sample before, and then the samples add to the signals.
    @inline(never)
    private static func countBelowPolicy(_ state: inout SectionState, slot: Int, ratio: Double,
                                         _ signals: SignalInput, from first: Int, through last: Int,
                                         visits: Visits, recordingVisibility: Bool, record: (Record) -> Void) {
        if state.hasOpenRun(at: first) {
            state.endRun()
            if recordingVisibility {
                record(.exit(of: .slot(slot), ending: state, signals: signals.counters[signals.index], at: first))
            }
            // Ended: the end of the sample must not end it again.
            state.lastVisibleSample = Int.min
        }
        signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current)
            .adding(last &- first &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: false, runSamples: 0)
    }

    /// Ends the sample: the open runs of sections not visible at `first` end there (the
    /// visible ones were stamped with the last sample evaluated; those in view below their
    /// policy, with exposure signals, ended in ``count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``).
    @inline(__always)
    private mutating func endRunsNotSeen(at first: Int, states: UnsafeMutableBufferPointer<SectionState>,
                                         signalStates: UnsafeMutableBufferPointer<SignalCounters>,
                                         recordingVisibility: Bool) {
        for slot in openRuns where states[Int(slot)].hasOpenRun(at: first) {
            let slot = Int(slot)
            states[slot].endRun()
            if recordingVisibility {
                let signals = signalStates.isEmpty ? nil : signalStates[slot]
                records.append(.exit(of: .slot(slot), ending: states[slot], signals: signals, at: first))
            }
        }
    }

    /// Puts `records` in the order events are reported.
    mutating func sortRecords() {
        records.sort { $0.precedes($1) }
    }

    private static func mayFire(_ state: SectionState, recurrence: ImpressionPolicy.Recurrence, visits: Visits) -> Bool {
        switch recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: state.lastFiredVisit != visits.current
        case .oncePerTracker: state.lastFiredVisit < visits.firstRemembered
        }
    }
}

extension SlotSampler {
    /// What a sample in view brings to the exposure signals of one section (and policy),
    /// and where its signal counters are.
    struct SignalInput {
        var sample: SignalCounters.Sample
        /// The table of signal counters, parallel to the counters.
        var counters: UnsafeMutableBufferPointer<SignalCounters>
        /// The section's (and policy's) place in `counters`, that of its counters.
        var index: Int
    }

    /// What happened to a slot at a sample, in numbers.
    ///
    /// The engine turns records into impressions and events, with ids and durations, only
    /// when there are any.
    struct Record: Sendable {
        enum Kind: Int, Sendable {
            case exited = 0, entered = 1, impression = 2
        }

        /// Whom a record is about: a slot of the layout, or a section that left it.
        enum Subject: Sendable, Hashable {
            /// The section at this slot of the layout.
            case slot(Int)
            /// The section at this index among those whose runs the engine ended because
            /// they left the layout.
            case departed(Int)

            /// Departed sections first, in the order they left, then slots in layout order.
            func precedes(_ other: Subject) -> Bool {
                switch (self, other) {
                case (.departed(let index), .departed(let otherIndex)): index < otherIndex
                case (.departed, .slot): true
                case (.slot, .departed): false
                case (.slot(let slot), .slot(let otherSlot)): slot < otherSlot
                }
            }
        }

        var sample: Int
        var kind: Kind
        /// Whom the record is about.
        var subject: Subject
        /// Entry and impression: the visible ratio at the sample; 0 for an exit.
        var ratio: Double
        /// The visible samples of the run the record is about, up to its sample: 1 at an
        /// entry, the count it fired with at an impression (with cumulative timing, the
        /// visit's samples since the sum restarted), the whole run at an exit.
        var runSamples: Int
        /// Exit: the visible samples of the run's visit, over every run of it ended so far,
        /// this one included; 0 otherwise.
        var exposureSamples: Int
        /// Exit: the visit the run belonged to; otherwise the current visit.
        var visit: Int
        /// With exposure signals, those of the record's visit: up to the sample before an
        /// exit, up to an impression's sample; unused (visit 0) without.
        var signals: SignalCounters

        /// An exit's stay, in samples: every visible sample of the run counts one interval
        /// (``VisibilityEvent/exited(sectionID:time:stayDuration:totalVisibleDuration:visit:)``).
        var staySamples: Int { runSamples }

        /// An impression's visible duration, in intervals: `n` visible samples span `n - 1`
        /// of them (``Impression/visibleDuration``).
        var intervalsBeforeFiring: Int { runSamples - 1 }

        private init(sample: Int, kind: Kind, subject: Subject, ratio: Double = 0, runSamples: Int,
                     exposureSamples: Int = 0, visit: Int, signals: SignalCounters = SignalCounters()) {
            self.sample = sample
            self.kind = kind
            self.subject = subject
            self.ratio = ratio
            self.runSamples = runSamples
            self.exposureSamples = exposureSamples
            self.visit = visit
            self.signals = signals
        }

        /// The entry of a section at `sample`, the first of its run.
        static func entry(ofSlot slot: Int, at sample: Int, ratio: Double, visit: Int) -> Record {
            .init(sample: sample, kind: .entered, subject: .slot(slot), ratio: ratio, runSamples: 1, visit: visit)
        }

        /// The impression of a section at `sample`, where `countedSamples` visible samples
        /// count towards the duration.
        static func impression(ofSlot slot: Int, at sample: Int, ratio: Double, countedSamples: Int,
                               visit: Int, signals: SignalCounters) -> Record {
            .init(sample: sample, kind: .impression, subject: .slot(slot), ratio: ratio, runSamples: countedSamples, visit: visit,
                  signals: signals)
        }

        /// The exit, at `sample`, of the run `state` just ended, with the section's exposure
        /// signals when the engine measures them.
        static func exit(of subject: Subject, ending state: SectionState, signals: SignalCounters?,
                         at sample: Int) -> Record {
            .init(sample: sample, kind: .exited, subject: subject, runSamples: state.consecutiveSamples,
                  exposureSamples: state.exposureSamples, visit: state.exposureVisit,
                  signals: signals ?? SignalCounters())
        }

        /// Sample, then exits before entries before impressions, then departed sections
        /// in the order they left, then slot.
        func precedes(_ other: Record) -> Bool {
            if sample != other.sample { return sample < other.sample }
            if kind != other.kind { return kind.rawValue < other.kind.rawValue }
            return subject.precedes(other.subject)
        }
    }
}
