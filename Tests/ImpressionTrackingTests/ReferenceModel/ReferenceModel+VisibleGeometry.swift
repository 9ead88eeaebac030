@testable import ImpressionTracking

/// The geometry stream, written apart from the engine: what a section shows now, by
/// brute force, and the changes a watcher of every sample would see.
extension ReferenceModel {
    /// What `section` shows now, as ``VisibleGeometry`` states it: its cells moved into
    /// root coordinates (through their containers), clipped by each container and by the
    /// viewport less its insets, less the obstructions that are not friendly; the
    /// fractions against its full size as the layout measured it; and why the rest is not
    /// in view.
    func visibleGeometry(of section: TrackedSection<ID>, at time: Duration) -> VisibleGeometry<ID> {
        var result = VisibleGeometry(sectionID: section.id, time: time)
        guard let viewport else {
            result.reasons = .viewport
            return result
        }
        let moved: [Part] = section.cells.map(Part.init)
            + section.nestedCells.map { moveToRoot(Part($0.frame), in: $0.containerID, clipping: false).part! }
        if !moved.isEmpty {
            let left = moved.map(\.left).min()!, right = moved.map(\.right).max()!
            let top = moved.map(\.top).min()!, bottom = moved.map(\.bottom).max()!
            result.frame = Rect(x: left - viewport.x, y: top - viewport.y, width: right - left, height: bottom - top)
        }
        guard isActive else {
            if !foreground { result.reasons.insert(.backgrounded) }
            if !appeared || covered || refreshing { result.reasons.insert(.inactive) }
            return result
        }
        guard let screen = effectiveViewport, screen.right > screen.left, screen.bottom > screen.top else {
            result.reasons = .viewport
            return result
        }
        if !section.isLoaded {
            result.reasons = .notLoaded
            return result
        }
        if section.isHidden {
            result.reasons = .hidden
            return result
        }
        // Each cell: where it would be, what its containers leave of it, and whether it is
        // hidden (a hidden container, or no opacity at all).
        var cells: [(moved: Part, clipped: Part?, hidden: Bool)] = section.cells.map {
            (Part($0), Part($0), !(section.opacity > 0))
        }
        for nested in section.nestedCells {
            let (opacity, hiddenBy) = effectiveOpacity(of: section, in: nested.containerID)
            cells.append((moveToRoot(Part(nested.frame), in: nested.containerID, clipping: false).part!,
                          moveToRoot(Part(nested.frame), in: nested.containerID).part, hiddenBy != nil || !(opacity > 0)))
        }
        var parts: [Part] = []
        for cell in cells {
            let area = Self.area(cell.moved)
            guard area > 0 else { continue }
            if cell.hidden {
                result.reasons.insert(.hidden)
                continue
            }
            let movedInView = cell.moved.clipped(to: screen).map(Self.area) ?? 0
            let part = cell.clipped?.clipped(to: screen)
            if Self.exceeds(area, movedInView) { result.reasons.insert(.viewport) }
            if Self.exceeds(area, cell.clipped.map(Self.area) ?? 0) { result.reasons.insert(.clipped) }
            if let part { parts.append(part) }
        }
        guard !parts.isEmpty else {
            if result.reasons.isEmpty { result.reasons = .viewport }
            return result
        }
        func overlaps(_ rect: Rect) -> Bool {
            let covering = Part(rect.offsetBy(dx: viewport.x, dy: viewport.y))
            return parts.contains { $0.clipped(to: covering) != nil }
        }
        result.friendlyObstructions = friendlyObstructions.filter { overlaps($0.rect) }
        result.obstructions = obstructions.filter(overlaps)
        if !result.obstructions.isEmpty { result.reasons.insert(.obstructed) }
        let holes = result.obstructions.map { Part($0.offsetBy(dx: viewport.x, dy: viewport.y)) }
        guard let remaining = Self.naiveCoverage(covered: parts, uncovered: holes) else { return result }
        let bounds = remaining.bounds
        let measures = layoutMeasures[section.id]!
        let full = (height: section.fullHeight ?? measures.height, width: section.fullWidth ?? measures.width,
                    area: section.fullArea ?? measures.area)
        result.onScreenFrame = Rect(x: bounds.left - viewport.x, y: bounds.top - viewport.y,
                                    width: bounds.right - bounds.left, height: bounds.bottom - bounds.top)
        result.pixelsInView = remaining.area
        result.heightFraction = Self.fraction(bounds.bottom - bounds.top, of: full.height)
        result.widthFraction = Self.fraction(bounds.right - bounds.left, of: full.width)
        result.areaFraction = Self.fraction(remaining.area, of: full.area)
        result.percentageInView = (0...100).last { Double($0) - 1e-9 <= result.areaFraction * 100 } ?? 0
        return result
    }

    /// Every section's geometry now, in layout order.
    func visibleGeometries(at time: Duration) -> [VisibleGeometry<ID>] {
        layout.map { visibleGeometry(of: $0, at: time) }
    }

    private static func area(_ part: Part) -> Double {
        max(0, part.right - part.left) * max(0, part.bottom - part.top)
    }

    private static func fraction(_ part: Double, of whole: Double) -> Double {
        whole > 0 ? min(1, part / whole) : 0
    }

    /// More by more than rounding: the rule the stream states, written again.
    private static func exceeds(_ larger: Double, _ smaller: Double) -> Bool {
        larger - smaller > 1e-9 * max(1, abs(larger))
    }
}

/// The changes a watcher of the model's geometry sees: at every sample, a change for each
/// section whose geometry differs from the last one seen, after one for each section that
/// left the layout.
struct ReferenceGeometryWatcher<ID: Hashable & Sendable> {
    private var last: [ID: VisibleGeometry<ID>] = [:]
    private var order: [ID] = []

    /// The changes at a sample whose geometries are `current`, in layout order.
    mutating func changes(to current: [VisibleGeometry<ID>], at time: Duration) -> [VisibleGeometry<ID>] {
        var changes: [VisibleGeometry<ID>] = []
        let present = Set(current.map(\.sectionID))
        for id in order where !present.contains(id) {
            last[id] = nil
            changes.append(VisibleGeometry(sectionID: id, time: time, reasons: .notFound))
        }
        order = current.map(\.sectionID)
        for geometry in current {
            if let previous = last[geometry.sectionID], previous.hasSameValues(as: geometry) { continue }
            last[geometry.sectionID] = geometry
            changes.append(geometry)
        }
        return changes
    }
}
