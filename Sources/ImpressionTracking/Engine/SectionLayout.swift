/// A validated layout, stored densely by slot (the section's position in the layout).
///
/// Built whole or not at all: ``init(sections:defaultPolicy:sampleInterval:)`` throws on
/// the first bad section, so the engine's previous layout stays in force.
struct SectionLayout<ID: Hashable & Sendable>: Sendable {
    /// A section's policy with its sample count worked out once.
    struct ResolvedPolicy: Sendable, Hashable {
        var minimumVisibleRatio: Double
        var requiredSamples: Int
        var measure: ImpressionPolicy.Measure
        var recurrence: ImpressionPolicy.Recurrence

        init(_ policy: ImpressionPolicy, sampleInterval: Duration) {
            minimumVisibleRatio = policy.minimumVisibleRatio
            requiredSamples = policy.requiredSamples(sampleInterval: sampleInterval)
            measure = policy.measure
            recurrence = policy.recurrence
        }
    }

    private(set) var ids: [ID] = []
    /// The cells of every section, one after another; slot `s` owns
    /// `cells[cellStarts[s] ..< cellStarts[s + 1]]`.
    private(set) var cells: [Rect] = []
    private(set) var cellStarts: [Int] = [0]
    /// The measure's denominator per slot: full height or full area.
    private(set) var denominators: [Double] = []
    /// Index into `policies` per slot; 0 is the engine's policy.
    private(set) var policyIndices: [Int32] = []
    private(set) var policies: [ResolvedPolicy]
    private(set) var slotsByID: [ID: Int] = [:]
    private(set) var index = SpatialIndex()

    var count: Int { ids.count }

    /// An empty layout.
    init(defaultPolicy: ImpressionPolicy, sampleInterval: Duration) {
        policies = [ResolvedPolicy(defaultPolicy, sampleInterval: sampleInterval)]
    }

    /// Validates and stores `sections`.
    ///
    /// - Throws: ``LayoutError`` for the first section with a bad rect, size, policy or
    ///   a duplicate id.
    init(sections: [TrackedSection<ID>], defaultPolicy: ImpressionPolicy, sampleInterval: Duration) throws(LayoutError) {
        self.init(defaultPolicy: defaultPolicy, sampleInterval: sampleInterval)
        var policyIndexByValue: [ImpressionPolicy: Int32] = [defaultPolicy: 0]
        var bounds: [Rect] = []
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
            for (cellIndex, cell) in section.cells.enumerated() {
                guard cell.x.isFinite, cell.y.isFinite, cell.width.isFinite, cell.height.isFinite,
                      cell.maxX.isFinite, cell.maxY.isFinite else {
                    throw fail(.nonFiniteCell(cellIndex: cellIndex, cell))
                }
                guard cell.width >= 0, cell.height >= 0 else {
                    throw fail(.negativeCellSize(cellIndex: cellIndex, cell))
                }
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
            let policyIndex: Int32
            if let known = policyIndexByValue[policy] {
                policyIndex = known
            } else {
                policyIndex = Int32(policies.count)
                policies.append(ResolvedPolicy(policy, sampleInterval: sampleInterval))
                policyIndexByValue[policy] = policyIndex
            }

            let box = Rect.boundingBox(of: section.cells) ?? .zero
            let denominator: Double
            switch policy.measure {
            case .height: denominator = section.fullHeight ?? box.height
            case .area: denominator = section.fullArea ?? unionArea.unionArea(of: section.cells)
            }
            ids.append(section.id)
            cells.append(contentsOf: section.cells)
            cellStarts.append(cells.count)
            denominators.append(denominator)
            policyIndices.append(policyIndex)
            bounds.append(box)
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
