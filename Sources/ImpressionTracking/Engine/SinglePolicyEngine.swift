/// The engine of one policy: the inputs, lifecycle, time and layout, and that policy's
/// counters, sampled in ``SlotSampler``.
///
/// ``ImpressionEngine`` is one of these with one policy. With several, it keeps one as
/// the inputs, lifecycle, time and layout every policy shares (its first policy's
/// counters unused), and counts every policy side by side in ``ManyPolicyCounters``. The
/// policy and interval are valid: ``ImpressionEngine`` checks them before it makes one.
///
/// Its state is `private(set)`: only its own methods, all in this file, change it;
/// ``ImpressionEngine`` reads it and calls them.
///
/// A sample touches only the sections near the viewport (found through an index sorted
/// by position), and samples between two inputs are evaluated together, so the cost of
/// ``advance(to:)`` depends on what is on screen, not on the size of the feed or the
/// length of the jump.
struct SinglePolicyEngine<ID: Hashable & Sendable>: Sendable {
    /// The policy of sections that have none of their own.
    let policy: ImpressionPolicy
    /// The time between two samples.
    let sampleInterval: Duration
    /// The time advanced to: the latest `time` given to ``advance(to:)``, or zero.
    private(set) var time: Duration = .zero
    /// The current visit, 1 for the first; see ``appear()``.
    private(set) var visit = 1
    /// The viewport in root content coordinates, once set.
    private(set) var viewport: Rect?
    /// Insets that shrink the viewport (safe area, bars); see ``setViewportInsets(_:)``.
    private(set) var viewportInsets = Insets.zero
    /// Rects over the content, in viewport coordinates; see ``setObstructions(_:)``.
    private(set) var obstructions: [Rect] = []

    private(set) var lifecycle = Lifecycle()
    private(set) var layout = SectionLayout<ID>()
    /// The counters by slot and the sampling loop, free of `ID`.
    private(set) var sampler = SlotSampler()
    /// The sections that left the layout but whose counters must be remembered.
    private(set) var departed: DepartedSections<ID>
    /// The index of the next sample to evaluate.
    private(set) var nextSample = 0
    /// Runs of visible samples that ended before this sample are void: a visit started.
    private(set) var runsValidFrom = 0
    /// What fired in an earlier visit than this is forgotten (``reset()``).
    private(set) var firstRememberedVisit = 1
    /// Whether an input arrived since the last sample evaluated: then the next sample may
    /// report anything (see ``nextEventTime``).
    private(set) var changedSinceSample = false
    /// When the samples are: the sample arithmetic.
    let grid: SampleGrid
    /// Whether the samples also add up exposure signals (``ExposureSignals``).
    let measuresSignals: Bool
    /// The sample interval in seconds, what a viewport speed divides by: converted once,
    /// the conversion from attoseconds being generic code.
    let intervalSeconds: Double
    /// With exposure signals, the viewport's origin at the last sample taken; `nil` before
    /// the first, or when there was no viewport then.
    private(set) var originAtLastSample: Point?

