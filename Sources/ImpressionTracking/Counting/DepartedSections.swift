/// The sections that left the layout while the engine still owes them something: the
/// memory of what fired, the exposure of the visit, the exit of a run, or their
/// statistics.
///
/// A lazy list reports only what it shows, so sections leave and come back all the time.
/// Their counters wait here, by id, until they come back or are no longer worth keeping
/// (``Retention``). A run that was open when its section left ends at the first sample
/// evaluated after, before every other exit, in the order the sections left.
///
/// What the rules need is kept exactly, however many sections leave. Statistics are not:
/// at most ``statisticsLimit`` departed sections keep theirs, and past it the one that
/// left first is forgotten (``forgetOldest(_:)``) but for what its rules still need, so
/// that an engine fed an endless feed stays within bounded memory.
struct DepartedSections<ID: Hashable & Sendable>: Sendable {
    /// What makes the counters of a departed section worth keeping, as of the engine's
    /// next sample.
    struct Retention: Sendable {
        /// The current visit.
        var visit: Int
        /// What fired in an earlier visit than this is forgotten (``ImpressionEngine/reset()``).
        var firstRememberedVisit: Int
        /// The next sample the engine evaluates.
        var nextSample: Int

        /// Whether `entry` is worth keeping: it has its statistics, or its rules need
        /// something of it.
        func keeps(_ entry: Entry) -> Bool {
            entry.hasStatistics || rulesNeed(entry.state, under: entry.rules)
        }

        /// Whether `rules` still need the last impression of `state`: it forbids another
        /// (once per visit, in this visit; once per tracker, since the last reset), or its
        /// cooldown still runs at the next sample.
        func needsLastImpression(_ state: SectionCounters, under rules: Rules) -> Bool {
            guard state.lastFiredVisit >= firstRememberedVisit else { return false }
            switch rules.recurrence {
            case .oncePerTracker: return true
            case .oncePerVisit where state.lastFiredVisit == visit: return true
            case .oncePerVisit, .onEveryEntry:
                return state.isCoolingDown(at: nextSample, cooldownSamples: rules.cooldownSamples,
                                           firstRememberedVisit: firstRememberedVisit)
            }
        }

        /// Whether `rules` still need the visible time `state` adds up: cumulative timing
        /// counts the visit's earlier runs.
        func needsVisitTime(_ state: SectionCounters, under rules: Rules) -> Bool {
            rules.accumulatesTime && state.exposureVisit == visit
        }

        /// Whether `rules` need anything of `state`: its run is open (even one a new visit
        /// voided, it owes its exit), or its last impression or visit time still counts.
        func rulesNeed(_ state: SectionCounters, under rules: Rules) -> Bool {
            state.hasOpenRun(at: nextSample) || needsLastImpression(state, under: rules)
                || needsVisitTime(state, under: rules)
        }

        /// The counters of a section that comes back at `time` after its statistics were
        /// forgotten: fresh ones, but for what `rules` still need of `state`.
        func restored(_ state: SectionCounters, under rules: Rules, appearingAt time: Duration) -> SectionCounters {
            var restored = SectionCounters(firstAppearance: time)
            if needsLastImpression(state, under: rules) {
                restored.lastFiredVisit = state.lastFiredVisit
                restored.lastFiredSample = state.lastFiredSample
            }
            if needsVisitTime(state, under: rules) {
                // The sum goes on; the exposure the exits report is a statistic, forgotten.
                restored.exposureVisit = state.exposureVisit
                restored.accumulatedSamples = state.accumulatedSamples
                restored.completedDuringRun = state.completedDuringRun
                restored.completionFired = state.completionFired
            }
            return restored
        }
    }

    /// What the rules of a section's policy, as it was when the section left, need of its
    /// counters: whether an impression forbids another, how long a cooldown holds one back,
    /// and whether the visit's visible time adds up.
    struct Rules: Sendable {
        var recurrence: ImpressionPolicy.Recurrence
        var accumulatesTime: Bool
        var cooldownSamples: Int

        init(_ policy: ResolvedPolicy) {
            recurrence = policy.recurrence
            accumulatesTime = policy.accumulatesTime
            cooldownSamples = policy.cooldownSamples
        }
    }

    /// A departed section's counters, the rules it left under, and where it stands in the
    /// order of departure.
    struct Entry: Sendable {
        var state: SectionCounters
        var rules: Rules
        /// The number of the departure, counted from 0: what `departures` names it by.
        var departure: Int
        /// Whether its statistics are kept; when not, only what its rules need is, and it
        /// is no row of a snapshot.
        var hasStatistics: Bool
    }

