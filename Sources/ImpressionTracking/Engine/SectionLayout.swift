/// A validated layout, stored densely by slot (the section's position in the layout).
///
/// Built whole or not at all: the initialiser throws on the first bad section or
/// container, so the engine's previous layout stays in force.
struct SectionLayout<ID: Hashable & Sendable>: Sendable {
    /// A section's policy with what can be worked out once.
    struct ResolvedPolicy: Sendable, Hashable {
        var entryRatio: Double
        /// The ratio a counting section must keep: `exitVisibleRatio`, or `entryRatio`.
        var exitRatio: Double
        var requiredSamples: Int
        var measure: ImpressionPolicy.Measure
        var recurrence: ImpressionPolicy.Recurrence
        var capsToViewport: Bool

        /// - Parameter isLarge: the section meets the policy's `lowerRatio` rule.
        init(_ policy: ImpressionPolicy, sampleInterval: Duration, isLarge: Bool) {
            entryRatio = policy.minimumVisibleRatio
            if isLarge, case .lowerRatio(_, let ratio) = policy.largeSectionRule {
                entryRatio = ratio
            }
            exitRatio = min(entryRatio, policy.exitVisibleRatio ?? entryRatio)
            requiredSamples = policy.requiredSamples(sampleInterval: sampleInterval)
            measure = policy.measure
            recurrence = policy.recurrence
            capsToViewport = policy.largeSectionRule == .capToViewport
        }
    }

    private struct PolicyKey: Hashable {
        var policy: ImpressionPolicy
        var isLarge: Bool
    }

    private(set) var ids: [ID] = []
    /// The cells of every section, root cells then nested ones, section after section;
    /// slot `s` owns `cells[cellStarts[s] ..< cellStarts[s + 1]]`.
    private(set) var cells: [Rect] = []
    /// The container of each cell, -1 for the root content.
    private(set) var cellContainers: [Int32] = []
    private(set) var cellStarts: [Int] = [0]
    /// The measure's denominator per slot: full height or full area.
    private(set) var denominators: [Double] = []
    /// Index into `policies` per slot.
    private(set) var policyIndices: [Int32] = []
    private(set) var policies: [ResolvedPolicy] = []
    private(set) var slotsByID: [ID: Int] = [:]
    private(set) var index = SpatialIndex()
    var containers = ContainerTree()
    /// Whether any cell is nested, so flat feeds skip the container walk.
    private(set) var hasNestedCells = false

    var count: Int { ids.count }

    /// An empty layout.
    init() {}

    /// Validates and stores `sections` and `containers`.
    ///
    /// Denominators of nested cells are measured at the containers' offsets given here.
    ///
    /// - Throws: ``LayoutError`` for the first bad container or section: a bad rect,
    ///   size or policy, a duplicate id, or a nested cell in an unknown container.
    init(sections: [TrackedSection<ID>], containers: [ScrollContainer],
         defaultPolicy: ImpressionPolicy, sampleInterval: Duration) throws(LayoutError) {
        self.containers = try ContainerTree(containers)
        var policyIndexByKey: [PolicyKey: Int32] = [:]
        var bounds: [Rect] = []
        var sectionCells: [Rect] = []   // the section's cells in root coordinates, unclipped
        ids.reserveCapacity(sections.count)
        cellStarts.reserveCapacity(sections.count + 1)
        denominators.reserveCapacity(sections.count)
        policyIndices.reserveCapacity(sections.count)
        bounds.reserveCapacity(sections.count)
        slotsByID.reserveCapacity(sections.count)
        var unionArea = UnionAreaWorkspace()

        for (slot, section) in sections.enumerated() {
            func fail(_ problem: LayoutError.Problem) -> LayoutError {
                .section(section.id, at: slot, problem)
            }
            if let firstIndex = slotsByID.updateValue(slot, forKey: section.id) {
                throw fail(.duplicateID(firstIndex: firstIndex))
            }
            sectionCells.removeAll(keepingCapacity: true)
            var box: Rect?
            for (cellIndex, cell) in section.cells.enumerated() {
                guard cell.x.isFinite, cell.y.isFinite, cell.width.isFinite, cell.height.isFinite,
                      cell.maxX.isFinite, cell.maxY.isFinite else {
                    throw fail(.nonFiniteCell(cellIndex: cellIndex, cell))
                }
                guard cell.width >= 0, cell.height >= 0 else {
                    throw fail(.negativeCellSize(cellIndex: cellIndex, cell))
                }
                sectionCells.append(cell)
                box = box?.union(cell) ?? cell
            }
            for (cellIndex, nested) in section.nestedCells.enumerated() {
                guard nested.frame.isValid else { throw fail(.invalidNestedCell(cellIndex: cellIndex, nested.frame)) }
                guard let container = self.containers.indicesByID[nested.containerID] else {
                    throw fail(.unknownContainer(cellIndex: cellIndex, containerID: nested.containerID))
                }
                sectionCells.append(self.containers.unclipped(nested.frame, inContainer: container))
                // A nested cell never shows outside its outermost container.
                let reach = self.containers.outerBounds(ofContainer: container)
                box = box?.union(reach) ?? reach
            }
            if let fullHeight = section.fullHeight, !(fullHeight.isFinite && fullHeight >= 0) {
                throw fail(.invalidFullHeight(fullHeight))
            }
            if let fullArea = section.fullArea, !(fullArea.isFinite && fullArea >= 0) {
                throw fail(.invalidFullArea(fullArea))
            }
            let policy = section.policy ?? defaultPolicy
            do throws(ConfigurationError) {
                try policy.validate()
            } catch {
                throw fail(.invalidPolicy(error))
            }

            let fullHeight = section.fullHeight ?? (Rect.boundingBox(of: sectionCells)?.height ?? 0)
            var fullArea = 0.0
            if policy.measure == .area || policy.largeSectionRule != nil {
                fullArea = section.fullArea ?? unionArea.unionArea(of: sectionCells)
            }
            var isLarge = false
            if case .lowerRatio(let minimumArea, _) = policy.largeSectionRule {
                isLarge = fullArea >= minimumArea
            }
            let key = PolicyKey(policy: policy, isLarge: isLarge)
            let policyIndex: Int32
            if let known = policyIndexByKey[key] {
                policyIndex = known
            } else {
                policyIndex = Int32(policies.count)
                policies.append(ResolvedPolicy(policy, sampleInterval: sampleInterval, isLarge: isLarge))
                policyIndexByKey[key] = policyIndex
            }

            ids.append(section.id)
            cells.append(contentsOf: section.cells)
            cellContainers.append(contentsOf: repeatElement(-1, count: section.cells.count))
            for nested in section.nestedCells {
                cells.append(nested.frame)
                cellContainers.append(Int32(self.containers.indicesByID[nested.containerID] ?? -1))
            }
            hasNestedCells = hasNestedCells || !section.nestedCells.isEmpty
            cellStarts.append(cells.count)
            denominators.append(policy.measure == .height ? fullHeight : fullArea)
            policyIndices.append(policyIndex)
            bounds.append(box ?? .zero)
        }
        index = SpatialIndex(bounds: bounds)
    }

    func cellRange(ofSlot slot: Int) -> Range<Int> {
        cellStarts[slot] ..< cellStarts[slot + 1]
    }

    func policy(ofSlot slot: Int) -> ResolvedPolicy {
        policies[Int(policyIndices[slot])]
    }
}