    /// An engine at time zero, in visit 1, active, with no layout or viewport, for a
    /// valid policy and a positive interval, keeping the statistics of at most
    /// `rememberedSectionLimit` sections that left the layout, measuring exposure signals
    /// when `measuresSignals`.
    init(policy: ImpressionPolicy, sampleInterval: Duration, rememberedSectionLimit: Int, measuresSignals: Bool = false) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        departed = DepartedSections(statisticsLimit: rememberedSectionLimit)
        grid = SampleGrid(interval: sampleInterval)
        self.measuresSignals = measuresSignals
        intervalSeconds = Double(grid.intervalAttoseconds) / 1e18
    }

    /// Whether samples count now: the screen has appeared, the app is in the
    /// foreground, nothing covers the screen and no refresh is in progress.
    var isActive: Bool { lifecycle.isActive }

    /// The number of sections in the current layout.
    var sectionCount: Int { layout.count }

    // MARK: - Layout and screen

    /// Replaces the layout: every section with its cells, in the order impressions
    /// within one sample are reported.
    ///
    /// Sections keep their counters by id across layouts, so a lazy list may report
    /// only what it shows. A section missing from the layout at a sample is not visible
    /// at it, but what fired is remembered by id.
    ///
    /// - Throws: ``InputError`` for a cell with a non-finite field or negative size, a
    ///   duplicate id, a negative or non-finite `fullHeight`/`fullWidth`/`fullArea`, or an invalid
    ///   section policy; the previous layout stays in force.
    mutating func setLayout(_ sections: [TrackedSection<ID>]) throws(InputError) {
        try setLayout(sections, containers: [])
    }

    /// Replaces the layout and its scroll containers.
    ///
    /// Nested cells (``TrackedSection/nestedCells``) name their container; a cell's
    /// visible part is clipped by every container up its chain, then by the viewport.
    ///
    /// - Throws: ``InputError`` as ``setLayout(_:containers:)`` does, and for a container with a
    ///   duplicate id, an unknown parent, a cycle, or a bad frame or offset, or a nested
    ///   cell in an unknown container; the previous layout stays in force.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer]) throws(InputError) {
        let (newLayout, keepsSlots) = try validatedLayout(sections, containers: containers)
        let counters = keepsSlots ? nil : carryCountersOver(to: newLayout)
        commit(newLayout, counters: counters)
    }

    /// The first step of a new layout: validates it, touching no state, so that a throw
    /// leaves the previous layout in force; says whether every section keeps its slot.
    func validatedLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer])
        throws(InputError) -> (layout: SectionLayout<ID>, keepsSlots: Bool) {
        let keepsSlots = self.keepsSlots(of: sections)
        let newLayout = try SectionLayout(sections: sections, containers: containers, defaultPolicy: policy,
                                          sampleInterval: sampleInterval, sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, keepsSlots)
    }

    /// Whether `sections` are the current layout's, in the same order (a feed reporting
    /// moved rects): the id index is then reused and every counter stays in its slot.
    func keepsSlots(of sections: [TrackedSection<ID>]) -> Bool {
        sections.count == layout.count && sections.indices.allSatisfy { sections[$0].id == layout.ids[$0] }
    }

    /// Puts in force a layout validated by ``validatedLayout(_:containers:)`` (a
    /// multi-policy engine validates once for all its policies), carrying the counters
    /// over as ``setLayout(_:containers:)`` does.
    mutating func adopt(_ newLayout: consuming SectionLayout<ID>, keepsSlots: Bool) {
        let counters = keepsSlots ? nil : carryCountersOver(to: newLayout)
        commit(newLayout, counters: counters)
    }

    /// The second step: the counters of `newLayout`'s slots, found by id in the current
    /// layout or among the departed sections, and with exposure signals their signals'
    /// counters (empty without). Sections that leave go to the departed ones, and open runs
    /// follow their sections.
    private mutating func carryCountersOver(to newLayout: SectionLayout<ID>)
        -> (states: [SectionState], signalStates: [SignalCounters]) {
        let retention = self.retention
        var newStates: [SectionState]
        var newSignalStates: [SignalCounters] = []
        if layout.count == 0 && departed.isEmpty {
            // A first layout: nothing to look up (each lookup hashes an id).
            newStates = Array(repeating: SectionState(firstAppearance: time), count: newLayout.count)
            if measuresSignals { newSignalStates = Array(repeating: SignalCounters(), count: newLayout.count) }
        } else {
            newStates = []
            newStates.reserveCapacity(newLayout.count)
            if measuresSignals { newSignalStates.reserveCapacity(newLayout.count) }
            for id in newLayout.ids {
                if let oldSlot = layout.slotsByID[id] {
                    newStates.append(sampler.states[oldSlot])
                    if measuresSignals { newSignalStates.append(sampler.signalStates[oldSlot]) }
                } else {
                    let (state, signals) = departed.takeBack(id, appearingAt: time, retention)
                    newStates.append(state)
                    if measuresSignals { newSignalStates.append(signals) }
                }
            }
        }
        for oldSlot in layout.ids.indices where newLayout.slotsByID[layout.ids[oldSlot]] == nil {
            departed.remember(sampler.states[oldSlot], signals: measuresSignals ? sampler.signalStates[oldSlot] : nil,
                              of: layout.ids[oldSlot], under: layout.geometry.policy(ofSlot: oldSlot), retention)
        }
        // Sorted by slot: `slotsInRun` is in screen order, but sections that leave
        // together exit in their layout order.
        let layoutRuns = sampler.slotsInRun.sorted().map { layout.ids[Int($0)] }
        sampler.slotsInRun.removeAll(keepingCapacity: true)
        departed.moveOpenRuns(layoutRuns, into: newLayout.slotsByID, slotsInRun: &sampler.slotsInRun)
        departed.forgetOldest(retention)
        return (newStates, newSignalStates)
    }

    /// The last step: puts `newLayout` in force with the counters of its slots and their
    /// signals' counters, or with every counter where it was when `counters` is `nil`.
    mutating func commit(_ newLayout: consuming SectionLayout<ID>,
                         counters: (states: [SectionState], signalStates: [SignalCounters])?) {
        layout = newLayout
        if let counters {
            sampler.states = counters.states
            sampler.signalStates = counters.signalStates
        }
        changedSinceSample = true
    }

    /// Scrolls a container: its cells move by the new content offset. O(1), not a new
    /// layout.
    ///
    /// - Throws: ``InputError`` for an unknown container or a non-finite offset; the
    ///   previous offset stays in force.
    mutating func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        guard let index = layout.geometry.containers.indicesByID[containerID] else {
            throw .noSuchContainer(containerID)
        }
        guard offset.isFinite else { throw .invalidContentOffset(offset, container: containerID) }
        layout.geometry.containers.setOffset(offset, ofContainer: index)
        changedSinceSample = true
    }

    /// Sets the visible rect of the root content (the scroll view's bounds, in the same
    /// coordinates as the cells).
    ///
    /// A zero-size viewport shows nothing.
    ///
    /// - Throws: ``InputError`` with code ``InputError/Code/invalidViewport`` for a
    ///   non-finite field or a negative size; the previous viewport stays in force.
    mutating func setViewport(_ viewport: Rect) throws(InputError) {
        guard viewport.isValid else { throw .invalidViewport(viewport) }
        self.viewport = viewport
        changedSinceSample = true
    }

    /// Insets the viewport (safe area, navigation bar, tab bar): only the rest counts
    /// as on screen.
    ///
    /// - Throws: ``InputError`` for a non-finite inset; the previous insets stay.
    mutating func setViewportInsets(_ insets: Insets) throws(InputError) {
        guard insets.isFinite else { throw .invalidInsets(insets) }
        viewportInsets = insets
        changedSinceSample = true
    }

    /// Sets the rects drawn over the content (a sticky header, a floating button, a
    /// sheet), in viewport coordinates: they stay put while the content scrolls.
    ///
    /// What lies under them is not visible. With `.area`, the visible area is the
    /// exact area of the visible parts less the obstructions; with `.height`, the
    /// height of the bounding box of what remains of the visible parts.
    ///
    /// - Throws: ``InputError`` for a non-finite rect or negative size; the previous
    ///   obstructions stay.
    mutating func setObstructions(_ obstructions: [Rect]) throws(InputError) {
        for (index, rect) in obstructions.enumerated() where !rect.isValid {
            throw .invalidObstruction(index: index, rect)
        }
        self.obstructions = obstructions.filter { !$0.isEmpty }
        changedSinceSample = true
    }
}

