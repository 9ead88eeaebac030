/// The engine of one policy: the inputs, lifecycle, time and layout, and that policy's
/// counters, sampled in ``SlotSampler``.
///
/// ``ImpressionEngine`` is one of these with one policy. With several, it keeps one as
/// the inputs, lifecycle, time and layout every policy shares (its first policy's
/// counters unused), and counts every policy side by side in ``LaneSampler``. The
/// policy and interval are valid: ``ImpressionEngine`` checks them before it makes one.
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
    var time: Duration = .zero
    /// The current visit, 1 for the first; see ``appear()``.
    var visit = 1   // internal set: the lifecycle file starts visits
    /// The viewport in root content coordinates, once set.
    private(set) var viewport: Rect?
    /// Insets that shrink the viewport (safe area, bars); see ``setViewportInsets(_:)``.
    private(set) var viewportInsets = Insets.zero
    /// Rects over the content, in viewport coordinates; see ``setObstructions(_:)``.
    private(set) var obstructions: [Rect] = []

    var lifecycle = Lifecycle()
    var layout = SectionLayout<ID>()
    /// The counters by slot and the sampling loop, free of `ID`.
    var sampler = SlotSampler()
    /// The sections that left the layout but whose counters must be remembered.
    var departed = DepartedSections<ID>()
    /// The index of the next sample to evaluate.
    var nextSample = 0
    /// Runs of visible samples that ended before this sample are void: a visit started.
    var runsValidFrom = 0
    /// What fired in an earlier visit than this is forgotten (``reset()``).
    var firstRememberedVisit = 1
    /// Whether an input arrived since the last sample evaluated: then the next sample may
    /// report anything (see ``nextEventTime``).
    var changedSinceSample = false
    /// ``sampleInterval`` in attoseconds, saturated beyond 2^63 seconds: sample arithmetic.
    let sampleIntervalAttoseconds: Int128

    /// An engine at time zero, in visit 1, active, with no layout or viewport, for a
    /// valid policy and a positive interval.
    init(policy: ImpressionPolicy, sampleInterval: Duration) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        sampleIntervalAttoseconds = sampleInterval.totalAttoseconds
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
        let states = keepsSlots ? nil : carryCountersOver(to: newLayout)
        commit(newLayout, states: states)
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
        let states = keepsSlots ? nil : carryCountersOver(to: newLayout)
        commit(newLayout, states: states)
    }

    /// The second step: the counters of `newLayout`'s slots, found by id in the current
    /// layout or among the departed sections. Sections that leave go to the departed ones,
    /// and open runs follow their sections.
    private mutating func carryCountersOver(to newLayout: SectionLayout<ID>) -> [SectionState] {
        var newStates: [SectionState]
        if layout.count == 0 && departed.isEmpty {
            // A first layout: nothing to look up (each lookup hashes an id).
            newStates = Array(repeating: SectionState(firstAppearance: time), count: newLayout.count)
        } else {
            newStates = []
            newStates.reserveCapacity(newLayout.count)
            for id in newLayout.ids {
                if let oldSlot = layout.slotsByID[id] {
                    newStates.append(sampler.states[oldSlot])
                } else {
                    newStates.append(departed.takeBack(id, appearingAt: time))
                }
            }
        }
        let retention = self.retention
        for oldSlot in layout.ids.indices where newLayout.slotsByID[layout.ids[oldSlot]] == nil {
            departed.remember(sampler.states[oldSlot], of: layout.ids[oldSlot], retention)
        }
        // Sorted by slot: `slotsInRun` is in screen order, but sections that leave
        // together exit in their layout order.
        let layoutRuns = sampler.slotsInRun.sorted().map { layout.ids[Int($0)] }
        sampler.slotsInRun.removeAll(keepingCapacity: true)
        departed.moveOpenRuns(layoutRuns, into: newLayout.slotsByID, slotsInRun: &sampler.slotsInRun)
        return newStates
    }

    /// The last step: puts `newLayout` in force with the counters of its slots, or with
    /// every counter where it was when `states` is `nil`.
    mutating func commit(_ newLayout: consuming SectionLayout<ID>, states: [SectionState]?) {
        layout = newLayout
        if let states { sampler.states = states }
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
