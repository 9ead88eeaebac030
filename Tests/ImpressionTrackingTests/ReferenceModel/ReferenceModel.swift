@testable import ImpressionTracking

// Here: its state, the lifecycle and the counting of samples. What the screen shows
// (inputs, geometry), the snapshot and validation are in ReferenceModel+*.swift.

/// A deliberately naive model of the engine, written straight from the rules the manual
/// states (ImpressionTracking.docc: The rules, Real screens, Exposure signals, defined),
/// with the real-screen features (scroll containers, viewport insets, obstructions, large
/// sections, hysteresis, visibility events) and the knobs (cumulative time, cooldown, the
/// load gate, hidden flags and opacity), and the exposure signals when asked for.
///
/// At every sample it scans every section and every cell: no index, no incremental state
/// beyond the open runs, the exposure per visit and the memory of what fired. It is slow
/// on purpose, so that it is obviously right; ``ImpressionEngine`` must produce exactly
/// what it produces. Ratios are computed as `numerator / denominator` with the numerator
/// and denominator computed directly from the rects, so integer-valued geometry gives
/// bit-identical `Double`s whatever algorithm the engine uses.
struct ReferenceModel<ID: Hashable & Sendable> {
    let policy: ImpressionPolicy
    let sampleInterval: Duration
    /// How many sections that left the layout keep their statistics (the engine's
    /// `rememberedSectionLimit`).
    let rememberedSectionLimit: Int
    /// Whether impressions, exits and statistics carry exposure signals.
    let measuresSignals: Bool
    /// The viewport's origin at the last sample evaluated, and its speed then: what the
    /// signals of the sample read (ReferenceModel+Signals).
    var originAtLastSample: Point?
    var speedAtSample = 0.0

    /// The latest time advanced to (never decreases).
    private(set) var time: Duration = .zero
    /// The number of samples evaluated so far; the next sample is at `index * interval`.
    private(set) var evaluatedSamples = 0
    private(set) var visit = 1
    /// Consecutive visible samples, ending at the last evaluated sample, by section id:
    /// the runs that continue into the next sample (a new visit empties it).
    private(set) var consecutiveSamples: [ID: Int] = [:]
    /// Every impression produced so far, in order.
    private(set) var fired: [Impression<ID>] = []
    /// Every event produced so far, in order.
    private(set) var events: [VisibilityEvent<ID>] = []
    /// Counts of situations the features create, to check that random sessions reach them.
    var stats = Stats()   // counted by ReferenceModel+Stats

    // What the screen shows, as last accepted: set by ReferenceModel+ScreenInputs, so
    // not private.
    var layout: [TrackedSection<ID>] = []
    /// The containers of the layout, by id, with their current content offsets.
    var containers: [String: ScrollContainer] = [:]
    /// Each section's default denominators, measured when the layout is set on its cells
    /// moved into root coordinates without clipping, at the content offsets given with
    /// the layout (later offsets do not change them): the height of their bounding box
    /// and their exact union area.
    var layoutMeasures: [ID: (height: Double, area: Double, width: Double)] = [:]
    var viewport: Rect?
    var insets = Insets.zero
    var obstructions: [Rect] = []
    /// Listed in the geometry, never subtracted.
    var friendlyObstructions: [FriendlyObstruction] = []
    /// Watches every section's geometry at every sample once set; see
    /// ReferenceModel+VisibleGeometry.
    var geometryWatcher: ReferenceGeometryWatcher<ID>?
    /// The geometry changes seen since they were last taken.
    var geometryChanges: [VisibleGeometry<ID>] = []

    private(set) var appeared = true
    private(set) var foreground = true
    private(set) var covered = false
    private(set) var refreshing = false
    private var coveredWhenBackgrounded = false
    /// Whether the user interacted: policies that require it count from then on.
    private(set) var interacted = false