extension SinglePolicyEngine {
    /// Changes one section's loaded, opacity and hidden attributes (`nil` keeps one as it
    /// is), as a layout with the section so would, without building the layout again.
    ///
    /// - Returns: the section's slot and its attributes now, for the other ways of
    ///   measuring of an engine of several policies.
    /// - Throws: ``InputError`` for an id not in the layout or an opacity outside `0...1`;
    ///   nothing changes then.
    mutating func setSectionState(_ id: ID, isLoaded: Bool?, opacity: Double?, isHidden: Bool?)
        throws(InputError) -> (slot: Int, display: DisplayState) {
        guard let slot = layout.slotsByID[id] else { throw InputError.unknownSection(id).inSection(id, at: nil) }
        var display = layout.geometry.display(ofSlot: slot)
        if let isLoaded { display.isLoaded = isLoaded }
        if let isHidden { display.isHidden = isHidden }
        if let opacity {
            guard opacity >= 0 && opacity <= 1 else { throw InputError.invalidOpacity(opacity).inSection(id, at: slot) }
            display.opacity = opacity
        }
        layout.geometry.setDisplay(display, ofSlot: slot)
        changedSinceSample = true
        return (slot, display)
    }

    /// Makes the lifecycle call; never refused.
    mutating func apply(_ call: LifecycleCall) {
        switch call {
        case .appear: appear()
        case .disappear: disappear()
        case .enterBackground: enterBackground()
        case .enterForeground: enterForeground()
        case .cover: setCovered(true)
        case .uncover: setCovered(false)
        case .beginRefresh: beginRefresh()
        case .endRefresh: endRefresh()
        case .reset: reset()
        }
    }
}

