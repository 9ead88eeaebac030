/// The loop a sample runs: which sections near the viewport are visible under each
/// policy, measured once per way of measuring (measure group), counted by
/// ``CountingRules``, their reports appended to the counters' records; then the runs of
/// the sections no longer visible end.
///
/// A value of it is what the loop keeps between samples and reports, kept in the
/// ``CounterTable`` it runs over (its ``CounterTable/loop``): the open runs, the records
/// of the last sample, and its scratch (the candidates near the viewport, the runs open
/// before the sample, what was measured, the measurer). Its functions are static and take
/// that table; inside the loop over sections, the scratch, the runs and the records are
/// reached through one base, the loop (note 7).
///
/// ## What the optimiser needs
///
/// This is the code every sample runs, and its shape is what keeps a steady sample's
/// instructions where `Benchmarks/instruction-counts.sh` shows them, and its mallocs at 0
/// (`Benchmarks/check-allocations.sh`). Each choice below was measured there:
///
/// 1. **One loop, four copies.** The loop is generic over its ``LoopVariant`` and each
///    copy is a function of its own (`@inline(never)`): inlined side by side into one
///    caller they made it too big for the small calls they make to be inlined in turn,
///    and the copies with signals would make the code every sample without them runs
///    bigger, and slower.
/// 2. **Constants from the type, not captured.** Inside the loop's closure the variant's
///    answers are read from the type again: a closure that is not inlined takes captured
///    values as values, and the compiler then makes one copy of it for both counts of
///    policies, looping over one policy at run time.
/// 3. **Tables as buffers, moved, not copied.** ``withTables(_:firstGroup:table:_:)``
///    moves the buffers the variant reads out of the counters and back: each write to an
///    array checks it unique and each read is bounds-checked, a cost per section and
///    policy. Only those the variant reads are moved (each move is paid at every sample);
///    the policies' lists are read in place (moving them released a stand-in per sample).
/// 4. **The first measure group by value, the others in place.** A geometry read from a
///    stored property or an array element and handed to the measurer is copied, every
///    table retained and released, per candidate and group. So
///    ``evaluate(from:through:on:groups:table:visits:reusingRatios:recordingVisibility:speed:)`` takes
///    the ``MeasureGroups`` whole and hands the loop group 0's geometry and the others'
///    list apart, once per evaluation.
/// 5. **Counters in place.** ``CountingRules/count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``
///    takes a section's counters `inout`: a copy out and back writes every line of them,
///    where a steady sample changes two fields, and the extra writes miss the cache.
/// 6. **Scratch kept.** The buffers here only grow, to the most candidates seen, so that
///    a steady sample does not allocate.
/// 7. **One base, apart from the tables.** The loop over sections reaches the scratch, the
///    open runs and the records through one `inout`, the loop: with the scratch a second
///    `inout` beside it, the loop over policies with signals spilled more registers; with
///    the whole table as that base, the tables moved out could have been written in the
///    meantime, and putting them back cost a release of the stand-in at every sample.
/// 8. **One call of the loop's body.** Every branch that calls the body closure from both
///    sides doubles the code it is inlined into; the counters, always read, are handed
///    over from one place. The body stays a closure the optimiser places: inlined by force
///    into every copy, it made the copies for several policies dearer.
///
/// ## A sample at which no input arrived
///
/// A ratio is a function of the layout's geometry and the screen alone, and every input
/// that changes either notes a change in the engine's inputs
/// (``EngineInputs/changedSinceSample``: the screen and lifecycle by their own setters,
/// the layout's through ``MeasureGroups``, whose every input takes the inputs to note
/// it). So at a sample with no input since the last one evaluated, the candidates near
/// the viewport and their ratios are those of that sample: the loop keeps them
/// (`candidates`, `measuredRatios`, `measuredShares`, by candidate and measure group) and
/// counts from them without asking the spatial index or measuring. Only the ratio is
/// reused: the rules still run, so what depends on time alone (durations, cooldowns, the
/// checks at both ends) keeps moving with time.
struct CountingLoop: Sendable {
    /// Slots visible under some policy at the last sample evaluated: some run of theirs is open.
    var slotsInRun = ScratchList<Int32>()
    /// What the last evaluation reported, in the order it is reported
    /// (``CounterTable/PolicyRecord/precedes(_:)``) once ``sortRecords()`` ran.
    private(set) var records: [CounterTable.PolicyRecord] = []
    /// With exposure signals, those the records carry (``SampleRecord/signalsIndex``).
    private(set) var recordSignals: [SignalCounters] = []
    /// The first sample after the last one evaluated at which a visible section completes
    /// its run under some policy, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    /// The slots near the viewport at the sample evaluated.
    private(set) var candidates = ScratchList<Int32>()
    /// The slots with a run open before the sample evaluated: the counters' `slotsInRun`,
    /// taken while the loop refills those.
    private(set) var openRuns = ScratchList<Int32>()
    private var measurer = VisibilityMeasurer()
    /// The candidates' ratios (NaN where nothing shows) and, with exposure signals, screen
    /// shares at the last sample measured, `groupCount` per candidate, in the order of
    /// `candidates`: written as they are measured, read again at a sample that reuses them.
    private var measuredRatios: [Double] = []
    private var measuredShares: [Double] = []
    /// Whether `candidates`, `measuredRatios` and `measuredShares` are those of the last
    /// sample evaluated, measured on a screen: false until a sample measures, and after a
    /// sample at which nothing could be seen.
    private(set) var hasCurrentRatios = false

