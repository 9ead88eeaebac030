@testable import ImpressionTracking

/// A deliberately naive model of the engine, written straight from DESIGN.md's Semantics.
///
/// At every sample it scans every section and every cell: no index, no incremental state
/// beyond the consecutive counts and the memory of what fired. It is slow on purpose, so
/// that it is obviously right; ``ImpressionEngine`` must produce exactly what it produces.
/// Ratios are computed as `numerator / denominator` with the numerator and denominator
/// computed directly from the rects, so integer-valued geometry gives bit-identical
/// `Double`s whatever algorithm the engine uses.
struct ReferenceModel<ID: Hashable & Sendable> {
    let policy: ImpressionPolicy
    let sampleInterval: Duration

    /// The latest time advanced to (never decreases).
    private(set) var time: Duration = .zero
    /// The number of samples evaluated so far; the next sample is at `index * interval`.
    private(set) var evaluatedSamples = 0
    private(set) var visit = 1
    /// Consecutive visible samples, ending at the last evaluated sample, by section id.
    private(set) var consecutiveSamples: [ID: Int] = [:]
    /// Every impression produced so far, in order.
    private(set) var fired: [Impression<ID>] = []

    private(set) var layout: [TrackedSection<ID>] = []
    private(set) var viewport: Rect?

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

    init(policy: ImpressionPolicy = .default, sampleInterval: Duration = .milliseconds(100)) {
        self.policy = policy
        self.sampleInterval = sampleInterval
    }

    var isActive: Bool { appeared && foreground && !covered && !refreshing }

    // MARK: - Inputs

    /// Replaces the layout; returns `false` (and keeps the previous one) for bad input.
    @discardableResult
    mutating func setLayout(_ sections: [TrackedSection<ID>]) -> Bool {
        guard Self.isValidLayout(sections) else { return false }
        layout = sections
        return true
    }