// The screen's lifecycle calls, and the visits they start.
extension SinglePolicyEngine {
    /// The screen appeared (pop back, tab switch back).
    ///
    /// - Important: After ``disappear()`` this starts a new visit: counts restart and
    ///   `.oncePerVisit` sections may fire again. While already appeared it does nothing.
    mutating func appear() { noteLifecycleChange(lifecycle.appear()) }

    /// The screen disappeared (push, tab switch away); nothing counts until ``appear()``.
    mutating func disappear() { noteLifecycleChange(lifecycle.disappear()) }

    /// The app went to the background; nothing counts until ``enterForeground()``.
    mutating func enterBackground() { noteLifecycleChange(lifecycle.enterBackground()) }

    /// The app came to the foreground.
    ///
    /// - Important: This starts a new visit, except when the screen was covered
    ///   (``setCovered(_:)``) when the app went to the background: Cookpad's modal rule.
    mutating func enterForeground() { noteLifecycleChange(lifecycle.enterForeground()) }

    /// A modal covers the screen (`true`) or no longer does (`false`).
    ///
    /// Covering pauses counting; uncovering does not start a new visit.
    mutating func setCovered(_ covered: Bool) { noteLifecycleChange(lifecycle.setCovered(covered)) }

    /// Content is being replaced (pull to refresh, a refresh on foreground): nothing
    /// counts until ``endRefresh()``.
    mutating func beginRefresh() { noteLifecycleChange(lifecycle.beginRefresh()) }

    /// The refresh is over.
    ///
    /// - Important: This starts a new visit, so the new content fires and content shown
    ///   only before the refresh never does.
    mutating func endRefresh() { noteLifecycleChange(lifecycle.endRefresh()) }

    /// Forgets everything that fired and starts a new visit (SARAH's `restart`).
    mutating func reset() {
        firstRememberedVisit = visit + 1
        changedSinceSample = true
        startVisit()
    }

    private mutating func noteLifecycleChange(_ startsVisit: Bool) {
        changedSinceSample = true
        if startsVisit { startVisit() }
    }

    private mutating func startVisit() {
        visit += 1
        runsValidFrom = nextSample
        // The last visit's exposure (and, after a reset, the fired memory) is void.
        departed.prune(retention)
    }

    /// What makes the counters of a section that left the layout worth keeping, now.
    @inline(__always)   // see `screen`
    var retention: DepartedSections<ID>.Retention {
        .init(visit: visit, firstRememberedVisit: firstRememberedVisit, nextSample: nextSample)
    }
}

extension SinglePolicyEngine {
    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func advance(to time: Duration) -> [Impression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        return recordedImpressions()
    }

