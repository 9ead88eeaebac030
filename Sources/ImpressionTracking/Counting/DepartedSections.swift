/// The sections that left the layout while the engine still owes them something: the
/// memory of what fired, the exposure of the visit, or the exit of a run.
///
/// A lazy list reports only what it shows, so sections leave and come back all the time.
/// Their counters wait here, by id, until they come back or are no longer worth keeping
/// (``Retention``). A run that was open when its section left ends at the first sample
/// evaluated after, before every other exit, in the order the sections left.
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

        /// Whether `state` must be kept until its section comes back.
        func keeps(_ state: SectionState) -> Bool {
            // What fired is remembered by id (`.oncePerVisit`, `.oncePerTracker`).
            state.lastFiredVisit >= firstRememberedVisit
                // An open run, even one a new visit voided, still owes its exit.
                || state.hasOpenRun(at: nextSample)
                // The visit's exposure adds up the stays before and after it left.
                || (state.exposureVisit == visit && state.exposureSamples > 0)
                // Its statistics, once something of it has shown (``SectionStatistics``).
                || state.highestRatio > 0
        }
    }

    /// The counters kept, by id.
    private(set) var states: [ID: SectionState] = [:]
    /// The sections whose run was open when they left, in the order they left: their
    /// exits are due at the next sample evaluated.
    private(set) var inRun: [ID] = []
    /// The sections whose exits the last evaluation recorded: a record about
    /// `.departed(index)` is about `exited[index]`.
    private(set) var exited: [ID] = []

    /// Whether no counters are kept.
    var isEmpty: Bool { states.isEmpty }

    /// Whether some run that was open when its section left has not ended yet.
    var hasOpenRuns: Bool { !inRun.isEmpty }

    /// Keeps the counters of a section that left the layout, when `retention` does.
    mutating func remember(_ state: SectionState, of id: ID, _ retention: Retention) {
        guard retention.keeps(state) else { return }
        // Room for a session's worth at once: grown one doubling at a time from empty, the
        // table would be rehashed at every doubling, several times in a session.
        if states.isEmpty { states.reserveCapacity(Self.initialCapacity) }
        states[id] = state
    }

    /// The room the first section remembered makes.
    static var initialCapacity: Int { 32 }

    /// The counters of a section that comes back, no longer kept here; fresh ones, first
    /// appearing at `time`, when none were.
    mutating func takeBack(_ id: ID, appearingAt time: Duration) -> SectionState {
        // Nothing kept: no need to hash the id.
        states.isEmpty ? SectionState(firstAppearance: time)
            : states.removeValue(forKey: id) ?? SectionState(firstAppearance: time)
    }

    /// Forgets the counters that `retention` no longer keeps: a visit started.
    mutating func prune(_ retention: Retention) {
        states = states.filter { retention.keeps($0.value) }
    }

    /// Moves the open runs into a new layout: each of `layoutRuns` (the old layout's, in
    /// the order their sections exit together) and of the runs already departed goes to
    /// its section's slot in `slotsInRun` when `slotsByID` has one, else stays or becomes
    /// departed.
    mutating func moveOpenRuns(_ layoutRuns: [ID], into slotsByID: [ID: Int], slotsInRun: inout [Int32]) {
        let openRuns = layoutRuns + inRun
        inRun.removeAll(keepingCapacity: true)
        for id in openRuns {
            if let slot = slotsByID[id] { slotsInRun.append(Int32(slot)) } else { inRun.append(id) }
        }
    }

    /// Moves the open runs into a new layout as ``moveOpenRuns(_:into:slotsInRun:)`` does,
    /// the old layout's found by slot: `slots` (theirs, in the order their sections exit
    /// together) go to `newSlots[slot]`, or become departed (named by `ids`) at none; the
    /// runs already departed are found by id in `slotsByID`.
    mutating func moveOpenRuns(slots: [Int32], of ids: [ID], to newSlots: [PackedIndex], orInto slotsByID: [ID: Int],
                               slotsInRun: inout [Int32]) {
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

    /// Ends at `sample` the runs that were open when their sections left, and appends their
    /// exits to `records` when `recordingVisibility`.
    mutating func endOpenRuns(at sample: Int, _ retention: Retention, recordingVisibility: Bool,
                              into records: inout [SlotSampler.Record]) {
        exited.clear()
        guard !inRun.isEmpty else { return }
        for index in inRun.indices {
            let id = inRun[index]
            guard var state = states[id] else { continue }
            state.endRun()
            if recordingVisibility { records.append(.exit(of: .departed(index), ending: state, at: sample)) }
            states[id] = retention.keeps(state) ? state : nil
        }
        // The ended runs become the exits the records name; both buffers keep their room.
        swap(&exited, &inRun)
    }

    /// The sections the `.departed(index)` records of the last evaluation are about, by
    /// `index`.
    var exitedSections: [ID] { exited }

    /// Whether the last evaluation recorded the exit of any departed section.
    var hasExits: Bool { !exited.isEmpty }
}
