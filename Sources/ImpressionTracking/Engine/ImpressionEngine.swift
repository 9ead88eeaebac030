/// The pure, synchronous, deterministic state machine that decides impressions.
///
/// Feed it a layout (``setLayout(_:)``), a viewport (``setViewport(_:)``) and lifecycle
/// calls, then ``advance(to:)`` it through time: it evaluates every sample due at
/// `0, Δ, 2Δ, ...` (`Δ` the sample interval) and returns the impressions that fired, in
/// time order and, within a sample, in layout order. Inputs apply from the next sample.
///
/// ```swift
/// var engine = ImpressionEngine<String>()
/// try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
/// try engine.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
/// let impressions = engine.advance(to: .seconds(1))   // hero, at 1.0 s (the 11th sample)
/// ```
///
/// A sample touches only the sections near the viewport (see ``SpatialIndex``), and
/// samples between two inputs are evaluated together, so the cost of ``advance(to:)``
/// depends on what is on screen, not on the size of the feed or the length of the jump.
///
/// ``ImpressionTracker`` wraps an engine in an actor with a clock and subscribers; use
/// the engine directly for simulations and tests on virtual time.
public struct ImpressionEngine<ID: Hashable & Sendable>: Sendable {
    /// The policy of sections that have none of their own.
    public let policy: ImpressionPolicy
    /// The time between two samples.
    public let sampleInterval: Duration
    /// Why the engine accepts no input, when it was created with an invalid policy or
    /// interval by the non-throwing initialiser; `nil` otherwise.
    public let configurationError: ConfigurationError?
    /// The time advanced to: the latest `time` given to ``advance(to:)``, or zero.
    public private(set) var time: Duration = .zero
    /// The current visit, 1 for the first; see ``appear()``.
    public private(set) var visit = 1
    /// The viewport in root content coordinates, once set.
    public private(set) var viewport: Rect?

    private var lifecycle = Lifecycle()
    private var layout: SectionLayout<ID>
    /// Counters by slot, parallel to `layout`.
    private var states: [SectionState] = []
    /// Counters of sections that left the layout but must be remembered: those that
    /// fired since the last reset (the memory is by id), or that may still continue a
    /// run if they come back before the next sample.
    private var departedStates: [ID: SectionState] = [:]
    /// The index of the next sample to evaluate.
    private var nextSample = 0
    /// Runs of visible samples that ended before this sample are void: a visit started.
    private var runsValidFrom = 0
    /// What fired in an earlier visit than this is forgotten (``reset()``).
    private var firstRememberedVisit = 1
    private var workspace = Workspace()

    /// Scratch buffers reused by every sample, so a steady sample does not allocate.
    private struct Workspace: Sendable {
        var candidates: [Int32] = []
        var visible: [VisibleSection] = []
        var fired: [FiredSection] = []
        var visibleParts: [Rect] = []
        var unionArea = UnionAreaWorkspace()
    }

    private struct VisibleSection: Sendable {
        var slot: Int
        var ratio: Double
    }

    private struct FiredSection: Sendable {
        var sample: Int
        var slot: Int
        var ratio: Double
        var consecutiveSamples: Int
    }

