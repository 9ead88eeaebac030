/// What an engine is given, checked and kept, whatever its policies and ways of
/// measuring: the viewport, its insets and obstructions, the lifecycle and its visits,
/// and the time and samples evaluated so far. The layout, resolved under each way of
/// measuring, is the engine's ``MeasureGroups``.
///
/// ``ImpressionEngine`` holds one and counts every policy's samples over it
/// (``CounterTable``). Every setter checks its input and throws ``InputError`` before
/// changing anything, so a refused input leaves the previous state in force.
///
/// Its state is `private(set)`: only its own methods, all in this file, change it.
@usableFromInline
struct EngineInputs<ID: Hashable & Sendable>: Sendable {
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
    /// Rects over the content, in viewport coordinates; see ``setObstructions(_:friendly:)``.
    private(set) var obstructions: [Rect] = []
    /// Obstructions listed in the geometry but not subtracted, in viewport coordinates.
    private(set) var friendlyObstructions: [FriendlyObstruction] = []

    @usableFromInline private(set) var lifecycle = Lifecycle()
    /// The index of the next sample to evaluate.
    private(set) var nextSample = 0
    /// Runs of visible samples that ended before this sample are void: a visit started.
    private(set) var runsValidFrom = 0
    /// What fired in an earlier visit than this is forgotten (``reset()``).
    private(set) var firstRememberedVisit = 1
    /// Whether the user interacted (``ImpressionEngine/interact()``): never unset.
    private(set) var hasInteracted = false
    /// Whether an input arrived since the last sample evaluated: then the next sample may
    /// report anything (see ``nextEventTime``), and measures every section again; without
    /// one, it counts from the ratios the last sample measured (``CountingLoop``). Every
    /// input sets it: the screen's and the lifecycle's here, the layout's through
    /// ``MeasureGroups``, which notes each (``noteLayoutChange()``).
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

    /// Inputs at time zero, in visit 1, active, with no viewport, for a positive
    /// interval, noting the viewport's speed for exposure signals when `measuresSignals`.
    init(sampleInterval: Duration, measuresSignals: Bool) {
        self.sampleInterval = sampleInterval
        grid = SampleGrid(interval: sampleInterval)
        self.measuresSignals = measuresSignals
        intervalSeconds = Double(grid.intervalAttoseconds) / 1e18
    }

    /// Whether samples count now: the screen has appeared, the app is in the
    /// foreground, nothing covers the screen and no refresh is in progress.
    @inlinable var isActive: Bool { lifecycle.isActive }

    /// Why the tracker is inactive; empty when it is active.
    var inactiveCauses: InactiveCauses {
        var causes: InactiveCauses = []
        if !lifecycle.isAppeared { causes.insert(.disappeared) }
        if !lifecycle.isInForeground { causes.insert(.inBackground) }
        if lifecycle.isCovered { causes.insert(.covered) }
        if lifecycle.isRefreshing { causes.insert(.refreshing) }
        return causes
    }

    // MARK: - Screen

    /// Notes an input the engine's ``MeasureGroups`` applied (a layout, a container's
    /// offset, a section's state): the next sample may report anything, and measures.
    mutating func noteLayoutChange() {
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
    /// Friendly obstructions (`friendly`) are kept as given, empty ones dropped: only the
    /// geometry lists them.
    ///
    /// - Throws: ``InputError`` for a non-finite rect or negative size, or a friendly
    ///   reason over ``FriendlyObstruction/maximumReasonLength`` characters; the previous
    ///   obstructions stay.
    mutating func setObstructions(_ obstructions: [Rect], friendly: [FriendlyObstruction] = []) throws(InputError) {
        for (index, rect) in obstructions.enumerated() where !rect.isValid {
            throw .invalidObstruction(index: index, rect)
        }
        for (index, obstruction) in friendly.enumerated()
        where !obstruction.rect.isValid
            || (obstruction.detailedReason?.count ?? 0) > FriendlyObstruction.maximumReasonLength {
            throw .invalidFriendlyObstruction(index: index, obstruction)
        }
        self.obstructions = obstructions.filter { !$0.isEmpty }
        friendlyObstructions = friendly.isEmpty ? [] : friendly.filter { !$0.rect.isEmpty }
        changedSinceSample = true
    }
}

extension EngineInputs {
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
        if time.isLater(than: self.time) { self.time = time }
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

extension EngineInputs {
    /// The screen as the geometry reads it with the current inputs: what the geometry
    /// stream and the snapshots' rows both measure on.
    var geometryScreen: GeometryMeasurer.Screen {
        var effective = viewport.map { $0.inset(by: viewportInsets) }
        if effective?.isEmpty == true { effective = nil }
        return GeometryMeasurer.Screen(viewport: viewport, effectiveViewport: effective, obstructions: obstructions,
                                       friendlyObstructions: friendlyObstructions, inactiveCauses: inactiveCauses)
    }
}