    /// The most departed sections that keep their statistics.
    let statisticsLimit: Int
    /// The counters kept, by id.
    private(set) var entries: [ID: Entry] = [:]
    /// With exposure signals, the signals' counters of the entries that keep their
    /// statistics (the signals are statistics), by id; empty in an engine without signals,
    /// so that its entries hold no room for them.
    private var signalsByID: [ID: SignalCounters] = [:]
    /// The departures of sections kept with their statistics, oldest first from
    /// `firstDeparture`: an item whose entry came back or left again since is stale.
    private var departures: [(id: ID, departure: Int)] = []
    private var firstDeparture = 0
    /// The number the next departure takes.
    private var nextDeparture = 0
    /// The entries with their statistics.
    private(set) var statisticsCount = 0
    /// The entries without: pruned once they outnumber `pruneAt`.
    private var strippedCount = 0
    private var pruneAt = 64
    /// The sections whose run was open when they left, in the order they left: their
    /// exits are due at the next sample evaluated.
    private(set) var inRun: [ID] = []
    /// The sections whose exits the last evaluation recorded: a record about
    /// `.departed(index)` is about `exited[index]`.
    private(set) var exited: [ID] = []

    init(statisticsLimit: Int) {
        self.statisticsLimit = statisticsLimit
    }

    /// Whether no counters are kept.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether some run that was open when its section left has not ended yet.
    var hasOpenRuns: Bool { !inRun.isEmpty }

    /// The departed sections that keep their statistics, with their counters: the rows of
    /// a snapshot.
    var remembered: [(id: ID, state: SectionCounters)] {
        entries.compactMap { $0.value.hasStatistics ? ($0.key, $0.value.state) : nil }
    }

    /// The counters of `id` when it is a departed section that keeps its statistics.
    func remembered(_ id: ID) -> SectionCounters? {
        entries[id].flatMap { $0.hasStatistics ? $0.state : nil }
    }

    /// The exposure signals' counters of a departed section that keeps its statistics;
    /// fresh ones for any other, and in an engine without signals.
    func rememberedSignals(_ id: ID) -> SignalCounters {
        signalsByID.isEmpty ? SignalCounters() : signalsByID[id] ?? SignalCounters()
    }

    /// Keeps the counters of a section that left the layout under `policy`, when
    /// `retention` does: whole once something of it has shown or its run is open (its
    /// statistics, its exposure `signals` among them when the engine measures them), else
    /// what its rules need. ``forgetOldest(_:)`` then applies the limit.
    mutating func remember(_ state: SectionCounters, signals: SignalCounters?, of id: ID, under policy: ResolvedPolicy,
                           _ retention: Retention) {
        let hasStatistics = state.highestRatio > 0 || state.hasOpenRun(at: retention.nextSample)
        let entry = Entry(state: state, rules: Rules(policy), departure: nextDeparture, hasStatistics: hasStatistics)
        guard retention.keeps(entry) else { return }
        // Room for a session's worth at once: grown one doubling at a time from empty, the
        // table would be rehashed at every doubling, several times in a session.
        if entries.isEmpty { entries.reserveRoom(for: Self.initialCapacity) }
        // A section in the layout is never kept here too; were it, its new counters win.
        if let replaced = entries.updateValue(entry, forKey: id) { uncount(replaced) }
        if let signals, hasStatistics {
            if signalsByID.isEmpty { signalsByID.reserveRoom(for: Self.initialCapacity) }
            signalsByID[id] = signals
        } else {
            forgetSignals(of: id)
        }
        if entry.hasStatistics {
            statisticsCount += 1
            // Room at once, as for the table: the list only grows until it is compacted.
            if departures.capacity == 0 { departures.reserveCapacity(Self.initialCapacity) }
            departures.append((id, nextDeparture))
            nextDeparture += 1
        } else {
            strippedCount += 1
        }
    }

    /// Forgets the signals' counters of `id`, if any: it no longer keeps its statistics.
    private mutating func forgetSignals(of id: ID) {
        // Without signals there is nothing to forget: no need to hash the id.
        if !signalsByID.isEmpty { signalsByID[id] = nil }
    }

    /// Takes `entry`, no longer kept, out of the counts.
    private mutating func uncount(_ entry: Entry) {
        if entry.hasStatistics { statisticsCount -= 1 } else { strippedCount -= 1 }
    }

    /// The room the first section remembered makes.
    static var initialCapacity: Int { 32 }

    /// The counters of a section that comes back at `time`, no longer kept here: those it
    /// left with, or when its statistics were forgotten, fresh ones but for what its rules
    /// still need (``Retention/restored(_:under:appearingAt:)``); fresh ones when none
    /// were kept. Its exposure signals' counters likewise: those it left with, or fresh ones.
    mutating func takeBack(_ id: ID, appearingAt time: Duration, _ retention: Retention)
        -> (state: SectionCounters, signals: SignalCounters) {
        // Nothing kept: no need to hash the id.
        guard !entries.isEmpty, let entry = entries.removeValue(forKey: id) else {
            return (SectionCounters(firstAppearance: time), SignalCounters())
        }
        uncount(entry)
        let signals = signalsByID.isEmpty ? nil : signalsByID.removeValue(forKey: id)
        guard entry.hasStatistics else {
            return (retention.restored(entry.state, under: entry.rules, appearingAt: time), SignalCounters())
        }
        return (entry.state, signals ?? SignalCounters())
    }