    /// The impressions among the records of the last evaluation.
    func recordedImpressions() -> [Impression<ID>] {
        var impressions: [Impression<ID>] = []
        let reader = recordReader
        for record in sampler.records where record.kind == .impression {
            impressions.append(reader.impression(from: record))
        }
        return impressions
    }

    /// Like ``advance(to:)``, and also reports when sections become visible and stop
    /// being visible (with their exposure time); see ``VisibilityEvent``.
    // Specialised: the simulation calls it at every sample, and unspecialised it spends
    // its time looking up generic metadata.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func advanceWithEvents(to time: Duration) -> [VisibilityEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        return recordedEvents()
    }

    /// The records of the last evaluation, as events.
    func recordedEvents() -> [VisibilityEvent<ID>] {
        var events: [VisibilityEvent<ID>] = []
        events.reserveCapacity(sampler.records.count)
        let reader = recordReader
        for record in sampler.records { events.append(reader.event(from: record)) }
        return events
    }

    /// The time of the next sample that can report anything if no input arrives: the
    /// next sample after an input, else the sample at which a visible section completes
    /// its run; `nil` when nothing can happen before the next input.
    ///
    /// Between inputs, nothing but impressions can happen (entries and exits follow
    /// inputs), so a driver may sleep until this time instead of ticking every interval:
    /// ``ImpressionTracker/run()`` does.
    var nextEventTime: Duration? {
        if changedSinceSample { return duration(ofSamples: nextSample) }
        return sampler.nextFiringSample.map { duration(ofSamples: $0) }
    }

    /// Evaluates the samples due by `time` into `sampler.records`, in order; returns
    /// whether there are any.
    mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        sampler.records.clear()
        guard let (first, last, visits, speed) = takeDueSamples(through: time, lastDue: lastSample(atOrBefore: time)) else {
            return false
        }
        let screen = lifecycle.isActive ? self.screen : nil
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        if screen == nil && sampler.slotsInRun.isEmpty && !departed.hasOpenRuns {
            sampler.nextFiringSample = nil
            return false
        }
        departed.endOpenRuns(at: first, retention, recordingVisibility: recordingVisibility, into: &sampler.records)
        sampler.evaluate(from: first, through: last, on: screen, geometry: layout.geometry, visits: visits,
                         recordingVisibility: recordingVisibility, speed: speed)
        guard !sampler.records.isEmpty else { return false }
        sampler.sortRecords()
        return true
    }

    /// Moves the engine's time to `time` and takes the samples due by then, up to
    /// `lastDue`: the first and last of them, what the visits mean for them and, with
    /// exposure signals, the viewport's speed at the first (the others are still), or
    /// `nil` when none is due. The samples are then evaluated; a multi-policy engine
    /// evaluates its policies' in its own loop.
    @inline(__always)
    mutating func takeDueSamples(through time: Duration, lastDue: Int)
        -> (first: Int, last: Int, visits: SlotSampler.Visits, speed: Double?)? {
        if time > self.time { self.time = time }
        guard lastDue >= nextSample else { return nil }
        let first = nextSample
        nextSample = lastDue &+ 1
        changedSinceSample = false
        return (first, lastDue, SlotSampler.Visits(current: visit, runsValidFrom: runsValidFrom,
                                                   firstRemembered: firstRememberedVisit),
                measuresSignals ? takeViewportSpeed() : nil)
    }

    /// The viewport's speed at the first sample due, in points per second: the distance
    /// its origin moved since the sample before, over the sample interval; 0 when either
    /// sample had no viewport. Notes the origin for the next.
    private mutating func takeViewportSpeed() -> Double {
        let origin = viewport.map { Point(x: $0.x, y: $0.y) }
        defer { originAtLastSample = origin }
        guard let origin, let previous = originAtLastSample else { return 0 }
        let dx = origin.x - previous.x, dy = origin.y - previous.y
        return (dx * dx + dy * dy).squareRoot() / intervalSeconds
    }

    /// What the screen shows now, or `nil` when nothing can be visible.
    // Inlined, as `lastSample(atOrBefore:)` and `retention` are: called from a mutating
    // method, an outlined read copies the whole engine, every table retained and
    // released, at every sample.
    @inline(__always)
    var screen: VisibilityMeasurer.Screen? {
        guard let viewport else { return nil }
        let effective = viewport.inset(by: viewportInsets)
        guard !effective.isEmpty else { return nil }
        return .init(effectiveViewport: effective, viewportOrigin: Point(x: viewport.x, y: viewport.y),
                     obstructions: obstructions)
    }

    /// The index of the last sample at or before `time`, or -1 before the first.
    @inline(__always)
    func lastSample(atOrBefore time: Duration) -> Int {
        grid.lastSample(atOrBefore: time)
    }

    /// What the records of the last evaluation say, in ids and durations.
    var recordReader: RecordReader<ID> {
        RecordReader(ids: layout.ids, departedExits: departed.exitedSections, grid: grid)
    }

    /// `samples` intervals, as a duration (``SampleGrid/time(ofSample:)``).
    @inline(__always)
    func duration(ofSamples samples: Int) -> Duration {
        grid.time(ofSample: samples)
    }
}

