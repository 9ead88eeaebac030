/// Works out a section's ``VisibleGeometry`` at a sample: what of it is in view by
/// height, width and area, where, under which obstructions, and why the rest is not.
///
/// Apart from ``VisibilityMeasurer`` on purpose: the sample loop never calls it. An
/// engine runs it only while someone watches the geometry, and only at the first sample
/// after an input (between inputs nothing it reads changes). It works on the layout's
/// own geometry (measure group 0), whose cells, containers and gates every group shares.
/// Holds its buffers, so measuring does not allocate once they have grown.
struct GeometryMeasurer: Sendable {
    /// What the screen shows at a sample, as the geometry reads it.
    struct Screen: Sendable {
        /// The viewport in root content coordinates, once set.
        var viewport: Rect?
        /// The viewport less its insets; `nil` without a viewport or when the insets
        /// leave nothing.
        var effectiveViewport: Rect?
        /// Rects that hide what is under them, in viewport coordinates.
        var obstructions: [Rect]
        /// Listed, not subtracted, in viewport coordinates.
        var friendlyObstructions: [FriendlyObstruction]
        /// Why the tracker is inactive; empty when it is active.
        var inactiveCauses: InactiveCauses
    }

    /// A section's full height, width and area: what its fractions divide.
    struct FullFigures: Sendable, Hashable {
        var height = 0.0
        var width = 0.0
        var area = 0.0
    }

    private var parts: [Rect] = []
    private var scratch: [Rect] = []
    private var unionArea = UnionAreaWorkspace()

    init() {}

    /// The full figures of every section of a layout, by slot: those of
    /// ``fullFigures(of:in:)`` for each.
    mutating func fullFigures<ID>(of sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                  slots: SlotsByID<ID>, count: Int) -> [FullFigures] {
        var figures = Array(repeating: FullFigures(), count: count)
        let tree = Self.tree(of: containers)
        for section in sections {
            guard let slot = slots[section.id], slot < count else { continue }
            figures[slot] = fullFigures(of: section, in: tree)
        }
        return figures
    }

    /// The containers of a layout as given, for ``fullFigures(of:in:)``: empty when they
    /// do not make a tree (a layout the engine took always does).
    static func tree(of containers: [ScrollContainer]) -> ContainerTree {
        (try? ContainerTree(containers)) ?? ContainerTree()
    }