    /// Forgets the statistics of the sections that left first while more than
    /// ``statisticsLimit`` keep theirs, stopping at one whose run is still open (its exit,
    /// due at the next sample, reports them); each keeps only what its rules still need,
    /// if anything. After every layout change and every sample's exits.
    mutating func forgetOldest(_ retention: Retention) {
        while statisticsCount > statisticsLimit, firstDeparture < departures.count {
            let (id, departure) = departures[firstDeparture]
            guard let entry = entries[id], entry.departure == departure, entry.hasStatistics else {
                firstDeparture += 1   // came back, or already forgotten
                continue
            }
            if entry.state.hasOpenRun(at: retention.nextSample) { break }
            firstDeparture += 1
            statisticsCount -= 1
            if retention.rulesNeed(entry.state, under: entry.rules) {
                entries[id]?.hasStatistics = false
                strippedCount += 1
            } else {
                entries[id] = nil
            }
            forgetSignals(of: id)
        }
        compactDepartures()
        if strippedCount > pruneAt { prune(retention) }
    }

    /// Drops the stale departures once they make up most of the list: sections that come
    /// back and leave again add one each, and never reach its head below the limit.
    private mutating func compactDepartures() {
        let live = departures.count - firstDeparture
        guard departures.count > 64, firstDeparture > departures.count / 2 || live > 2 * statisticsCount + 64 else {
            return
        }
        departures = departures[firstDeparture...].filter { item in
            entries[item.id].map { $0.departure == item.departure && $0.hasStatistics } ?? false
        }
        firstDeparture = 0
    }

    /// Forgets the entries without statistics that their rules no longer need: a visit
    /// started, or they grew in number (cooldowns ran out since). Entries with statistics
    /// stay, so the departures stay as they are.
    mutating func prune(_ retention: Retention) {
        entries = entries.filter { retention.keeps($0.value) }
        strippedCount = entries.count - statisticsCount
        pruneAt = max(64, 2 * strippedCount)
    }

    /// Moves the open runs into a new layout: the old layout's, `slots` (theirs, in the
    /// order their sections exit together), go to `newSlots[slot]`, or become departed
    /// (named by `ids`) at none; the runs already departed go to their section's slot
    /// when `slotsByID` has one, else stay departed.
    mutating func moveOpenRuns(slots: [Int32], of ids: [ID], to newSlots: [PackedIndex], orInto slotsByID: SlotsByID<ID>,
                               slotsInRun: inout ScratchList<Int32>) {
        guard !slots.isEmpty || !inRun.isEmpty else { return }
        var departing: [ID] = []
        for slot in slots {
            if let newSlot = newSlots[Int(slot)].index {
                slotsInRun.append(Int32(newSlot))
            } else {
                departing.append(ids[Int(slot)])
            }
        }
        for id in inRun {
            if let slot = slotsByID[id] { slotsInRun.append(Int32(slot)) } else { departing.append(id) }
        }
        inRun = departing
    }

    /// Ends at `sample` the runs that were open when their sections left, and hands their
    /// exits to `record` when `recordingVisibility`, with their exposure signals when it
    /// keeps them; then forgets what the limit no longer lets it keep (``forgetOldest(_:)``).
    mutating func endOpenRuns(at sample: Int, _ retention: Retention, recordingVisibility: Bool,
                              record: (SampleRecord, _ signals: SignalCounters?) -> Void) {
        exited.clear()
        guard !inRun.isEmpty else { return }
        for index in inRun.indices {
            let id = inRun[index]
            guard var entry = entries[id] else { continue }
            entry.state.endRun()
            if recordingVisibility {
                let signals = signalsByID.isEmpty ? nil : signalsByID[id]
                record(.exit(of: .departed(index), ending: entry.state, at: sample), signals)
            }
            if retention.keeps(entry) {
                entries[id] = entry
            } else {
                entries[id] = nil
                forgetSignals(of: id)
                uncount(entry)
            }
        }
        // The ended runs become the exits the records name; both buffers keep their room.
        swap(&exited, &inRun)
        forgetOldest(retention)
    }

    /// The sections the `.departed(index)` records of the last evaluation are about, by
    /// `index`.
    var exitedSections: [ID] { exited }

    /// Whether the last evaluation recorded the exit of any departed section.
    var hasExits: Bool { !exited.isEmpty }
}