    /// Creates an engine at time zero, in visit 1, active, with no layout or viewport.
    ///
    /// - Important: A policy with a ratio outside `0...1` or a negative duration, or a
    ///   sample interval that is not positive, does not crash: the engine then accepts no
    ///   input (``setLayout(_:)`` throws ``LayoutError/Problem/invalidConfiguration(_:)``),
    ///   fires nothing, and says why in ``configurationError``. Use
    ///   ``init(validating:sampleInterval:)`` to get the error at once.
    public init(policy: ImpressionPolicy = .default, sampleInterval: Duration = .milliseconds(100)) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        if sampleInterval <= .zero {
            configurationError = .nonPositiveSampleInterval(sampleInterval)
        } else {
            do throws(ConfigurationError) {
                try policy.validate()
                configurationError = nil
            } catch {
                configurationError = error
            }
        }
        layout = SectionLayout(defaultPolicy: policy, sampleInterval: sampleInterval)
    }

    /// Creates an engine, throwing when the policy or the sample interval is invalid.
    ///
    /// - Throws: ``ConfigurationError`` naming the bad value.
    public init(validating policy: ImpressionPolicy, sampleInterval: Duration = .milliseconds(100)) throws(ConfigurationError) {
        self.init(policy: policy, sampleInterval: sampleInterval)
        if let configurationError { throw configurationError }
    }

    /// Whether samples count now: the screen has appeared, the app is in the
    /// foreground, nothing covers the screen and no refresh is in progress.
    public var isActive: Bool { lifecycle.isActive }

    /// The number of sections in the current layout.
    public var sectionCount: Int { layout.count }

    // MARK: - Inputs

    /// Replaces the layout: every section with its cells, in the order impressions
    /// within one sample are reported.
    ///
    /// Sections keep their counters by id across layouts, so a lazy list may report
    /// only what it shows. A section missing from the layout at a sample is not visible
    /// at it, but what fired is remembered by id.
    ///
    /// - Throws: ``LayoutError`` for a cell with a non-finite field or negative size, a
    ///   duplicate id, a negative or non-finite `fullHeight`/`fullArea`, or an invalid
    ///   section policy; the previous layout stays in force.
    public mutating func setLayout(_ sections: [TrackedSection<ID>]) throws(LayoutError) {
        if let configurationError {
            throw LayoutError(section: nil, sectionIndex: nil, problem: .invalidConfiguration(configurationError))
        }
        let newLayout = try SectionLayout(sections: sections, defaultPolicy: policy, sampleInterval: sampleInterval)
        var newStates: [SectionState] = []
        newStates.reserveCapacity(newLayout.count)
        for id in newLayout.ids {
            if let oldSlot = layout.slotsByID[id] {
                newStates.append(states[oldSlot])
            } else {
                newStates.append(departedStates.removeValue(forKey: id) ?? SectionState())
            }
        }
        for (oldSlot, id) in layout.ids.enumerated() where newLayout.slotsByID[id] == nil {
            let state = states[oldSlot]
            if isWorthRemembering(state) { departedStates[id] = state }
        }
        layout = newLayout
        states = newStates
    }

    /// Sets the visible rect of the root content (the scroll view's bounds, in the same
    /// coordinates as the cells).
    ///
    /// A zero-size viewport shows nothing.
    ///
    /// - Throws: ``LayoutError`` with ``LayoutError/Problem/invalidViewport(_:)`` for a
    ///   non-finite field or a negative size; the previous viewport stays in force.
    public mutating func setViewport(_ viewport: Rect) throws(LayoutError) {
        if let configurationError {
            throw LayoutError(section: nil, sectionIndex: nil, problem: .invalidConfiguration(configurationError))
        }
        guard viewport.isValid else {
            throw LayoutError(section: nil, sectionIndex: nil, problem: .invalidViewport(viewport))
        }
        self.viewport = viewport
    }

    /// The screen appeared (pop back, tab switch back).
    ///
    /// - Important: After ``disappear()`` this starts a new visit: counts restart and
    ///   `.oncePerVisit` sections may fire again. While already appeared it does nothing.
    public mutating func appear() { apply(lifecycle.appear()) }

    /// The screen disappeared (push, tab switch away); nothing counts until ``appear()``.
    public mutating func disappear() { apply(lifecycle.disappear()) }

    /// The app went to the background; nothing counts until ``enterForeground()``.
    public mutating func enterBackground() { apply(lifecycle.enterBackground()) }

    /// The app came to the foreground.
    ///
    /// - Important: This starts a new visit, except when the screen was covered
    ///   (``setCovered(_:)``) when the app went to the background: Cookpad's modal rule.
    public mutating func enterForeground() { apply(lifecycle.enterForeground()) }

    /// A modal covers the screen (`true`) or no longer does (`false`).
    ///
    /// Covering pauses counting; uncovering does not start a new visit.
    public mutating func setCovered(_ covered: Bool) { apply(lifecycle.setCovered(covered)) }

    /// Content is being replaced (pull to refresh, a refresh on foreground): nothing
    /// counts until ``endRefresh()``.
    public mutating func beginRefresh() { apply(lifecycle.beginRefresh()) }

    /// The refresh is over.
    ///
    /// - Important: This starts a new visit, so the new content fires and content shown
    ///   only before the refresh never does.
    public mutating func endRefresh() { apply(lifecycle.endRefresh()) }

    /// Forgets everything that fired and starts a new visit (SARAH's `restart`).
    public mutating func reset() {
        firstRememberedVisit = visit + 1
        departedStates.removeAll()
        startVisit()
    }

    private mutating func apply(_ startsVisit: Bool) {
        if startsVisit { startVisit() }
    }

    private mutating func startVisit() {
        visit += 1
        runsValidFrom = nextSample
    }

    private func isWorthRemembering(_ state: SectionState) -> Bool {
        state.lastFiredVisit >= firstRememberedVisit
            || state.continuesRun(into: nextSample, runsValidFrom: runsValidFrom)
    }

    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    public mutating func advance(to time: Duration) -> [Impression<ID>] {
        guard configurationError == nil else { return [] }
        if time > self.time { self.time = time }
        let lastDueSample = lastSample(atOrBefore: time)
        guard lastDueSample >= nextSample else { return [] }
        let firstSample = nextSample
        nextSample = lastDueSample &+ 1

        // Inactive or nothing to see: no section is visible, so every run ends; the
        // sample stamps make that implicit, without touching any section.
        guard lifecycle.isActive, let viewport, !viewport.isEmpty else { return [] }
        return evaluate(from: firstSample, through: lastDueSample, viewport: viewport)
    }

    /// The index of the last sample at or before `time`, or -1 before the first.
    private func lastSample(atOrBefore time: Duration) -> Int {
        guard time >= .zero else { return -1 }
        let index = time.attoseconds / sampleInterval.attoseconds
        // Int.max - 1 keeps `nextSample = index + 1` representable.
        return index >= Int128(Int.max - 1) ? Int.max - 1 : Int(index)
    }

    /// Evaluates sample `first` section by section, then the samples after it up to
    /// `last` at once: nothing changes between them, so each visible section's count
    /// just grows by one per sample.
    private mutating func evaluate(from first: Int, through last: Int, viewport: Rect) -> [Impression<ID>] {
        var candidates = takeBuffer(\.candidates)
        var visible = takeBuffer(\.visible)
        var fired = takeBuffer(\.fired)
        defer {
            workspace.candidates = candidates
            workspace.visible = visible
            workspace.fired = fired
        }

        layout.index.collect(intersecting: viewport, into: &candidates)
        for slot in candidates {
            let slot = Int(slot)
            let policy = layout.policy(ofSlot: slot)
            guard let ratio = visibleRatio(ofSlot: slot, measure: policy.measure, in: viewport),
                  ratio >= policy.minimumVisibleRatio else { continue }
            visible.append(VisibleSection(slot: slot, ratio: ratio))
        }

        let extraSamples = last - first
        for section in visible {
            let policy = layout.policy(ofSlot: section.slot)
            var state = states[section.slot]
            if state.continuesRun(into: first, runsValidFrom: runsValidFrom) {
                state.consecutiveSamples += 1
            } else {
                state.consecutiveSamples = 1
                state.firedDuringRun = false
            }
            let countAtFirst = state.consecutiveSamples
            state.consecutiveSamples = countAtFirst.addingReportingOverflow(extraSamples).partialValue
            if state.consecutiveSamples < countAtFirst { state.consecutiveSamples = Int.max }
            state.lastVisibleSample = last

            if !state.firedDuringRun && mayFire(state, recurrence: policy.recurrence) {
                // The run reaches the required count at this sample, if within reach.
                let missing = max(0, policy.requiredSamples - countAtFirst)
                if missing <= extraSamples {
                    state.firedDuringRun = true
                    state.lastFiredVisit = visit
                    fired.append(FiredSection(
                        sample: first + missing, slot: section.slot, ratio: section.ratio,
                        consecutiveSamples: countAtFirst + missing))
                }
            }
            states[section.slot] = state
        }
        guard !fired.isEmpty else { return [] }

        fired.sort { ($0.sample, $0.slot) < ($1.sample, $1.slot) }
        return fired.map { entry in
            Impression(
                sectionID: layout.ids[entry.slot],
                time: sampleInterval * entry.sample,
                visibleRatio: entry.ratio,
                visibleDuration: sampleInterval * (entry.consecutiveSamples - 1),
                visit: visit)
        }
    }

    private func mayFire(_ state: SectionState, recurrence: ImpressionPolicy.Recurrence) -> Bool {
        switch recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: state.lastFiredVisit != visit
        case .oncePerTracker: state.lastFiredVisit < firstRememberedVisit
        }
    }

    /// The section's visible ratio in `0...1`, or `nil` when no cell shows a positive
    /// area or the section has no size to measure against.
    private mutating func visibleRatio(ofSlot slot: Int, measure: ImpressionPolicy.Measure, in viewport: Rect) -> Double? {
        let denominator = layout.denominators[slot]
        guard denominator > 0 else { return nil }
        let cellRange = layout.cellRange(ofSlot: slot)
        let visibleMeasure: Double
        switch measure {
        case .height:
            var top = Double.infinity
            var bottom = -Double.infinity
            for cellIndex in cellRange {
                guard let part = layout.cells[cellIndex].intersection(viewport) else { continue }
                top = min(top, part.minY)
                bottom = max(bottom, part.maxY)
            }
            guard bottom > top else { return nil }
            visibleMeasure = bottom - top
        case .area:
            var parts = takeBuffer(\.visibleParts)
            defer { workspace.visibleParts = parts }
            for cellIndex in cellRange {
                if let part = layout.cells[cellIndex].intersection(viewport) { parts.append(part) }
            }
            guard !parts.isEmpty else { return nil }
            visibleMeasure = workspace.unionArea.unionArea(of: parts)
        }
        return min(1, visibleMeasure / denominator)
    }

    /// Moves a scratch buffer out of the workspace, emptied with its capacity kept, so
    /// that filling it does not copy.
    private mutating func takeBuffer<Element>(_ keyPath: WritableKeyPath<Workspace, [Element]>) -> [Element] {
        var buffer: [Element] = []
        swap(&buffer, &workspace[keyPath: keyPath])
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }
}