    /// One section's full figures: `fullHeight`, `fullWidth` and `fullArea` when given,
    /// else those of its cells (nested ones moved through their containers as the layout
    /// placed them, unclipped), as the layout's denominators are worked out.
    mutating func fullFigures<ID>(of section: TrackedSection<ID>, in tree: ContainerTree) -> FullFigures {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: section.cells)
        for nested in section.nestedCells {
            guard let container = tree.index(ofContainer: nested.containerID) else { continue }
            scratch.append(tree.unclipped(nested.frame, inContainer: container))
        }
        let bounds = Rect.boundingBox(of: scratch)
        return FullFigures(height: section.fullHeight ?? (bounds?.height ?? 0),
                           width: section.fullWidth ?? (bounds?.width ?? 0),
                           area: section.fullArea ?? unionArea.unionArea(of: scratch))
    }

    /// The geometry of the section in `slot` of `geometry`, named `id`, at `time`.
    mutating func measure<ID>(slot: Int, id: ID, in geometry: SectionGeometry, full: FullFigures, on screen: Screen,
                              at time: Duration) -> VisibleGeometry<ID> {
        var result = VisibleGeometry(sectionID: id, time: time)
        guard let viewport = screen.viewport else {
            result.reasons = .viewport
            return result
        }
        let origin = (x: viewport.x, y: viewport.y)
        let cells = geometry.cellRange(ofSlot: slot)
        var frame: Rect?
        for cellIndex in cells {
            let moved = movedCell(cellIndex, in: geometry)
            frame = frame?.union(moved) ?? moved
        }
        result.frame = frame?.offsetBy(dx: -origin.x, dy: -origin.y)
        if !screen.inactiveCauses.isEmpty {
            if screen.inactiveCauses.contains(.inBackground) { result.reasons.insert(.backgrounded) }
            if !screen.inactiveCauses.subtracting(.inBackground).isEmpty { result.reasons.insert(.inactive) }
            return result
        }
        guard let effective = screen.effectiveViewport else {
            result.reasons = .viewport
            return result
        }
        let display = geometry.display(ofSlot: slot)
        if !display.isLoaded {
            result.reasons = .notLoaded
            return result
        }
        if display.isHidden {
            result.reasons = .hidden
            return result
        }
        parts.removeAll(keepingCapacity: true)
        for cellIndex in cells {
            let moved = movedCell(cellIndex, in: geometry)
            guard !moved.isEmpty else { continue }
            if let table = geometry.gateTable, table.cellHiders[cellIndex].isSome || !(table.cellOpacities[cellIndex] > 0) {
                result.reasons.insert(.hidden)
                continue
            }
            let clipped: Rect? = if let container = geometry.cellContainers[cellIndex].index {
                geometry.containers.clip(geometry.cells[cellIndex], inContainer: container).part
            } else {
                moved
            }
            let movedInView = moved.intersection(effective)
            let part = clipped?.intersection(effective)
            // Each says what it cuts of the whole cell: both may, the one what the other left.
            if Self.exceeds(moved.area, movedInView?.area ?? 0) { result.reasons.insert(.viewport) }
            if Self.exceeds(moved.area, clipped?.area ?? 0) { result.reasons.insert(.clipped) }
            if let part { parts.append(part) }
        }
        guard !parts.isEmpty else {
            if result.reasons.isEmpty { result.reasons = .viewport }
            return result
        }
        for friendly in screen.friendlyObstructions {
            let covering = friendly.rect.offsetBy(dx: origin.x, dy: origin.y)
            if parts.contains(where: { $0.intersects(covering) }) { result.friendlyObstructions.append(friendly) }
        }
        // Listed when over what shows before any is taken off; those over nothing take
        // nothing off.
        for obstruction in screen.obstructions {
            let covering = obstruction.offsetBy(dx: origin.x, dy: origin.y)
            if parts.contains(where: { $0.intersects(covering) }) { result.obstructions.append(obstruction) }
        }
        if !result.obstructions.isEmpty { result.reasons.insert(.obstructed) }
        for obstruction in result.obstructions {
            let covering = obstruction.offsetBy(dx: origin.x, dy: origin.y)
            scratch.removeAll(keepingCapacity: true)
            for part in parts { part.subtracting(covering, into: &scratch) }
            swap(&parts, &scratch)
            if parts.isEmpty { return result }
        }
        guard let onScreen = Rect.boundingBox(of: parts) else { return result }
        let area = unionArea.unionArea(ofNonEmpty: parts)
        result.onScreenFrame = onScreen.offsetBy(dx: -origin.x, dy: -origin.y)
        result.pixelsInView = area
        result.heightFraction = Self.fraction(onScreen.height, of: full.height)
        result.widthFraction = Self.fraction(onScreen.width, of: full.width)
        result.areaFraction = Self.fraction(area, of: full.area)
        result.percentageInView = VisibleGeometry<ID>.percentage(ofAreaFraction: result.areaFraction)
        return result
    }

    /// The cell in root content coordinates, moved through its containers, unclipped.
    private func movedCell(_ cellIndex: Int, in geometry: SectionGeometry) -> Rect {
        let cell = geometry.cells[cellIndex]
        guard let container = geometry.cellContainers[cellIndex].index else { return cell }
        return geometry.containers.unclipped(cell, inContainer: container)
    }

    /// `part` over `whole`, at most 1; 0 for a whole of no size.
    static func fraction(_ part: Double, of whole: Double) -> Double {
        whole > 0 ? min(1, part / whole) : 0
    }

    /// Whether `larger` is more than `smaller` by more than rounding: moving a rect through
    /// containers and clipping it may leave an edge a few ulps off.
    static func exceeds(_ larger: Double, _ smaller: Double) -> Bool {
        larger - smaller > 1e-9 * max(1, larger.magnitude)
    }
}