    /// Ids whose current run of consecutive visible samples is spent: it completed the
    /// duration, and fired or was held back by the cooldown.
    private var spentRun: Set<ID> = []
    /// Ids whose cumulative sum restarts at their next entry: their last run was spent.
    private var restartSumAtEntry: Set<ID> = []
    /// Ids whose last completion fired (rather than being held back by the cooldown).
    private var lastCompletionFired: Set<ID> = []
    /// Visible samples of the current visit by id, since the visit started or the sum
    /// restarted: what cumulative timing counts (a new visit empties it).
    private(set) var visibleSamplesInVisit: [ID: Int] = [:]
    /// When each id last fired, since the last `reset()`: what the cooldown counts from.
    private(set) var lastFiredTime: [ID: Duration] = [:]
    /// What each id's statistics add up, since it first appeared (`SectionStatistics`):
    /// never reset, forgotten only when a section leaves the layout unseen.
    var seen: [ID: Seen] = [:]
    /// Ids that fired during the current visit.
    private(set) var firedDuringVisit: Set<ID> = []
    /// Ids that fired since the last `reset()` (or the start).
    private var firedSinceReset: Set<ID> = []
    /// React Native's `minimumViewTime`, for the sections whose policy's timing is checked
    /// at both ends (`ViewabilityHelper.onUpdate`, `_onUpdateSync`), one helper per wait
    /// in samples (the sections with one wait are one list): the last computed set of
    /// viewable ids (`_viewableIndices`), the timers set (`_timers`), each due at a time
    /// and holding the set computed when it was set, and the ids reported viewable
    /// (`_viewableItems`).
    struct ViewabilityHelper {
        var viewableIDs: Set<ID> = []
        var timers: [(due: Duration, setAt: Duration, viewable: Set<ID>)] = []
        var reportedViewable: Set<ID> = []
    }
    private var helpers: [Int: ViewabilityHelper] = [:]

    /// Whether `id` fired since the last `reset()` (or the start).
    func hasFiredSinceReset(_ id: ID) -> Bool { firedSinceReset.contains(id) }
    /// Whether `id`'s last run completed the duration, so that its cumulative sum (and,
    /// while it goes on, its run) counts toward nothing until its next entry.
    func isSumRestartingAtEntry(_ id: ID) -> Bool { restartSumAtEntry.contains(id) }
    /// Whether `id`'s last run is spent (``isSumRestartingAtEntry(_:)``) by an impression,
    /// not held back by the cooldown.
    func isSpentByImpression(_ id: ID) -> Bool { restartSumAtEntry.contains(id) && lastCompletionFired.contains(id) }

    /// A run of visible samples not yet reported as exited.
    struct Run {
        var length: Int
        /// The visit in which the run started.
        var visit: Int
    }

    /// Open runs by id, including those voided by a new visit and those of sections that
    /// left the layout: each is reported as exited at the next sample that does not
    /// continue it.
    private(set) var openRuns: [ID: Run] = [:]
    /// The samples of `id`'s run open at the last sample evaluated (voided by a new visit
    /// or not, in the layout or not); 0 when none is.
    func openRunLength(of id: ID) -> Int { openRuns[id]?.length ?? 0 }

    /// Visible samples of ended runs, by id, for the runs started in `visit`.
    private var exposure: [ID: (visit: Int, samples: Int)] = [:]

    /// The sections that left the layout seen, and keep their statistics, in the order
    /// they left, each with the policy it left under.
    var rememberedDepartures: [(id: ID, policy: ImpressionPolicy)] = []
    /// The sections that left the layout whose statistics were forgotten, each with the
    /// policy it left under: when it comes back, only what that policy's rules still
    /// need of it is kept.
    var forgottenDepartures: [ID: ImpressionPolicy] = [:]

