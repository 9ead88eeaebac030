/// Builds a ``SectionGeometry`` section by section, validating each; free of the id
/// type, like the geometry, so a layout of a million sections runs optimised code.
struct GeometryBuilder {
    private var geometry = SectionGeometry()
    /// The tables that depend on the engine's policy.
    private var group: MeasureGroupBuilder
    /// The same tables under each other way of measuring of an engine of several policies; empty
    /// for an engine of one policy.
    private var otherGroups: [MeasureGroupBuilder]
    /// Whether some measure group's default policy measures full areas (its measure, or its
    /// large-section rule), heights or widths: what a section without a policy of its own
    /// needs worked out.
    private let defaultsUseArea: Bool
    private let defaultsUseHeight: Bool
    private let defaultsUseWidth: Bool
    /// The bounding boxes of the sections whose box is not their only root cell (several
    /// cells, or nested ones), by ascending slot: what the spatial index cannot read from
    /// the cells.
    private var boxes: [SpatialIndex.SectionBox] = []
    private var sectionCells: [Rect] = []   // the section's cells in root coordinates, unclipped
    private var nestedContainers: [Int] = []   // the container index of each of the section's nested cells
    private var unionArea = UnionAreaWorkspace()
    // With gates, the per-cell tables of a GateTable, filled section by section.
    private let hasGates: Bool
    private let containerDisplays: [DisplayState]
    private var cellOpacities: [Double] = []
    private var cellHiders: [PackedIndex] = []
    private var sectionDisplays: [DisplayState] = []

    /// Reserves room for `sectionCount` sections, `cellCount` cells and `boxCount` boxes
    /// (the sections that ``SpatialIndex/needsBox(rootCells:nestedCells:)``): the layout
    /// keeps these arrays, so growing them by doubling would leave up to half of them
    /// unused. The scratch lists of one section's cells get room for `mostCells`, the
    /// most any section has, so that no section grows them again.
    ///
    /// - Parameter defaultPolicy: valid (the engine refuses layouts otherwise), so it is
    ///   not validated again for every section that uses it.
    /// - Parameters:
    ///   - otherGroupPolicies: more default policies (valid, measuring otherwise than
    ///     `defaultPolicy` and each other) to resolve the layout under in the same pass:
    ///     the engine's other ways of measuring (``finishGroups()``).
    ///   - hasGates: some section or container has a display attribute (loaded, hidden,
    ///     opacity): gates are then resolved for every slot and cell.
    ///   - containerDisplays: each container's opacity and hidden flag, by index; empty
    ///     when no container sets them.
    init(containers: ContainerTree, defaultPolicy: ImpressionPolicy, otherGroupPolicies: [ImpressionPolicy] = [],
         sampleInterval: Duration, sectionCount: Int, cellCount: Int, mostCells: Int, boxCount: Int,
         hasGates: Bool = false,
         containerDisplays: [DisplayState] = []) {
        geometry.containers = containers
        self.hasGates = hasGates
        self.containerDisplays = containerDisplays
        if hasGates {
            cellOpacities.reserveCapacity(cellCount)
            cellHiders.reserveCapacity(cellCount)
            sectionDisplays.reserveCapacity(sectionCount)
        }
        group = MeasureGroupBuilder(defaultPolicy: defaultPolicy, sampleInterval: sampleInterval,
                              sectionCount: sectionCount, hasGates: hasGates)
        otherGroups = otherGroupPolicies.isEmpty ? [] : otherGroupPolicies.map {
            MeasureGroupBuilder(defaultPolicy: $0, sampleInterval: sampleInterval, sectionCount: sectionCount,
                         hasGates: hasGates)
        }
        var usesArea = MeasureGroupBuilder.usesFullArea(defaultPolicy), usesHeight = defaultPolicy.measure == .height
        var usesWidth = defaultPolicy.measure == .width
        for policy in otherGroupPolicies {
            usesArea = usesArea || MeasureGroupBuilder.usesFullArea(policy)
            usesHeight = usesHeight || policy.measure == .height
            usesWidth = usesWidth || policy.measure == .width
        }
        (defaultsUseArea, defaultsUseHeight, defaultsUseWidth) = (usesArea, usesHeight, usesWidth)
        geometry.cells.reserveCapacity(cellCount)
        geometry.cellContainers.reserveCapacity(cellCount)
        geometry.cellStarts.reserveCapacity(sectionCount + 1)
        boxes.reserveCapacity(boxCount)
        sectionCells.reserveCapacity(mostCells)
        nestedContainers.reserveCapacity(mostCells)
    }