// What an ImpressionEngine with several policies asks of the engine holding the inputs,
// lifecycle, time and layout all its policies share (its base). Mutating, though most only
// read: a mutating call on a stored engine works in place, where a read may copy it whole.
extension SinglePolicyEngine {
    /// The last sample due at `time`, and the screen the samples due by then see when
    /// one is due, the engine is active and something can show (`nil` otherwise).
    mutating func dueSamples(through time: Duration) -> (lastDue: Int, screen: VisibilityMeasurer.Screen?) {
        let lastDue = lastSample(atOrBefore: time)
        guard lastDue >= nextSample, lifecycle.isActive else { return (lastDue, nil) }
        return (lastDue, screen)
    }

    /// Appends the slots near `screen`'s viewport to `candidates`.
    mutating func collectCandidates(on screen: VisibilityMeasurer.Screen, into candidates: inout [Int32]) {
        layout.geometry.index.collect(intersecting: screen.effectiveViewport, into: &candidates)
    }

    /// ``validatedLayout(_:containers:)``, read in place.
    mutating func validatedLayoutInPlace(_ sections: [TrackedSection<ID>], containers: [ScrollContainer])
        throws(InputError) -> (layout: SectionLayout<ID>, keepsSlots: Bool) {
        try validatedLayout(sections, containers: containers)
    }

    /// ``validatedLayout(_:containers:)``, resolving the layout under the default policy of
    /// each other way of measuring of a multi-policy engine in the same pass (see
    /// ``SectionLayout/measureGroups(sections:containers:defaultPolicy:otherGroupPolicies:sampleInterval:sameIDsAs:)``);
    /// this engine's policy measures as the first measure group. Touches no state.
    mutating func validatedMeasureGroups(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                       otherGroupPolicies: [ImpressionPolicy])
        throws(InputError) -> (layout: SectionLayout<ID>, otherGroups: [SectionGeometry], keepsSlots: Bool) {
        let keepsSlots = self.keepsSlots(of: sections)
        let (newLayout, otherGroups) = try SectionLayout.measureGroups(
            sections: sections, containers: containers, defaultPolicy: policy, otherGroupPolicies: otherGroupPolicies,
            sampleInterval: sampleInterval, sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, otherGroups, keepsSlots)
    }

    /// Becomes what one of a multi-policy engine's policies alone would be: this engine's
    /// inputs and time, with that policy's `geometry`, counters by slot, open runs and
    /// departed sections (a snapshot under that policy).
    mutating func showPolicy(geometry: SectionGeometry, states: [SectionState], signalStates: [SignalCounters],
                             slotsInRun: [Int32], departed: DepartedSections<ID>) {
        layout.geometry = geometry
        sampler.states = states
        sampler.signalStates = signalStates
        sampler.slotsInRun = slotsInRun
        self.departed = departed
    }
}