    /// Forgets the ratios kept: the next sample measures, whatever its inputs.
    mutating func forgetRatios() {
        hasCurrentRatios = false
    }

    /// Evaluates sample `first` section by section under every policy, then the samples
    /// after it up to `last` at once: nothing changes between them, so each visible
    /// section's count just grows by one per sample. Appends to `counters`' records.
    ///
    /// Each section near `screen`'s viewport is measured once per measure group of
    /// `groups`, and each policy counts from its group's ratio; then the open runs of the
    /// sections no longer visible end.
    ///
    /// - Parameters:
    ///   - reusingRatios: whether no input arrived since the last sample evaluated: the
    ///     candidates and ratios it measured, when it measured any, are then this sample's.
    ///   - speed: with exposure signals, the viewport's speed at `first` (the samples after
    ///     it are still); `nil` measures none.
    @inline(__always)
    static func evaluate<ID>(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                             groups: inout MeasureGroups<ID>, table: inout CounterTable,
                             visits: CountingRules.Visits, reusingRatios: Bool, recordingVisibility: Bool,
                             speed: Double?) {
        let onePolicy = table.policyCount == 1
        // The loop takes group 0 by value and the others in place (note 4).
        switch (speed != nil, onePolicy) {
        case (false, true):
            run(OnePolicy.self, from: first, through: last, on: screen, firstGroup: groups.layout.geometry,
                otherGroups: &groups.others, table: &table, visits: visits,
                reusingRatios: reusingRatios, recordingVisibility: recordingVisibility, speed: 0)
        case (false, false):
            run(SeveralPolicies.self, from: first, through: last, on: screen, firstGroup: groups.layout.geometry,
                otherGroups: &groups.others, table: &table, visits: visits,
                reusingRatios: reusingRatios, recordingVisibility: recordingVisibility, speed: 0)
        case (true, true):
            run(OnePolicyWithSignals.self, from: first, through: last, on: screen, firstGroup: groups.layout.geometry,
                otherGroups: &groups.others, table: &table, visits: visits,
                reusingRatios: reusingRatios, recordingVisibility: recordingVisibility, speed: speed ?? 0)
        case (true, false):
            run(SeveralPoliciesWithSignals.self, from: first, through: last, on: screen,
                firstGroup: groups.layout.geometry, otherGroups: &groups.others, table: &table, visits: visits,
                reusingRatios: reusingRatios, recordingVisibility: recordingVisibility, speed: speed ?? 0)
        }
    }

