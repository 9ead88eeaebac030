/// Builds a ``SectionGeometry`` section by section, validating each; free of the id
/// type, like the geometry, so a layout of a million sections runs optimised code.
struct GeometryBuilder {
    private var geometry = SectionGeometry()
    private let defaultPolicy: ImpressionPolicy
    private let sampleInterval: Duration
    private var policyIndexByKey: [PolicyKey: Int32] = [:]
    private var bounds: [Rect] = []
    private var sectionCells: [Rect] = []   // the section's cells in root coordinates, unclipped
    private var unionArea = UnionAreaWorkspace()
    // With gates, the tables of a GateTable, filled section by section.
    private let hasGates: Bool
    private let containerDisplays: [DisplayState]
    private var gates: [SectionGeometry.Gate] = []
    private var cellOpacities: [Double] = []
    private var cellHiders: [Int32] = []
    /// The policy most sections share, looked up without hashing.
    private var lastPolicy: (key: PolicyKey, index: Int32)?
    /// The index of the default policy for a section that is not large, once known:
    /// sections without a policy of their own take it without comparing policies.
    private var defaultPolicyIndex: Int32?

    private struct PolicyKey: Hashable {
        var policy: ImpressionPolicy
        var isLarge: Bool
        /// The engine's policy, not a section's own (even an equal one): a multi-policy
        /// engine swaps these for each of its policies (``SectionGeometry/policySources``).
        var isDefault: Bool
    }

    /// Reserves room for `sectionCount` sections and `cellCount` cells: the layout keeps
    /// these arrays, so growing them by doubling would leave up to half of them unused.
    ///
    /// - Parameter defaultPolicy: valid (the engine refuses layouts otherwise), so it is
    ///   not validated again for every section that uses it.
    /// - Parameters:
    ///   - hasGates: some section or container has a display attribute (loaded, hidden,
    ///     opacity): gates are then resolved for every slot and cell.
    ///   - containerDisplays: each container's opacity and hidden flag, by index; empty
    ///     when no container sets them.
    init(containers: ContainerTree, defaultPolicy: ImpressionPolicy, sampleInterval: Duration,
         sectionCount: Int, cellCount: Int, hasGates: Bool = false, containerDisplays: [DisplayState] = []) {
        geometry.containers = containers
        self.hasGates = hasGates
        self.containerDisplays = containerDisplays
        if hasGates {
            gates.reserveCapacity(sectionCount)
            cellOpacities.reserveCapacity(cellCount)
            cellHiders.reserveCapacity(cellCount)
        }
        self.defaultPolicy = defaultPolicy
        self.sampleInterval = sampleInterval
        geometry.cells.reserveCapacity(cellCount)
        geometry.cellContainers.reserveCapacity(cellCount)
        geometry.cellStarts.reserveCapacity(sectionCount + 1)
        geometry.denominators.reserveCapacity(sectionCount)
        geometry.policyIndices.reserveCapacity(sectionCount)
        bounds.reserveCapacity(sectionCount)
    }

