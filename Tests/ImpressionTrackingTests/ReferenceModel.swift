@testable import ImpressionTracking

/// A deliberately naive model of the engine, written straight from DESIGN.md's Semantics
/// and issue 3's additions (scroll containers, viewport insets, obstructions, large
/// sections, hysteresis, visibility events).
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
    private(set) var stats = Stats()

    private(set) var layout: [TrackedSection<ID>] = []
    /// The containers of the layout, by id, with their current content offsets.
    private(set) var containers: [String: ScrollContainer] = [:]
    /// Each section's default denominators, measured when the layout is set on its cells
    /// moved into root coordinates without clipping, at the content offsets given with
    /// the layout (later offsets do not change them): the height of their bounding box
    /// and their exact union area.
    private var layoutMeasures: [ID: (height: Double, area: Double)] = [:]
    private(set) var viewport: Rect?
    private(set) var insets = Insets.zero
    private(set) var obstructions: [Rect] = []

    private var appeared = true
    private var foreground = true
    private var covered = false
    private var refreshing = false
    private var coveredWhenBackgrounded = false

    /// Ids that fired during their current run of consecutive visible samples.
    private var firedDuringRun: Set<ID> = []
    /// Ids that fired during the current visit.
    private var firedDuringVisit: Set<ID> = []
    /// Ids that fired since the last `reset()` (or the start).
    private var firedSinceReset: Set<ID> = []

    /// A run of visible samples not yet reported as exited.
    struct Run {
        var length: Int
        /// The visit in which the run started.
        var visit: Int
    }

    /// Open runs by id, including those voided by a new visit and those of sections that
    /// left the layout: each is reported as exited at the next sample that does not
    /// continue it.
    private var openRuns: [ID: Run] = [:]
    /// Visible samples of ended runs, by id, for the runs started in `visit`.
    private var exposure: [ID: (visit: Int, samples: Int)] = [:]

    struct Stats {
        var visibleSamples = 0
        /// Samples at which a counting section stayed visible only thanks to its exit ratio.
        var keptByExitRatio = 0
        /// Samples at which a section was visible only thanks to the large-section rule.
        var visibleThanksToCap = 0
        var visibleThanksToLowerRatio = 0
        /// Samples at which a section with nested cells was visible.
        var visibleWithNestedCells = 0
        /// Samples at which some nested cell was on screen but for a container.
        var clippedByContainer = 0
        /// Samples at which obstructions changed a section's measure (or hid it).
        var changedByObstructions = 0
        var hiddenByObstructions = 0
        /// Samples at which viewport insets hid something the bare viewport shows.
        var hiddenByInsets = 0
    }

    init(policy: ImpressionPolicy = .default, sampleInterval: Duration = .milliseconds(100)) {
        self.policy = policy
        self.sampleInterval = sampleInterval
    }

    var isActive: Bool { appeared && foreground && !covered && !refreshing }

    // MARK: - Inputs

    /// Replaces the layout (with no containers); returns `false` (and keeps the previous
    /// layout) for bad input.
    @discardableResult
    mutating func setLayout(_ sections: [TrackedSection<ID>]) -> Bool {
        setLayout(sections, containers: [])
    }

    /// Replaces the layout and its containers; returns `false` (and keeps the previous
    /// layout) for bad input.
    @discardableResult
    mutating func setLayout(_ sections: [TrackedSection<ID>], containers newContainers: [ScrollContainer]) -> Bool {
        guard Self.isValidLayout(sections, containers: newContainers) else { return false }
        layout = sections
        containers = Dictionary(uniqueKeysWithValues: newContainers.map { ($0.id, $0) })
        layoutMeasures = [:]
        for section in sections {
            var rects = section.cells.map(Part.init)
            for nested in section.nestedCells {
                rects.append(moveToRoot(Part(nested.frame), in: nested.containerID, clipping: false)!)
            }
            let height = rects.isEmpty ? 0 : rects.map(\.bottom).max()! - rects.map(\.top).min()!
            layoutMeasures[section.id] = (height, Self.naiveUnionArea(rects))
        }
        return true
    }

    /// Scrolls a container; `false` (and no change) for an unknown id or a bad offset.
    @discardableResult
    mutating func setContentOffset(_ offset: Point, ofContainer id: String) -> Bool {
        guard containers[id] != nil, offset.x.isFinite, offset.y.isFinite else { return false }
        containers[id]!.contentOffset = offset
        return true
    }

    /// Replaces the viewport; returns `false` (and keeps the previous one) for bad input.
    @discardableResult
    mutating func setViewport(_ rect: Rect) -> Bool {
        guard Self.isValidRect(rect) else { return false }
        viewport = rect
        return true
    }

    @discardableResult
    mutating func setViewportInsets(_ newInsets: Insets) -> Bool {
        guard [newInsets.top, newInsets.left, newInsets.bottom, newInsets.right].allSatisfy(\.isFinite) else { return false }
        insets = newInsets
        return true
    }

    @discardableResult
    mutating func setObstructions(_ rects: [Rect]) -> Bool {
        guard rects.allSatisfy(Self.isValidRect) else { return false }
        obstructions = rects
        return true
    }

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

    mutating func reset() {
        firedDuringRun = []
        firedDuringVisit = []
        firedSinceReset = []
        startVisit()
    }

    /// A new visit: every count restarts. Open runs are void; they are reported as
    /// exited at the next sample (and re-entered there if still visible).
    private mutating func startVisit() {
        visit += 1
        consecutiveSamples = [:]
        firedDuringRun = []
        firedDuringVisit = []
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

        // Open runs of sections no longer in the layout end here.
        let present = Set(layout.map(\.id))
        for (id, run) in openRuns where !present.contains(id) {
            departedExits.append((String(describing: id), endRun(id, run, at: sampleTime)))
        }

        for section in layout {
            let id = section.id
            let sectionPolicy = section.policy ?? policy
            let measured = isActive ? measure(section, policy: sectionPolicy) : nil
            let continuing = consecutiveSamples[id] != nil
            let entryRatio = self.entryRatio(of: section, policy: sectionPolicy)
            let required = continuing ? min(entryRatio, sectionPolicy.exitVisibleRatio ?? entryRatio) : entryRatio
            guard let measured, measured.ratio >= required else {
                if let run = openRuns[id] { exits.append(endRun(id, run, at: sampleTime)) }
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
                firedDuringRun.remove(id)
                entries.append(.entered(sectionID: id, time: sampleTime, visibleRatio: ratio, visit: visit))
            }
            newRuns[id] = run
            newCounts[id] = run.length

            let requiredSamples = sectionPolicy.requiredSamples(sampleInterval: sampleInterval)
            guard run.length >= requiredSamples, !firedDuringRun.contains(id) else { continue }
            switch sectionPolicy.recurrence {
            case .onEveryEntry: break
            case .oncePerVisit: if firedDuringVisit.contains(id) { continue }
            case .oncePerTracker: if firedSinceReset.contains(id) { continue }
            }
            impressions.append(.impression(Impression(
                sectionID: id,
                time: sampleTime,
                visibleRatio: ratio,
                visibleDuration: sampleInterval * (run.length - 1),
                visit: visit)))
            firedDuringRun.insert(id)
            firedDuringVisit.insert(id)
            firedSinceReset.insert(id)
        }
        // Every id not visible at this sample (including ids missing from the layout)
        // has a count of 0, which ends its run.
        consecutiveSamples = newCounts
        openRuns = newRuns
        firedDuringRun = firedDuringRun.filter { newCounts[$0] != nil }
        departedExits.sort { $0.key < $1.key }
        return departedExits.map(\.event) + exits + entries + impressions
    }

    /// The exit of `run`, adding it to the exposure of the visit it started in.
    private mutating func endRun(_ id: ID, _ run: Run, at sampleTime: Duration) -> VisibilityEvent<ID> {
        var total = run.length
        if let earlier = exposure[id], earlier.visit == run.visit { total += earlier.samples }
        exposure[id] = (run.visit, total)
        return .exited(sectionID: id, time: sampleTime, stayDuration: sampleInterval * run.length,
                       totalVisibleDuration: sampleInterval * total, visit: run.visit)
    }

    private mutating func record(_ measured: Measured, section: TrackedSection<ID>, policy: ImpressionPolicy,
                                 entryRatio: Double, continuing: Bool) {
        stats.visibleSamples += 1
        if continuing && measured.ratio < entryRatio { stats.keptByExitRatio += 1 }
        if policy.largeSectionRule == .capToViewport && measured.uncappedRatio < policy.minimumVisibleRatio {
            stats.visibleThanksToCap += 1
        }
        if entryRatio < policy.minimumVisibleRatio && measured.ratio < policy.minimumVisibleRatio {
            stats.visibleThanksToLowerRatio += 1
        }
        if !section.nestedCells.isEmpty { stats.visibleWithNestedCells += 1 }
    }

    // MARK: - Geometry, naively

    /// A rect by its four edges, so no edge is recomputed as `origin + size`.
    struct Part {
        var left: Double, right: Double, top: Double, bottom: Double

        init(left: Double, right: Double, top: Double, bottom: Double) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }

        init(_ rect: Rect) {
            self.init(left: rect.x, right: rect.x + rect.width, top: rect.y, bottom: rect.y + rect.height)
        }

        /// The overlap, only when it has a positive area.
        func clipped(to other: Part) -> Part? {
            let part = Part(left: max(left, other.left), right: min(right, other.right),
                            top: max(top, other.top), bottom: min(bottom, other.bottom))
            return part.right > part.left && part.bottom > part.top ? part : nil
        }
    }

    /// What a sample measures of a section that shows something.
    struct Measured {
        /// The unclamped ratio, with the large-section cap when the policy has it.
        var ratio: Double
        /// The ratio against the section's own full size.
        var uncappedRatio: Double
    }

    /// The effective viewport: the viewport inset by the insets, its size clamped at 0.
    var effectiveViewport: Part? {
        guard let viewport else { return nil }
        let left = viewport.x + insets.left
        let top = viewport.y + insets.top
        let width = max(0, viewport.width - insets.left - insets.right)
        let height = max(0, viewport.height - insets.top - insets.bottom)
        return Part(left: left, right: left + width, top: top, bottom: top + height)
    }

    /// `part` (in the content coordinates of `containerID`) moved into root coordinates
    /// one container at a time, clipped by each container's frame when `clipping`; `nil`
    /// when a container hides it.
    func moveToRoot(_ part: Part, in containerID: String, clipping: Bool) -> Part? {
        var part = part
        var nodeID: String? = containerID
        while let id = nodeID {
            let node = containers[id]!
            let dx = node.frame.x - node.contentOffset.x
            let dy = node.frame.y - node.contentOffset.y
            part = Part(left: part.left + dx, right: part.right + dx, top: part.top + dy, bottom: part.bottom + dy)
            if clipping {
                guard let clipped = part.clipped(to: Part(node.frame)) else { return nil }
                part = clipped
            }
            nodeID = node.parentID
        }
        return part
    }

    /// The section's entry ratio: the policy's, or the large-section rule's lower ratio
    /// for a section whose full area reaches the rule's minimum.
    func entryRatio(of section: TrackedSection<ID>, policy: ImpressionPolicy) -> Double {
        if case .lowerRatio(let minimumArea, let ratio) = policy.largeSectionRule,
           fullArea(of: section) >= minimumArea {
            return ratio
        }
        return policy.minimumVisibleRatio
    }

    /// `fullHeight`, or the height of the bounding box of every cell of the section.
    func fullHeight(of section: TrackedSection<ID>) -> Double {
        section.fullHeight ?? layoutMeasures[section.id]!.height
    }

    /// `fullArea`, or the exact union area of every cell of the section.
    func fullArea(of section: TrackedSection<ID>) -> Double {
        section.fullArea ?? layoutMeasures[section.id]!.area
    }

    /// Why nothing of a section counts, before any threshold.
    enum Hidden: Equatable {
        case noViewport
        case noSize
        case offscreen
        case clippedByContainer(String)
        case obstructed
    }

    /// What the current inputs show of a section, whether or not the tracker is active.
    struct Observation {
        /// What is measured, when something shows and there is a size to measure against.
        var measured: Measured?
        /// Why nothing shows, when nothing does.
        var hidden: Hidden?
        // For the statistics.
        var clippedSomething = false
        var changedByObstructions = false
        var hiddenByInsets = false
    }

    /// What the current inputs show of `section`: its cells moved through their
    /// containers, clipped by each and by the effective viewport, less the obstructions.
    func observe(_ section: TrackedSection<ID>, policy: ImpressionPolicy) -> Observation {
        var observation = Observation()
        guard let viewport, let screen = effectiveViewport,
              screen.right > screen.left, screen.bottom > screen.top else {
            observation.hidden = .noViewport
            return observation
        }
        var denominator: Double
        switch policy.measure {
        case .height: denominator = fullHeight(of: section)
        case .area: denominator = fullArea(of: section)
        }
        let uncapped = denominator
        if policy.largeSectionRule == .capToViewport {
            let screenHeight = screen.bottom - screen.top
            denominator = min(denominator, policy.measure == .height ? screenHeight : screenHeight * (screen.right - screen.left))
        }
        if denominator <= 0 || (section.cells.isEmpty && section.nestedCells.isEmpty) {
            observation.hidden = .noSize
            return observation
        }

        var parts = section.cells.compactMap { Part($0).clipped(to: screen) }
        var hidingContainer: String?
        for nested in section.nestedCells {
            switch moveToRoot(Part(nested.frame), in: nested.containerID) {
            case .shown(let part):
                if let visible = part.clipped(to: screen) { parts.append(visible) }
            case .hidden(let container):
                // On screen but for the container: it is the reason, if nothing shows.
                if moveToRoot(Part(nested.frame), in: nested.containerID, clipping: false)!.clipped(to: screen) != nil {
                    observation.clippedSomething = true
                    if hidingContainer == nil { hidingContainer = container }
                }
            }
        }
        if parts.isEmpty {
            observation.hidden = hidingContainer.map { .clippedByContainer($0) } ?? .offscreen
            if insets != .zero {
                let bare = Part(viewport)
                let all = section.cells.map(Part.init)
                    + section.nestedCells.compactMap { moveToRoot(Part($0.frame), in: $0.containerID, clipping: true) }
                observation.hiddenByInsets = all.contains { $0.clipped(to: bare) != nil }
            }
            return observation
        }
        let covering = obstructions.map { Part($0.offsetBy(dx: viewport.x, dy: viewport.y)) }
        guard let remaining = Self.naiveArea(covered: parts, uncovered: covering) else {
            observation.hidden = .obstructed
            return observation
        }
        if !covering.isEmpty, let whole = Self.naiveArea(covered: parts, uncovered: []) {
            observation.changedByObstructions = whole.area != remaining.area || whole.height != remaining.height
        }
        let visibleMeasure = policy.measure == .height ? remaining.height : remaining.area
        observation.measured = Measured(ratio: visibleMeasure / denominator, uncappedRatio: visibleMeasure / uncapped)
        return observation
    }

    /// What a sample measures of `section`, or `nil` when nothing of it shows or it has
    /// no size to measure against; counts what the features did in ``stats``.
    mutating func measure(_ section: TrackedSection<ID>, policy: ImpressionPolicy) -> Measured? {
        let observation = observe(section, policy: policy)
        if observation.clippedSomething { stats.clippedByContainer += 1 }
        if observation.hiddenByInsets { stats.hiddenByInsets += 1 }
        if observation.hidden == .obstructed { stats.hiddenByObstructions += 1 }
        if observation.changedByObstructions { stats.changedByObstructions += 1 }
        return observation.measured
    }

    enum Moved {
        case shown(Part)
        /// The container whose frame the part missed, going out from the innermost.
        case hidden(String)
    }

    /// `part` (in the content coordinates of `containerID`) moved into root coordinates
    /// one container at a time, clipped by each container's frame on the way.
    func moveToRoot(_ part: Part, in containerID: String) -> Moved {
        var part = part
        var nodeID: String? = containerID
        while let id = nodeID {
            let node = containers[id]!
            let dx = node.frame.x - node.contentOffset.x
            let dy = node.frame.y - node.contentOffset.y
            part = Part(left: part.left + dx, right: part.right + dx, top: part.top + dy, bottom: part.bottom + dy)
            guard let clipped = part.clipped(to: Part(node.frame)) else { return .hidden(id) }
            part = clipped
            nodeID = node.parentID
        }
        return .shown(part)
    }

    // MARK: - Snapshot, naively

    /// Why the tracker is inactive.
    var inactiveCauses: InactiveCauses {
        var causes: InactiveCauses = []
        if !appeared { causes.insert(.disappeared) }
        if !foreground { causes.insert(.inBackground) }
        if covered { causes.insert(.covered) }
        if refreshing { causes.insert(.refreshing) }
        return causes
    }

    /// The snapshot row the engine should give for `section` of the layout now: what the
    /// next sample will see with the current inputs.
    func expectedSnapshotRow(for section: TrackedSection<ID>) -> SectionSnapshot<ID> {
        let sectionPolicy = section.policy ?? policy
        let observation = observe(section, policy: sectionPolicy)
        let ratio = observation.measured.map { min(1, $0.ratio) } ?? 0
        var reason: NotVisibleReason?
        switch observation.hidden {
        case .noViewport: reason = .noViewport
        case .noSize: reason = .noSize
        case .offscreen: reason = .offscreen
        case .clippedByContainer(let id): reason = .clippedByContainer(id)
        case .obstructed: reason = .obstructed
        case nil:
            let entryRatio = self.entryRatio(of: section, policy: sectionPolicy)
            let required = consecutiveSamples[section.id] != nil
                ? min(entryRatio, sectionPolicy.exitVisibleRatio ?? entryRatio) : entryRatio
            if ratio < required { reason = .belowThreshold(ratio: ratio, required: required) }
        }
        if !isActive { reason = .inactive(inactiveCauses) }
        return SectionSnapshot(sectionID: section.id, visibleRatio: ratio,
                               consecutiveSamples: consecutiveSamples[section.id] ?? 0,
                               hasFiredThisVisit: firedDuringVisit.contains(section.id), notVisibleReason: reason)
    }

    /// The area and the bounding-box height of the points inside some of `covered` and
    /// inside none of `uncovered`, by brute force: cut the plane along every edge and add
    /// up the grid cells that are covered and not uncovered. `nil` when that is no area.
    static func naiveArea(covered: [Part], uncovered: [Part]) -> (area: Double, height: Double)? {
        let solid = covered.filter { $0.right > $0.left && $0.bottom > $0.top }
        guard !solid.isEmpty else { return nil }
        let holes = uncovered.filter { $0.right > $0.left && $0.bottom > $0.top }
        let xs = Array(Set((solid + holes).flatMap { [$0.left, $0.right] })).sorted()
        let ys = Array(Set((solid + holes).flatMap { [$0.top, $0.bottom] })).sorted()
        func inside(_ part: Part, _ i: Int, _ j: Int) -> Bool {
            part.left <= xs[i] && xs[i + 1] <= part.right && part.top <= ys[j] && ys[j + 1] <= part.bottom
        }
        var area = 0.0
        var top = Double.infinity
        var bottom = -Double.infinity
        for i in xs.indices.dropLast() {
            for j in ys.indices.dropLast() {
                guard solid.contains(where: { inside($0, i, j) }), !holes.contains(where: { inside($0, i, j) }) else { continue }
                area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
                top = min(top, ys[j])
                bottom = max(bottom, ys[j + 1])
            }
        }
        return area > 0 ? (area, bottom - top) : nil
    }

    /// The area of the union by brute force.
    static func naiveUnionArea(_ parts: [Part]) -> Double {
        naiveArea(covered: parts, uncovered: [])?.area ?? 0
    }

    // MARK: - Validation, naively

    static func isValidRect(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
            && rect.width >= 0 && rect.height >= 0
            && (rect.x + rect.width).isFinite && (rect.y + rect.height).isFinite
    }

    static func isValidPolicy(_ policy: ImpressionPolicy) -> Bool {
        guard policy.minimumVisibleRatio >= 0, policy.minimumVisibleRatio <= 1,
              policy.minimumDuration >= .zero else { return false }
        if let exit = policy.exitVisibleRatio, !(exit >= 0 && exit <= policy.minimumVisibleRatio) { return false }
        if case .lowerRatio(let minimumArea, let ratio) = policy.largeSectionRule {
            guard ratio >= 0, ratio <= 1, minimumArea.isFinite, minimumArea >= 0 else { return false }
        }
        return true
    }

    static func isValidLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer] = []) -> Bool {
        var parents: [String: String?] = [:]
        for container in containers {
            guard isValidRect(container.frame), container.contentOffset.x.isFinite, container.contentOffset.y.isFinite,
                  parents[container.id] == nil else { return false }
            parents[container.id] = container.parentID
        }
        for container in containers {
            // Walk up: an unknown parent is bad, and so is a chain longer than the list.
            var id: String? = container.id
            var steps = 0
            while let current = id {
                guard let parent = parents[current] else { return false }
                id = parent
                steps += 1
                if steps > containers.count { return false }
            }
        }
        var seen: Set<ID> = []
        for section in sections {
            guard seen.insert(section.id).inserted else { return false }
            guard section.cells.allSatisfy(isValidRect) else { return false }
            for nested in section.nestedCells {
                guard isValidRect(nested.frame), parents[nested.containerID] != nil else { return false }
            }
            if let fullHeight = section.fullHeight, !(fullHeight.isFinite && fullHeight >= 0) { return false }
            if let fullArea = section.fullArea, !(fullArea.isFinite && fullArea >= 0) { return false }
            if let policy = section.policy, !isValidPolicy(policy) { return false }
        }
        return true
    }
}
