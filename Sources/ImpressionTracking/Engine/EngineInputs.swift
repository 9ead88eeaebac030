/// What an engine is given, checked and kept, whatever its policies: the viewport, its
/// insets and obstructions, the layout with its containers and section states, the
/// lifecycle and its visits, and the time and samples evaluated so far.
///
/// ``ImpressionEngine`` holds one and counts every policy's samples over it
/// (``CounterTable``). Every setter checks its input and throws ``InputError`` before
/// changing anything, so a refused input leaves the previous state in force.
///
/// Its state is `private(set)`: only its own methods, all in this file, change it.
struct EngineInputs<ID: Hashable & Sendable>: Sendable {
    /// The policy of sections that have none of their own in the layout (its first
    /// measure group's).
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
    /// The layout, resolved under the first measure group's policy.
    private(set) var layout = SectionLayout<ID>()
    /// The index of the next sample to evaluate.
    private(set) var nextSample = 0
    /// Runs of visible samples that ended before this sample are void: a visit started.
    private(set) var runsValidFrom = 0
    /// What fired in an earlier visit than this is forgotten (``reset()``).
    private(set) var firstRememberedVisit = 1
    /// Whether the user interacted (``ImpressionEngine/interact()``): never unset.
    private(set) var hasInteracted = false
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

    /// Inputs at time zero, in visit 1, active, with no layout or viewport, for a valid
    /// policy and a positive interval, noting the viewport's speed for exposure signals
    /// when `measuresSignals`.
    init(policy: ImpressionPolicy, sampleInterval: Duration, measuresSignals: Bool) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        grid = SampleGrid(interval: sampleInterval)
        self.measuresSignals = measuresSignals
        intervalSeconds = Double(grid.intervalAttoseconds) / 1e18
    }

    /// Whether samples count now: the screen has appeared, the app is in the
    /// foreground, nothing covers the screen and no refresh is in progress.
    var isActive: Bool { lifecycle.isActive }

    /// The number of sections in the current layout.
    var sectionCount: Int { layout.count }

    /// Why the tracker is inactive; empty when it is active.
    var inactiveCauses: InactiveCauses {
        var causes: InactiveCauses = []
        if !lifecycle.isAppeared { causes.insert(.disappeared) }
        if !lifecycle.isInForeground { causes.insert(.inBackground) }
        if lifecycle.isCovered { causes.insert(.covered) }
        if lifecycle.isRefreshing { causes.insert(.refreshing) }
        return causes
    }

    // MARK: - Layout and screen

    /// Validates a layout and resolves it under the first measure group's policy and
    /// each of `otherGroupPolicies` (the policies that measure otherwise), touching no
    /// state, so that a throw leaves the previous layout in force; says whether every
    /// section keeps its slot.
    ///
    /// - Throws: ``InputError`` for a cell with a non-finite field or negative size, a
    ///   duplicate id, a negative or non-finite `fullHeight`/`fullWidth`/`fullArea`, an
    ///   invalid section policy, a container with a duplicate id, an unknown parent, a
    ///   cycle, or a bad frame or offset, or a nested cell in an unknown container.
    // Mutating, though it only reads: a mutating call on a stored value works in place,
    // where a read may copy the engine whole.
    mutating func validatedLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                  otherGroupPolicies: [ImpressionPolicy])
        throws(InputError) -> (layout: SectionLayout<ID>, otherGroups: [SectionGeometry], keepsSlots: Bool) {
        let keepsSlots = self.keepsSlots(of: sections)
        let (newLayout, otherGroups) = try SectionLayout.measureGroups(
            sections: sections, containers: containers, defaultPolicy: policy, otherGroupPolicies: otherGroupPolicies,
            sampleInterval: sampleInterval, sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, otherGroups, keepsSlots)
    }

    /// Whether `sections` are the current layout's, in the same order (a feed reporting
    /// moved rects): the id index is then reused and every counter stays in its slot.
    func keepsSlots(of sections: [TrackedSection<ID>]) -> Bool {
        sections.count == layout.count && sections.indices.allSatisfy { sections[$0].id == layout.ids[$0] }
    }

    /// Puts in force a layout validated by ``validatedLayout(_:containers:otherGroupPolicies:)``.
    mutating func commit(_ newLayout: consuming SectionLayout<ID>) {
        layout = newLayout
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

extension EngineInputs {
    /// Changes one section's loaded, opacity and hidden attributes (`nil` keeps one as it
    /// is), as a layout with the section so would, without building the layout again.
    ///
    /// - Returns: the section's slot and its attributes now, for the other measure groups.
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

    /// Makes the lifecycle call; never refused. What each call means is said once, on
    /// ``ImpressionEngine``'s methods of the same names and in ``Lifecycle``: here a call
    /// notes the change and starts a visit when the lifecycle says so.
    mutating func apply(_ call: LifecycleCall) {
        let startsVisit = switch call {
        case .appear: lifecycle.appear()
        case .disappear: lifecycle.disappear()
        case .enterBackground: lifecycle.enterBackground()
        case .enterForeground: lifecycle.enterForeground()
        case .cover: lifecycle.setCovered(true)
        case .uncover: lifecycle.setCovered(false)
        case .beginRefresh: lifecycle.beginRefresh()
        case .endRefresh: lifecycle.endRefresh()
        case .reset: resetFiredMemory()
        case .interact: noteInteraction()
        }
        changedSinceSample = true
        if startsVisit { startVisit() }
    }

    /// The user interacted: policies that wait for it count from the next sample on, for
    /// the engine's life. Starts no visit.
    private mutating func noteInteraction() -> Bool {
        hasInteracted = true
        return false
    }

    /// Forgets everything that fired (SARAH's `restart`); a reset always starts a visit.
    private mutating func resetFiredMemory() -> Bool {
        firstRememberedVisit = visit + 1
        return true
    }
}

// The visits the lifecycle starts.
extension EngineInputs {
    private mutating func startVisit() {
        visit += 1
        runsValidFrom = nextSample
    }

    /// What makes the counters of a section that left the layout worth keeping, now.
    @inline(__always)   // see `screen`
    var retention: DepartedSections<ID>.Retention {
        .init(visit: visit, firstRememberedVisit: firstRememberedVisit, nextSample: nextSample)
    }
}

extension EngineInputs {
    // MARK: - Time

    /// Moves the engine's time to `time` and takes the samples due by then, up to
    /// `lastDue`: the first and last of them, what the visits mean for them and, with
    /// exposure signals, the viewport's speed at the first (the others are still), or
    /// `nil` when none is due.
    @inline(__always)
    mutating func takeDueSamples(through time: Duration, lastDue: Int)
        -> (first: Int, last: Int, visits: CountingRules.Visits, speed: Double?)? {
        if time > self.time { self.time = time }
        guard lastDue >= nextSample else { return nil }
        let first = nextSample
        nextSample = lastDue &+ 1
        changedSinceSample = false
        return (first, lastDue, CountingRules.Visits(current: visit, runsValidFrom: runsValidFrom,
                                                   firstRemembered: firstRememberedVisit,
                                                   waitingForInteraction: !hasInteracted),
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

    /// `samples` intervals, as a duration (``SampleGrid/time(ofSample:)``).
    @inline(__always)
    func duration(ofSamples samples: Int) -> Duration {
        grid.time(ofSample: samples)
    }
}