    /// Validates and appends one section; returns its problem (without the section, which
    /// the caller adds), appending nothing, when it is invalid.
    mutating func append(cells: [Rect], nestedCells: [NestedCell], fullHeight givenHeight: Double?,
                         fullWidth givenWidth: Double?, fullArea givenArea: Double?,
                         policy sectionPolicy: ImpressionPolicy?, display: DisplayState? = nil) -> InputError? {
        let containers = geometry.containers
        sectionCells.clear()
        var box: Rect?
        for cellIndex in cells.indices {
            let cell = cells[cellIndex]
            guard cell.x.isFinite, cell.y.isFinite, cell.width.isFinite, cell.height.isFinite,
                  cell.maxX.isFinite, cell.maxY.isFinite else {
                return .nonFiniteCell(cellIndex: cellIndex, cell)
            }
            guard cell.width >= 0, cell.height >= 0 else { return .negativeCellSize(cellIndex: cellIndex, cell) }
            sectionCells.append(cell)
            box = box?.union(cell) ?? cell
        }
        nestedContainers.clear()
        for cellIndex in nestedCells.indices {
            let nested = nestedCells[cellIndex]
            guard nested.frame.isValid else { return .invalidNestedCell(cellIndex: cellIndex, nested.frame) }
            // A carousel's cards are consecutive cells of one container: its id is looked up once.
            let container: Int
            if cellIndex > 0, nested.containerID == nestedCells[cellIndex - 1].containerID {
                container = nestedContainers[cellIndex - 1]
            } else {
                guard let found = containers.index(ofContainer: nested.containerID) else {
                    return .unknownContainer(cellIndex: cellIndex, containerID: nested.containerID)
                }
                container = found
            }
            nestedContainers.append(container)
            sectionCells.append(containers.unclipped(nested.frame, inContainer: container))
            // A nested cell never shows outside its outermost container.
            let reach = containers.outerBounds(ofContainer: container)
            box = box?.union(reach) ?? reach
        }
        if let givenHeight, !(givenHeight.isFinite && givenHeight >= 0) { return .invalidFullHeight(givenHeight) }
        if let givenArea, !(givenArea.isFinite && givenArea >= 0) { return .invalidFullArea(givenArea) }
        if let givenWidth, !(givenWidth.isFinite && givenWidth >= 0) { return .invalidFullWidth(givenWidth) }
        if let display, !(display.opacity >= 0 && display.opacity <= 1) { return .invalidOpacity(display.opacity) }
        if let sectionPolicy {
            do throws(ConfigurationError) {
                try sectionPolicy.validate()
            } catch {
                return .invalidSectionPolicy(error)
            }
        }
        // The figures every measure group reads, worked out once, and only those some measure group
        // uses.
        var figures = MeasureGroupBuilder.SectionFigures()
        let usesArea = sectionPolicy.map(MeasureGroupBuilder.usesFullArea) ?? defaultsUseArea
        let usesHeight = sectionPolicy.map { $0.measure == .height } ?? defaultsUseHeight
        let usesWidth = sectionPolicy.map { $0.measure == .width } ?? defaultsUseWidth
        if usesArea { figures.fullArea = givenArea ?? unionArea.unionArea(of: sectionCells) }
        // One bounding box for both the height and the width, when either is not given.
        let needsBounds = (usesHeight && givenHeight == nil) || (usesWidth && givenWidth == nil)
        let cellBounds = needsBounds ? Rect.boundingBox(of: sectionCells) : nil
        if usesHeight { figures.fullHeight = givenHeight ?? (cellBounds?.height ?? 0) }
        if usesWidth { figures.fullWidth = givenWidth ?? (cellBounds?.width ?? 0) }
        geometry.cells.append(contentsOf: cells)
        geometry.cellContainers.append(contentsOf: repeatElement(.none, count: cells.count))
        for (nested, container) in zip(nestedCells, nestedContainers) {
            geometry.cells.append(nested.frame)
            geometry.cellContainers.append(PackedIndex(container))
        }
        if hasGates {
            appendCellDisplays(display: display ?? DisplayState(), rootCellCount: cells.count, into: &figures)
        }
        if let box, SpatialIndex.needsBox(rootCells: cells.count, nestedCells: nestedCells.count) {
            boxes.append(SpatialIndex.SectionBox(box: box, slot: Int32(geometry.cellStarts.count - 1)))
        }
        geometry.cellStarts.append(Int32(geometry.cells.count))
        group.append(sectionPolicy: sectionPolicy, figures, hasGates: hasGates)
        for index in otherGroups.indices {
            otherGroups[index].append(sectionPolicy: sectionPolicy, figures, hasGates: hasGates)
        }
        return nil
    }