    init(policy: ImpressionPolicy = .default, sampleInterval: Duration = .milliseconds(100),
         rememberedSectionLimit: Int = ImpressionEngine<ID>.defaultRememberedSectionLimit,
         measuresExposureSignals: Bool = false) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        self.rememberedSectionLimit = rememberedSectionLimit
        measuresSignals = measuresExposureSignals
    }

    var isActive: Bool { appeared && foreground && !covered && !refreshing }

    // MARK: - Lifecycle

    mutating func appear() {
        guard !appeared else { return }
        appeared = true
        startVisit()
    }

    mutating func disappear() {
        appeared = false
    }

    mutating func enterBackground() {
        guard foreground else { return }
        foreground = false
        coveredWhenBackgrounded = covered
    }

    mutating func enterForeground() {
        guard !foreground else { return }
        foreground = true
        if !coveredWhenBackgrounded { startVisit() }
    }

    mutating func setCovered(_ isCovered: Bool) {
        covered = isCovered
    }

    mutating func beginRefresh() {
        refreshing = true
    }

    mutating func endRefresh() {
        guard refreshing else { return }
        refreshing = false
        startVisit()
    }

    /// The user's first interaction; never undone, not even by `reset()`.
    mutating func interact() {
        interacted = true
    }

    /// Whether `policy` still waits for the user's first interaction.
    func waitsForInteraction(_ policy: ImpressionPolicy) -> Bool {
        policy.requiresInteraction && !interacted
    }

    mutating func reset() {
        spentRun = []
        firedDuringVisit = []
        firedSinceReset = []
        lastFiredTime = [:]
        startVisit()
    }

    /// A new visit: every count and every cumulative sum restarts. Open runs are void;
    /// they are reported as exited at the next sample (and re-entered there if still visible).
    private mutating func startVisit() {
        visit += 1
        consecutiveSamples = [:]
        spentRun = []
        firedDuringVisit = []
        visibleSamplesInVisit = [:]
        restartSumAtEntry = []
        // Each helper forgets its sets, but stays: its list is still there.
        for wait in helpers.keys { helpers[wait] = ViewabilityHelper() }
    }

    // MARK: - Time

    /// Evaluates every sample at or before `target` not yet evaluated, in order, and
    /// returns the impressions.
    mutating func advance(to target: Duration) -> [Impression<ID>] {
        advanceWithEvents(to: target).compactMap(\.impression)
    }

    /// Evaluates every sample at or before `target` not yet evaluated, in order, and
    /// returns every event.
    mutating func advanceWithEvents(to target: Duration) -> [VisibilityEvent<ID>] {
        var result: [VisibilityEvent<ID>] = []
        while sampleInterval * evaluatedSamples <= target {
            noteViewportSpeed()
            if geometryWatcher != nil {
                let sampleTime = sampleInterval * evaluatedSamples
                geometryChanges += geometryWatcher!.changes(to: visibleGeometries(at: sampleTime), at: sampleTime)
            }
            result += evaluateSample(at: sampleInterval * evaluatedSamples)
            evaluatedSamples += 1
        }
        if target > time { time = target }
        events += result
        fired += result.compactMap(\.impression)
        return result
    }

    private mutating func evaluateSample(at sampleTime: Duration) -> [VisibilityEvent<ID>] {
        var departedExits: [(key: String, event: VisibilityEvent<ID>)] = []
        var exits: [VisibilityEvent<ID>] = []
        var entries: [VisibilityEvent<ID>] = []
        var impressions: [VisibilityEvent<ID>] = []
        var newCounts: [ID: Int] = [:]
        var newRuns: [ID: Run] = [:]
        var visibleRatioNow: [ID: Double] = [:]
        var visibleByWait: [Int: Set<ID>] = [:]

        // Open runs of sections no longer in the layout end here.
        let present = Set(layout.map(\.id))
        for (id, run) in openRuns where !present.contains(id) {
            departedExits.append((String(describing: id), endRun(id, run, at: sampleTime)))
        }

        for section in layout {
            let id = section.id
            let sectionPolicy = section.policy ?? policy
            let measured = isActive ? measure(section, policy: sectionPolicy) : nil
            if let measured { seen[id]!.highestRatio = max(seen[id]!.highestRatio, min(1, measured.ratio)) }
            let continuing = consecutiveSamples[id] != nil
            let entryRatio = self.entryRatio(of: section, policy: sectionPolicy)
            let required = continuing ? min(entryRatio, sectionPolicy.exitVisibleRatio ?? entryRatio) : entryRatio
            // Waiting for the interaction, a section in view meets no policy that requires it.
            let gated = !continuing && waitsForInteraction(sectionPolicy)
            if gated, let measured, measured.ratio >= required { stats.waitedForInteraction += 1 }
            if let measured, (measured.ratio >= required) != (measured.exactRatio >= required) { stats.decidedByRounding += 1 }
            guard let measured, measured.ratio >= required, !gated else {
                if let run = openRuns[id] { exits.append(endRun(id, run, at: sampleTime)) }
                // In view below the policy: after the exit, which reports the samples before.
                if let measured { noteInView(id, measured, metPolicy: false) }
                continue
            }
            let ratio = min(1, measured.ratio)
            record(measured, section: section, policy: sectionPolicy, entryRatio: entryRatio, continuing: continuing)

            var run: Run
            if continuing, let open = openRuns[id] {
                run = open
                run.length += 1
            } else {
                // A run voided by a new visit ends here, and a new one starts.
                if let voided = openRuns[id] { exits.append(endRun(id, voided, at: sampleTime)) }
                run = Run(length: 1, visit: visit)
                spentRun.remove(id)
                if restartSumAtEntry.remove(id) != nil { visibleSamplesInVisit[id] = nil }
                entries.append(.entered(sectionID: id, time: sampleTime, visibleRatio: ratio, visit: visit))
                seen[id]!.entries += 1
            }
            noteInView(id, measured, metPolicy: true)
            seen[id]!.visibleSamples += 1
            if seen[id]!.visibleSamplesInVisit.visit != visit { seen[id]!.visibleSamplesInVisit = (visit, 0) }
            seen[id]!.visibleSamplesInVisit.samples += 1
            newRuns[id] = run
            newCounts[id] = run.length
            visibleSamplesInVisit[id, default: 0] += 1

            // The samples that count: this run's, or every visible one of the visit since
            // the sum restarted.
            // Checked at both ends, a section fires only at a timer (below).
            if sectionPolicy.timing == .checkedAtBothEnds {
                visibleRatioNow[id] = ratio
                visibleByWait[sectionPolicy.requiredSamples(sampleInterval: sampleInterval) - 1, default: []].insert(id)
                continue
            }
            let counted = sectionPolicy.timing == .cumulative ? visibleSamplesInVisit[id, default: 0] : run.length
            let requiredSamples = sectionPolicy.requiredSamples(sampleInterval: sampleInterval)
            guard counted >= requiredSamples, !spentRun.contains(id) else { continue }
            guard mayFire(id, sectionPolicy) else { continue }
            // Complete: the run is spent, fired or not, and the sum restarts at the next entry.
            spentRun.insert(id)
            restartSumAtEntry.insert(id)
            if isCoolingDown(id, sectionPolicy, at: sampleTime) {
                stats.heldBackByCooldown += 1
                lastCompletionFired.remove(id)
                continue
            }
            lastCompletionFired.insert(id)
            if counted > run.length { stats.firedOverSeveralRuns += 1 }
            if lastFiredTime[id] != nil && sectionPolicy.cooldown > .zero { stats.firedAgainAfterCooldown += 1 }
            impressions.append(.impression(Impression(
                sectionID: id,
                time: sampleTime,
                visibleRatio: ratio,
                visibleDuration: sampleInterval * (counted - 1),
                visit: visit, signals: measuresSignals ? signals(of: id, inVisit: visit, reportedAt: evaluatedSamples) : nil)))
            firedDuringVisit.insert(id)
            firedSinceReset.insert(id)
            lastFiredTime[id] = sampleTime
        }
        // A list whose sections' policies are checked at both ends: the policy's, and
        // those of every section's own policy a layout held.
        if policy.timing == .checkedAtBothEnds, helpers[policy.requiredSamples(sampleInterval: sampleInterval) - 1] == nil {
            helpers[policy.requiredSamples(sampleInterval: sampleInterval) - 1] = ViewabilityHelper()
        }
        for section in layout where section.policy?.timing == .checkedAtBothEnds {
            let wait = section.policy!.requiredSamples(sampleInterval: sampleInterval) - 1
            if helpers[wait] == nil { helpers[wait] = ViewabilityHelper() }
        }
        if !helpers.isEmpty {
            for wait in helpers.keys.sorted() {
                impressions += onUpdate(wait: wait, viewable: visibleByWait[wait] ?? [], ratios: visibleRatioNow,
                                        openRunsNow: newCounts, at: sampleTime)
            }
            // Those of sections whose own policy is continuous or cumulative came first:
            // all of them are reported in layout order.
            let order = Dictionary(layout.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            impressions = impressions.sorted { order[$0.impression!.sectionID]! < order[$1.impression!.sectionID]! }
        }
        // Every id not visible at this sample (including ids missing from the layout)
        // has a count of 0, which ends its run.
        consecutiveSamples = newCounts
        openRuns = newRuns
        spentRun = spentRun.filter { newCounts[$0] != nil }
        departedExits.sort { $0.key < $1.key }
        forgetOldestDepartures()
        return departedExits.map(\.event) + exits + entries + impressions
    }

    // MARK: - Sections that left

    /// While more departed sections keep their statistics than the limit allows, forgets
    /// those of the one that left first, unless its run is still open (its exit reports
    /// them at the next sample): after every layout and every sample.
    mutating func forgetOldestDepartures() {
        while rememberedDepartures.count > rememberedSectionLimit, openRuns[rememberedDepartures[0].id] == nil {
            let (id, policy) = rememberedDepartures.removeFirst()
            seen[id] = nil
            forgottenDepartures[id] = policy
            stats.forgottenSections += 1
        }
    }

    /// A section whose statistics were forgotten (or that left unseen) comes back: of
    /// what it fired and of its visit's visible time, only what the rules of `policy`,
    /// which it left under, still need stays. Its statistics start again (``seen``), and
    /// so does the exposure its exits report.
    mutating func restoreForgotten(_ id: ID, leftUnder policy: ImpressionPolicy) {
        exposure[id] = nil
        let nextSampleTime = sampleInterval * evaluatedSamples
        let lastImpressionNeeded = firedSinceReset.contains(id) && (
            policy.recurrence == .oncePerTracker
                || (policy.recurrence == .oncePerVisit && firedDuringVisit.contains(id))
                || lastFiredTime[id].map { nextSampleTime - $0 < policy.cooldown } ?? false)
        if lastImpressionNeeded {
            stats.lastImpressionKeptAfterForgetting += 1
        } else if firedSinceReset.contains(id) {
            stats.lastImpressionDroppedAfterForgetting += 1
        }
        if !lastImpressionNeeded {
            firedDuringVisit.remove(id)
            firedSinceReset.remove(id)
            lastFiredTime[id] = nil
        }
        if policy.timing != .cumulative {
            visibleSamplesInVisit[id] = nil
            restartSumAtEntry.remove(id)
        }
    }

    /// The exit of `run`, adding it to the exposure of the visit it started in.
    private mutating func endRun(_ id: ID, _ run: Run, at sampleTime: Duration) -> VisibilityEvent<ID> {
        var total = run.length
        if let earlier = exposure[id], earlier.visit == run.visit { total += earlier.samples }
        exposure[id] = (run.visit, total)
        return .exited(sectionID: id, time: sampleTime, stayDuration: sampleInterval * run.length,
                       totalVisibleDuration: sampleInterval * total, visit: run.visit,
                       signals: measuresSignals ? signals(of: id, inVisit: run.visit, reportedAt: evaluatedSamples) : nil)
    }

    // MARK: - Checked at both ends

    /// Whether the recurrence of `sectionPolicy` lets `id` fire now.
    private func mayFire(_ id: ID, _ sectionPolicy: ImpressionPolicy) -> Bool {
        switch sectionPolicy.recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: !firedDuringVisit.contains(id)
        case .oncePerTracker: !firedSinceReset.contains(id)
        }
    }

    /// Whether the cooldown of `sectionPolicy` since `id`'s last impression still runs at `sampleTime`.
    private func isCoolingDown(_ id: ID, _ sectionPolicy: ImpressionPolicy, at sampleTime: Duration) -> Bool {
        lastFiredTime[id].map { sampleTime - $0 < sectionPolicy.cooldown } ?? false
    }

    /// React Native's `onUpdate` at a sample, with `viewable` the ids viewable now (their
    /// ratios in `ratios`): when the set changed, a timer is set for `minimumViewTime`
    /// later (the first sample at or after it), holding the set; then the timers due run
    /// `_onUpdateSync`, in the order they were set.
    /// `openRunsNow` holds each visible id's run length, for the statistics.
    private mutating func onUpdate(wait: Int, viewable: Set<ID>, ratios: [ID: Double], openRunsNow: [ID: Int],
                                   at sampleTime: Duration) -> [VisibilityEvent<ID>] {
        var helper = helpers[wait]!
        defer { helpers[wait] = helper }
        if viewable != helper.viewableIDs {
            helper.viewableIDs = viewable
            // The first sample at or after `minimumViewTime` later: `wait` samples on.
            helper.timers.append((due: sampleTime + sampleInterval * wait, setAt: sampleTime, viewable: viewable))
        }
        var impressions: [VisibilityEvent<ID>] = []
        while let timer = helper.timers.first, timer.due <= sampleTime {
            helper.timers.removeFirst()
            // `_onUpdateSync`: filter out the ids gone out of view since the timer was set.
            let next = timer.viewable.intersection(helper.viewableIDs)
            for section in layout where next.contains(section.id) && !helper.reportedViewable.contains(section.id) {
                let id = section.id
                let sectionPolicy = section.policy ?? policy
                guard mayFire(id, sectionPolicy) else { continue }
                // Reported: its run is spent, fired or held back, as a completed run is.
                spentRun.insert(id)
                restartSumAtEntry.insert(id)
                if isCoolingDown(id, sectionPolicy, at: sampleTime) {
                    stats.heldBackByCooldown += 1
                    lastCompletionFired.remove(id)
                    continue
                }
                lastCompletionFired.insert(id)
                impressions.append(.impression(Impression(
                    sectionID: id, time: sampleTime, visibleRatio: ratios[id]!,
                    visibleDuration: sampleTime - timer.setAt, visit: visit, signals: nil)))
                firedDuringVisit.insert(id)
                firedSinceReset.insert(id)
                lastFiredTime[id] = sampleTime
                stats.firedAtBothEnds += 1
                if sampleInterval * (openRunsNow[id].map { $0 - 1 } ?? 0) < sampleTime - timer.setAt {
                    stats.firedAfterComingBack += 1
                }
            }
            // Reported ids not in `next` are reported not viewable: a leaving.
            helper.reportedViewable = next
        }
        return impressions
    }
}