    /// Replaces the viewport; returns `false` (and keeps the previous one) for bad input.
    @discardableResult
    mutating func setViewport(_ rect: Rect) -> Bool {
        guard Self.isValidRect(rect) else { return false }
        viewport = rect
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

    private mutating func startVisit() {
        visit += 1
        consecutiveSamples = [:]
        firedDuringRun = []
        firedDuringVisit = []
    }

    // MARK: - Time

    /// Evaluates every sample at or before `target` not yet evaluated, in order.
    mutating func advance(to target: Duration) -> [Impression<ID>] {
        var result: [Impression<ID>] = []
        while sampleInterval * evaluatedSamples <= target {
            result += evaluateSample(at: sampleInterval * evaluatedSamples)
            evaluatedSamples += 1
        }
        if target > time { time = target }
        fired += result
        return result
    }

    private mutating func evaluateSample(at sampleTime: Duration) -> [Impression<ID>] {
        var result: [Impression<ID>] = []
        var newCounts: [ID: Int] = [:]
        for section in layout {
            let sectionPolicy = section.policy ?? policy
            let ratio = isActive ? Self.visibleRatio(of: section, in: viewport, measure: sectionPolicy.measure) : nil
            guard let ratio, ratio >= sectionPolicy.minimumVisibleRatio else { continue }
            let count = (consecutiveSamples[section.id] ?? 0) + 1
            newCounts[section.id] = count

            let required = sectionPolicy.requiredSamples(sampleInterval: sampleInterval)
            guard count >= required, !firedDuringRun.contains(section.id) else { continue }
            switch sectionPolicy.recurrence {
            case .onEveryEntry: break
            case .oncePerVisit: if firedDuringVisit.contains(section.id) { continue }
            case .oncePerTracker: if firedSinceReset.contains(section.id) { continue }
            }
            result.append(Impression(
                sectionID: section.id,
                time: sampleTime,
                visibleRatio: min(1, ratio),
                visibleDuration: sampleInterval * (count - 1),
                visit: visit))
            firedDuringRun.insert(section.id)
            firedDuringVisit.insert(section.id)
            firedSinceReset.insert(section.id)
        }
        // Every id not visible at this sample (including ids missing from the layout)
        // has a count of 0, which ends its run.
        consecutiveSamples = newCounts
        firedDuringRun = firedDuringRun.filter { newCounts[$0] != nil }
        return result
    }

    // MARK: - Geometry, naively

    /// The unclamped visible ratio, or `nil` when nothing of the section is visible or
    /// its denominator is zero.
    static func visibleRatio(of section: TrackedSection<ID>, in viewport: Rect?, measure: ImpressionPolicy.Measure) -> Double? {
        guard let viewport, viewport.width > 0, viewport.height > 0 else { return nil }
        let visibleParts = section.cells.compactMap { visiblePart(of: $0, in: viewport) }
        guard !visibleParts.isEmpty else { return nil }
        switch measure {
        case .height:
            let fullHeight = section.fullHeight
                ?? (section.cells.map { $0.y + $0.height }.max()! - section.cells.map(\.y).min()!)
            guard fullHeight > 0 else { return nil }
            let visibleHeight = visibleParts.map(\.bottom).max()! - visibleParts.map(\.top).min()!
            return visibleHeight / fullHeight
        case .area:
            let fullArea = section.fullArea
                ?? naiveUnionArea(section.cells.map { Part(left: $0.x, right: $0.x + $0.width, top: $0.y, bottom: $0.y + $0.height) })
            guard fullArea > 0 else { return nil }
            return naiveUnionArea(visibleParts) / fullArea
        }
    }

    /// A rect by its four edges, so no edge is recomputed as `origin + size`.
    struct Part {
        var left: Double, right: Double, top: Double, bottom: Double
    }

    /// The part of `cell` inside `viewport`, only when it has a positive area.
    static func visiblePart(of cell: Rect, in viewport: Rect) -> Part? {
        let left = max(cell.x, viewport.x)
        let right = min(cell.x + cell.width, viewport.x + viewport.width)
        let top = max(cell.y, viewport.y)
        let bottom = min(cell.y + cell.height, viewport.y + viewport.height)
        guard right > left, bottom > top else { return nil }
        return Part(left: left, right: right, top: top, bottom: bottom)
    }

    /// The area of the union by brute force: cut the plane along every edge and add up
    /// the grid cells that some part covers.
    static func naiveUnionArea(_ parts: [Part]) -> Double {
        let solid = parts.filter { $0.right > $0.left && $0.bottom > $0.top }
        let xs = Array(Set(solid.flatMap { [$0.left, $0.right] })).sorted()
        let ys = Array(Set(solid.flatMap { [$0.top, $0.bottom] })).sorted()
        var area = 0.0
        for i in xs.indices.dropLast() {
            for j in ys.indices.dropLast() {
                let covered = solid.contains {
                    $0.left <= xs[i] && xs[i + 1] <= $0.right && $0.top <= ys[j] && ys[j + 1] <= $0.bottom
                }
                if covered { area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j]) }
            }
        }
        return area
    }

    // MARK: - Validation, naively

    static func isValidRect(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
            && rect.width >= 0 && rect.height >= 0
            && (rect.x + rect.width).isFinite && (rect.y + rect.height).isFinite
    }

    static func isValidLayout(_ sections: [TrackedSection<ID>]) -> Bool {
        var seen: Set<ID> = []
        for section in sections {
            guard seen.insert(section.id).inserted else { return false }
            guard section.cells.allSatisfy(isValidRect) else { return false }
            if let fullHeight = section.fullHeight, !(fullHeight.isFinite && fullHeight >= 0) { return false }
            if let fullArea = section.fullArea, !(fullArea.isFinite && fullArea >= 0) { return false }
            if let policy = section.policy {
                guard policy.minimumVisibleRatio >= 0, policy.minimumVisibleRatio <= 1,
                      policy.minimumDuration >= .zero else { return false }
            }
        }
        return true
    }
}