    /// Resolves the section's cells' effective opacities and hiding containers (its nested
    /// cells' containers are `nestedContainers`), once per layout, so that a sample reads
    /// a flag; and into `figures` what its gate under any policy follows from.
    private mutating func appendCellDisplays(display: DisplayState, rootCellCount: Int,
                                             into figures: inout MeasureGroupBuilder.SectionFigures) {
        let containers = geometry.containers
        sectionDisplays.append(display)
        cellOpacities.append(contentsOf: repeatElement(display.opacity, count: rootCellCount))
        cellHiders.append(contentsOf: repeatElement(.none, count: rootCellCount))
        if rootCellCount > 0 { figures.note(opacity: display.opacity, hider: .none) }
        for container in nestedContainers {
            var (opacity, hiddenBy) = (display.opacity, PackedIndex.none)
            // `append` found every nested cell's container before this.
            if !containerDisplays.isEmpty {
                (opacity, hiddenBy) = containers.display(of: display.opacity, inContainer: container,
                                                         displays: containerDisplays)
            }
            cellOpacities.append(opacity)
            cellHiders.append(hiddenBy)
            figures.note(opacity: opacity, hider: hiddenBy)
        }
        figures.noteFixedGate(of: display)
    }

    /// The geometry of every section appended, with its spatial index.
    consuming func finish() -> SectionGeometry {
        finishGroups().geometry
    }

    /// The geometry under the default policy, as ``finish()`` gives it, and under each of
    /// the other measure group policies, in their order: each shares the cells, containers,
    /// spatial index and per-cell gate tables of the first (copy-on-write), and has its
    /// own denominators, policies and gates.
    consuming func finishGroups() -> (geometry: SectionGeometry, otherGroups: [SectionGeometry]) {
        geometry.index = SpatialIndex(cells: geometry.cells, cellStarts: geometry.cellStarts, boxes: boxes)
        var others: [SectionGeometry] = []
        others.reserveCapacity(otherGroups.count)
        for other in otherGroups {
            var otherGeometry = geometry
            other.apply(to: &otherGeometry, hasGates: hasGates, cellOpacities: cellOpacities, cellHiders: cellHiders,
                        sectionDisplays: sectionDisplays, containerDisplays: containerDisplays)
            others.append(otherGeometry)
        }
        group.apply(to: &geometry, hasGates: hasGates, cellOpacities: cellOpacities, cellHiders: cellHiders,
                     sectionDisplays: sectionDisplays, containerDisplays: containerDisplays)
        return (geometry, others)
    }
}