    /// Validates and appends one section; returns its problem (without the section, which
    /// the caller adds), appending nothing, when it is invalid.
    mutating func append(cells: [Rect], nestedCells: [NestedCell], fullHeight givenHeight: Double?,
                         fullWidth givenWidth: Double?, fullArea givenArea: Double?,
                         policy sectionPolicy: ImpressionPolicy?, display: DisplayState? = nil) -> InputError? {
        let containers = geometry.containers
        sectionCells.removeAll(keepingCapacity: true)
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
        for cellIndex in nestedCells.indices {
            let nested = nestedCells[cellIndex]
            guard nested.frame.isValid else { return .invalidNestedCell(cellIndex: cellIndex, nested.frame) }
            guard let container = containers.indicesByID[nested.containerID] else {
                return .unknownContainer(cellIndex: cellIndex, containerID: nested.containerID)
            }
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
        let policy = sectionPolicy ?? defaultPolicy

        var fullArea = 0.0
        if policy.measure == .area || policy.largeSectionRule != nil {
            fullArea = givenArea ?? unionArea.unionArea(of: sectionCells)
        }
        var isLarge = false
        if case .lowerRatio(let minimumArea, _) = policy.largeSectionRule {
            isLarge = fullArea >= minimumArea
        }
        if sectionPolicy == nil && !isLarge, let defaultPolicyIndex {
            geometry.policyIndices.append(defaultPolicyIndex)
        } else {
            let index = policyIndex(of: PolicyKey(policy: policy, isLarge: isLarge, isDefault: sectionPolicy == nil))
            if sectionPolicy == nil && !isLarge { defaultPolicyIndex = index }
            geometry.policyIndices.append(index)
        }
        geometry.cells.append(contentsOf: cells)
        geometry.cellContainers.append(contentsOf: repeatElement(-1, count: cells.count))
        for nested in nestedCells {
            geometry.cells.append(nested.frame)
            geometry.cellContainers.append(Int32(containers.indicesByID[nested.containerID] ?? -1))
        }
        if hasGates {
            appendGates(display: display ?? DisplayState(), nestedCells: nestedCells, rootCellCount: cells.count,
                        minimumOpacity: policy.minimumOpacity)
        }
        geometry.cellStarts.append(geometry.cells.count)
        switch policy.measure {
        case .height: geometry.denominators.append(givenHeight ?? (Rect.boundingBox(of: sectionCells)?.height ?? 0))
        case .area: geometry.denominators.append(fullArea)
        case .width: geometry.denominators.append(givenWidth ?? (Rect.boundingBox(of: sectionCells)?.width ?? 0))
        }
        bounds.append(box ?? .zero)
        return nil
    }

    /// Resolves the section's gate and its cells' effective opacities and hiding
    /// containers, once per layout, so that a sample reads a flag.
    private mutating func appendGates(display: DisplayState, nestedCells: [NestedCell], rootCellCount: Int,
                                      minimumOpacity: Double) {
        let containers = geometry.containers
        let firstCell = cellOpacities.count
        cellOpacities.append(contentsOf: repeatElement(display.opacity, count: rootCellCount))
        cellHiders.append(contentsOf: repeatElement(-1, count: rootCellCount))
        for nested in nestedCells {
            let container = containers.indicesByID[nested.containerID] ?? -1
            let (opacity, hiddenBy) = containerDisplays.isEmpty ? (display.opacity, -1)
                : containers.display(of: display.opacity, inContainer: container, displays: containerDisplays)
            cellOpacities.append(opacity)
            cellHiders.append(Int32(hiddenBy))
        }
        let gate: SectionGeometry.Gate
        if !display.isLoaded {
            gate = .notLoaded
        } else if display.isHidden {
            gate = .hidden
        } else if (firstCell ..< cellOpacities.count).contains(where: {
            GateTable.isExcluded(opacity: cellOpacities[$0], hider: cellHiders[$0], minimumOpacity: minimumOpacity)
        }) {
            gate = .someCellsExcluded
        } else {
            gate = .open
        }
        gates.append(gate)
    }

    private mutating func policyIndex(of key: PolicyKey) -> Int32 {
        if let lastPolicy, lastPolicy.key == key { return lastPolicy.index }
        let index: Int32
        if let known = policyIndexByKey[key] {
            index = known
        } else {
            index = Int32(geometry.policies.count)
            geometry.policies.append(ResolvedPolicy(key.policy, sampleInterval: sampleInterval, isLarge: key.isLarge))
            geometry.policySources.append(.init(isDefault: key.isDefault, isLarge: key.isLarge))
            policyIndexByKey[key] = index
        }
        lastPolicy = (key, index)
        return index
    }

    /// The geometry of every section appended, with its spatial index.
    consuming func finish() -> SectionGeometry {
        geometry.index = SpatialIndex(bounds: bounds)
        if hasGates {
            geometry.gateTable = GateTable(gates: gates, cellOpacities: cellOpacities, cellHiders: cellHiders)
        }
        return geometry
    }
}