    /// The loop of ``evaluate(from:through:on:groups:table:visits:reusingRatios:recordingVisibility:speed:)``,
    /// written once, made for each ``LoopVariant`` (note 1): `firstGroup` is group 0's
    /// geometry and `otherGroups` the others' (``MeasureGroups/others``).
    @inline(never)
    private static func run<Variant: LoopVariant>(
        _ variant: Variant.Type, from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
        firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], table: inout CounterTable,
        visits: CountingRules.Visits, reusingRatios: Bool, recordingVisibility: Bool, speed: Double
    ) {
        // One policy: each section is measured as it is counted, nothing to share.
        // Otherwise every candidate is measured first, each way once.
        let measuresFirst = !Variant.hasOnePolicy
        // No input since the sample that measured them: its candidates and ratios stand.
        let reuses = reusingRatios && table.loop.hasCurrentRatios && screen != nil
        table.loop.nextFiringSample = nil
        swap(&table.loop.openRuns, &table.loop.slotsInRun)
        table.loop.slotsInRun.removeAll()
        if !reuses {
            table.loop.candidates.removeAll()
            table.loop.hasCurrentRatios = screen != nil
            if let screen {
                firstGroup.index.collect(intersecting: screen.effectiveViewport, into: &table.loop.candidates)
                let groupCount = Variant.groupCount(of: table)
                reserveMeasures(Variant.self, count: table.loop.candidates.count &* groupCount,
                                ratios: &table.loop.measuredRatios, shares: &table.loop.measuredShares)
                if measuresFirst {
                    measure(Variant.self, table.loop.candidates, groupCount: groupCount, on: screen,
                            firstGroup: firstGroup, otherGroups: &otherGroups, ratios: &table.loop.measuredRatios,
                            shares: &table.loop.measuredShares, measurer: &table.loop.measurer)
                }
            }
        }
        var nextFiring: Int?
        withTables(Variant.self, firstGroup: firstGroup, table: &table) {
            loop, buffers in
            // From the type, not captured (note 2).
            let policyCount = Variant.hasOnePolicy ? 1 : buffers.policyCount
            let groupCount = Variant.hasOnePolicy ? 1 : buffers.groupCount
            if screen != nil {
                for index in loop.candidates.indices {
                    let slot = Int(loop.candidates[index])
                    var ratioAsCounted = Double.nan, shareAsCounted = 0.0
                    if Variant.hasOnePolicy {
                        if reuses {
                            ratioAsCounted = buffers.ratios[index]
                            guard !ratioAsCounted.isNaN else { continue }
                            if Variant.measuresSignals { shareAsCounted = buffers.shares[index] }
                        } else {
                            guard let screen, let measured = loop.measurer.ratio(ofSlot: slot, in: firstGroup, on: screen)
                            else {
                                buffers.ratios[index] = .nan
                                continue
                            }
                            ratioAsCounted = measured
                            buffers.ratios[index] = measured
                            // The parts just measured are the section's: their area is its share.
                            if Variant.measuresSignals {
                                shareAsCounted = loop.measurer.areaOfCollectedParts() / screen.effectiveViewport.area
                                buffers.shares[index] = shareAsCounted
                            }
                        }
                    }
                    let measuredAt = index &* groupCount
                    let firstCounter = slot &* policyCount
                    var counts = false
                    for policyIndex in 0..<policyCount {
                        let group = buffers.group(ofPolicy: policyIndex)
                        let ratio = Variant.hasOnePolicy ? ratioAsCounted : buffers.ratios[measuredAt &+ group]
                        guard !ratio.isNaN else { continue }
                        let counterIndex = firstCounter &+ policyIndex
                        let signals = Variant.measuresSignals
                            ? CountingRules.SignalInput(
                                sample: SignalCounters.Sample(
                                    share: Variant.hasOnePolicy ? shareAsCounted : buffers.shares[measuredAt &+ group],
                                    speed: speed),
                                counters: buffers.signalCounters, index: counterIndex)
                            : nil
                        let (policyCounts, completion) = CountingRules.count(
                            &buffers.counters[counterIndex], slot: slot, ratio: ratio,
                            policy: buffers.policy(ofSlot: slot, counterIndex: counterIndex, firstGroup: firstGroup),
                            from: first, through: last, visits: visits, recordingVisibility: recordingVisibility,
                            signals: signals) { loop.append($0, signals: $1, policyIndex: policyIndex) }
                        if let completion { nextFiring = min(nextFiring ?? completion, completion) }
                        counts = counts || policyCounts
                    }
                    if counts { loop.slotsInRun.append(Int32(slot)) }
                }
            }
            endRunsNotSeen(at: first, policyCount: policyCount, counters: buffers.counters,
                                signalCounters: Variant.measuresSignals ? buffers.signalCounters : nil,
                                loop: &loop, recordingVisibility: recordingVisibility)
        }
        table.loop.nextFiringSample = nextFiring
    }

    /// Measures `candidates` under every measure group, `firstGroup` then `otherGroups`:
    /// candidate `i`'s ratio under group `g` (NaN where nothing shows) and, with signals,
    /// its screen share go to `ratios` and `shares` at `i * groupCount + g`. What shows of
    /// a candidate is collected once, and stays in the measurer for the other groups.
    ///
    /// Static, the first group passed as a value and the others read in place (note 4).
    private static func measure<Variant: LoopVariant>(
        _ variant: Variant.Type, _ candidates: ScratchList<Int32>, groupCount: Int, on screen: VisibilityMeasurer.Screen,
        firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], ratios: inout [Double],
        shares: inout [Double], measurer: inout VisibilityMeasurer
    ) {
        let viewportArea = screen.effectiveViewport.area
        ratios.withUnsafeMutableBufferPointer { ratios in
            shares.withMutableBuffer { shares in
                otherGroups.withMutableBuffer { otherGroups in
                    for index in candidates.indices {
                        let slot = Int(candidates[index])
                        let at = index &* groupCount
                        var shared = VisibilityMeasurer.SharedMeasures()
                        let ratio = measurer.ratio(ofSlot: slot, in: firstGroup, on: screen, sharing: &shared)
                        ratios[at] = ratio ?? .nan
                        if Variant.measuresSignals, ratio != nil {
                            shares[at] = measurer.visibleArea(ofSlot: slot, in: firstGroup, on: screen,
                                                              sharing: &shared) / viewportArea
                        }
                        for group in otherGroups.indices {
                            // Once the candidate's parts are collected, a measure group without
                            // gates hands over only its policy and denominator; the others are
                            // measured in place, which copies the geometry per candidate.
                            let ratio = if shared.hasCollectedParts && otherGroups[group].gateTable == nil {
                                measurer.ratio(fromCollected: &shared, policy: otherGroups[group].policy(ofSlot: slot),
                                               denominator: otherGroups[group].denominators[slot], on: screen)
                            } else {
                                otherGroups[group].ratio(ofSlot: slot, on: screen, with: &measurer, sharing: &shared)
                            }
                            ratios[at &+ group &+ 1] = ratio ?? .nan
                            if Variant.measuresSignals, ratio != nil {
                                shares[at &+ group &+ 1] = otherGroups[group].visibleArea(
                                    ofSlot: slot, on: screen, with: &measurer, sharing: &shared) / viewportArea
                            }
                        }
                    }
                }
            }
        }
    }

    /// Grows `ratios` and, with signals, `shares` to hold `count` measures: they only grow,
    /// so that a sample does not allocate once they reached the most candidates seen.
    @inline(__always)
    private static func reserveMeasures<Variant: LoopVariant>(_ variant: Variant.Type, count: Int,
                                                              ratios: inout [Double], shares: inout [Double]) {
        if ratios.count < count {
            ratios.append(contentsOf: repeatElement(.nan, count: count &- ratios.count))
        }
        if Variant.measuresSignals && shares.count < count {
            shares.append(contentsOf: repeatElement(0, count: count &- shares.count))
        }
    }

    /// The tables the loop reads and writes per section and policy, as buffers (note 3).
    private struct Buffers<Variant: LoopVariant> {
        var counters: UnsafeMutableBufferPointer<SectionCounters>
        /// Empty without signals.
        var signalCounters: UnsafeMutableBufferPointer<SignalCounters>
        /// Every policy's policies (with one policy, its measure group's list).
        var policies: UnsafeBufferPointer<ResolvedPolicy>
        /// Empty with one policy.
        var lanes: UnsafeBufferPointer<CounterTable.Lane>
        /// Empty with one policy.
        var policyOfCounter: UnsafeBufferPointer<Int32>
        /// The candidates' ratios and, with signals, screen shares, `groupCount` per
        /// candidate: written by ``measure(_:_:groupCount:on:firstGroup:otherGroups:ratios:shares:measurer:)``
        /// before the loop, or by the loop as it measures each section with one policy, or
        /// kept from the last sample when it reuses them.
        var ratios: UnsafeMutableBufferPointer<Double>
        var shares: UnsafeMutableBufferPointer<Double>
        /// The table's numbers of policies and of measure groups.
        var policyCount: Int
        var groupCount: Int

        /// The measure group policy `policyIndex` measures in: the only one with one policy.
        @inline(__always)
        func group(ofPolicy policyIndex: Int) -> Int {
            Variant.hasOnePolicy ? 0 : Int(lanes[policyIndex].group)
        }

        /// Where the policy of the section in `slot` is, its counters at `counterIndex`:
        /// its place, not a copy, since a rule reads one or two of its fields. A lone
        /// policy's list is its measure group's own, resolved under it.
        @inline(__always)
        func policy(ofSlot slot: Int, counterIndex: Int, firstGroup: SectionGeometry) -> UnsafePointer<ResolvedPolicy> {
            policies.baseAddress.unsafelyUnwrapped
                + (Variant.hasOnePolicy ? Int(firstGroup.policyIndices[slot]) : Int(policyOfCounter[counterIndex]))
        }
    }

    /// Runs `body` with the table's loop and the tables as buffers, moved out of `table`
    /// and its scratch and back, not copied: no retain, and a uniqueness check once rather
    /// than at every write (note 3). Only those the variant reads are moved: the ratios
    /// measured, with signals the signals' counters and the screen shares, with several
    /// policies their lanes and policy per counter; the others are handed over as empty
    /// buffers.
    @inline(__always)
    private static func withTables<Variant: LoopVariant>(
        _ variant: Variant.Type, firstGroup: SectionGeometry, table: inout CounterTable,
        _ body: (inout CountingLoop, Buffers<Variant>) -> Void
    ) {
        var counters: [SectionCounters] = [], signalCounters: [SignalCounters] = []
        // Read only: taken as they are, not moved out and back. One policy's are its
        // measure group's, read from the geometry the caller holds: not even retained.
        let policies = Variant.hasOnePolicy ? firstGroup.policies : table.policies
        var lanes: [CounterTable.Lane] = []
        var ratios: [Double] = [], shares: [Double] = [], policyOfCounter: [Int32] = []
        swapTables(Variant.self, table: &table, &counters, &signalCounters, &lanes, &policyOfCounter, &ratios, &shares)
        defer {
            swapTables(Variant.self, table: &table, &counters, &signalCounters, &lanes, &policyOfCounter, &ratios, &shares)
        }
        // Without sections there is nothing to count, and no run open. With them, `body` is
        // called from one place, not from both sides of a test for an empty table (note 8).
        guard !counters.isEmpty else { return }
        counters.withUnsafeMutableBufferPointer { counters in
            signalCounters.withMutableBuffer { signalCounters in
                policies.withUnsafeBufferPointer { policies in
                    lanes.withMutableBuffer { lanes in
                        ratios.withMutableBuffer { ratios in
                            shares.withMutableBuffer { shares in
                                policyOfCounter.withMutableBuffer { policyOfCounter in
                                    body(&table.loop,
                                         Buffers(counters: counters, signalCounters: signalCounters, policies: policies,
                                                lanes: UnsafeBufferPointer(lanes),
                                                policyOfCounter: UnsafeBufferPointer(policyOfCounter),
                                                ratios: ratios, shares: shares, policyCount: table.policyCount,
                                                groupCount: table.groupCount))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Swaps the tables ``withTables(_:firstGroup:table:_:)`` moves with these.
    @inline(__always)
    private static func swapTables<Variant: LoopVariant>(
        _ variant: Variant.Type, table: inout CounterTable, _ counters: inout [SectionCounters],
        _ signalCounters: inout [SignalCounters], _ lanes: inout [CounterTable.Lane],
        _ policyOfCounter: inout [Int32], _ ratios: inout [Double], _ shares: inout [Double]
    ) {
        swap(&counters, &table.counters)
        if Variant.measuresSignals {
            swap(&signalCounters, &table.signals)
            swap(&shares, &table.loop.measuredShares)
        }
        if !Variant.hasOnePolicy {
            swap(&lanes, &table.lanes)
            swap(&policyOfCounter, &table.policyOfCounter)
        }
        swap(&ratios, &table.loop.measuredRatios)
    }

    /// Ends the runs open before `first` of the sections not visible at it, policy by
    /// policy (the visible ones were stamped with the last sample evaluated; those in view
    /// below their policy, with exposure signals, ended in
    /// ``CountingRules/count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``);
    /// their exits carry `signalCounters` when the engine measures signals.
    @inline(__always)
    private static func endRunsNotSeen(at first: Int, policyCount: Int, counters: UnsafeMutableBufferPointer<SectionCounters>,
                                signalCounters: UnsafeMutableBufferPointer<SignalCounters>?,
                                loop: inout CountingLoop, recordingVisibility: Bool) {
        for slot in loop.openRuns {
            let slot = Int(slot)
            for policyIndex in 0..<policyCount {
                let counterIndex = slot &* policyCount &+ policyIndex
                guard CountingRules.isInRun(counters[counterIndex], before: first) else { continue }
                counters[counterIndex].endRun()
                if recordingVisibility {
                    loop.append(.exit(of: .slot(slot), ending: counters[counterIndex], at: first),
                                    signals: signalCounters.map { $0[counterIndex] }, policyIndex: policyIndex)
                }
            }
        }
    }

    // MARK: - Records

    /// Forgets the records of the last evaluation.
    mutating func clearRecords() {
        records.clear()
        recordSignals.clear()
    }

    /// Appends `record` about policy `policyIndex`, and the exposure signals it carries, if any.
    @inline(__always)
    mutating func append(_ record: SampleRecord, signals: SignalCounters?, policyIndex: Int) {
        var record = record
        if let signals {
            record.signalsIndex = Int32(truncatingIfNeeded: recordSignals.count)
            recordSignals.append(signals)
        }
        records.append(CounterTable.PolicyRecord(policyIndex: policyIndex, record: record))
    }

    /// Puts the records in the order they are reported: sample, then policy, then each
    /// policy's order within the sample.
    mutating func sortRecords() {
        // Usually there is nothing, or one record, or they are in order already: sorting
        // would move each record out and back even so.
        guard records.count > 1,
              records.indices.dropFirst().contains(where: { records[$0].precedes(records[$0 &- 1]) }) else { return }
        records.sort { $0.precedes($1) }
    }
}
