/// A validated layout: the sections' ids, and their geometry stored densely by slot.
///
/// Built whole or not at all: the initialiser throws on the first bad section or
/// container, so the engine's previous layout stays in force.
struct SectionLayout<ID: Hashable & Sendable>: Sendable {
    /// The ids by slot, and the slot of each id.
    private(set) var slotsByID = SlotsByID<ID>()
    /// The ids, by slot.
    var ids: [ID] { slotsByID.ids }
    /// Cells, containers, policies and the spatial index, by slot.
    var geometry = SectionGeometry()

    var count: Int { slotsByID.count }

    /// An empty layout.
    init() {}

    /// Validates and stores `sections` and `containers`.
    ///
    /// Denominators of nested cells are measured at the containers' offsets given here.
    ///
    /// - Parameter sameIDsAs: a layout whose ids are those of `sections`, in the same
    ///   order (a feed reporting itself again with moved rects): its id index is reused
    ///   instead of hashing every id again.
    /// - Throws: ``InputError`` for a layout of more sections, cells or containers than
    ///   ``SectionGeometry/maximumCount``, or for the first bad container or section: a
    ///   bad rect, size, opacity or policy, a duplicate id, or a nested cell in an unknown
    ///   container.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    init(sections: [TrackedSection<ID>], containers: [ScrollContainer],
         defaultPolicy: ImpressionPolicy, sampleInterval: Duration,
         sameIDsAs previous: SectionLayout<ID>?) throws(InputError) {
        geometry = try fill(sections, containers: containers, defaultPolicy: defaultPolicy, otherGroupPolicies: [],
                            sampleInterval: sampleInterval, sameIDsAs: previous).finish()
    }

    /// Validates and stores `sections` and `containers` as
    /// ``init(sections:containers:defaultPolicy:sampleInterval:sameIDsAs:)`` does, and resolves
    /// them under each of `otherGroupPolicies` in the same pass: what an engine's
    /// other ways of measuring see. Their geometries share this layout's cells,
    /// containers and spatial index.
    ///
    /// - Parameter otherGroupPolicies: valid, each measuring otherwise than
    ///   `defaultPolicy` and the others (measure, large-section rule, minimum opacity).
    /// - Throws: ``InputError`` for the first bad container or section, as the initialiser.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    static func measureGroups(sections: [TrackedSection<ID>], containers: [ScrollContainer],
                              defaultPolicy: ImpressionPolicy, otherGroupPolicies: [ImpressionPolicy],
                              sampleInterval: Duration,
                              sameIDsAs previous: SectionLayout<ID>?)
        throws(InputError) -> (layout: SectionLayout<ID>, otherGroups: [SectionGeometry]) {
        var layout = SectionLayout()
        let builder = try layout.fill(sections, containers: containers, defaultPolicy: defaultPolicy,
                                      otherGroupPolicies: otherGroupPolicies, sampleInterval: sampleInterval,
                                      sameIDsAs: previous)
        let (geometry, others) = builder.finishGroups()
        layout.geometry = geometry
        return (layout, others)
    }

    /// Stores the ids of `sections` (those of `previous` when given) and returns the
    /// builder of their geometry, every section validated and appended.
    private mutating func fill(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                               defaultPolicy: ImpressionPolicy, otherGroupPolicies: [ImpressionPolicy],
                               sampleInterval: Duration, sameIDsAs previous: SectionLayout<ID>?)
        throws(InputError) -> GeometryBuilder {
        var cellCount = 0
        var mostCells = 0   // in one section
        var boxCount = 0   // the sections the spatial index keeps a box for
        // Gates are resolved per slot and cell only when something uses them, so a layout
        // without them stores no gate and its samples test none.
        var sectionsHaveGates = false
        for section in sections {
            let sectionCellCount = section.cells.count + section.nestedCells.count
            cellCount += sectionCellCount
            mostCells = max(mostCells, sectionCellCount)
            if SpatialIndex.needsBox(rootCells: section.cells.count, nestedCells: section.nestedCells.count) {
                boxCount += 1
            }
            if section.display != nil { sectionsHaveGates = true }
        }
        try SectionGeometry.checkCounts(sections: sections.count, cells: cellCount, containers: containers.count)
        let containerTree = try ContainerTree(containers)
        let sameIDs = previous != nil
        slotsByID = previous?.slotsByID ?? SlotsByID(capacity: sections.count)
        // Opacity and hidden by container index, only when some container sets them.
        let containerDisplays = containers.contains { $0.display != nil } ? containers.map { $0.display ?? DisplayState() } : []
        let hasGates = sectionsHaveGates || !containerDisplays.isEmpty
        var builder = GeometryBuilder(containers: containerTree, defaultPolicy: defaultPolicy,
                                      otherGroupPolicies: otherGroupPolicies, sampleInterval: sampleInterval,
                                      sectionCount: sections.count, cellCount: cellCount, mostCells: mostCells,
                                      boxCount: boxCount,
                                      hasGates: hasGates, containerDisplays: containerDisplays)
        for slot in sections.indices {
            let section = sections[slot]
            if !sameIDs {
                if let firstIndex = slotsByID.append(section.id) {
                    throw InputError.duplicateSectionID(firstIndex: firstIndex).inSection(section.id, at: slot)
                }
            }
            if let error = builder.append(cells: section.cells, nestedCells: section.nestedCells,
                                            fullHeight: section.fullHeight, fullWidth: section.fullWidth,
                                            fullArea: section.fullArea,
                                            policy: section.policy, display: section.display) {
                throw error.inSection(section.id, at: slot)
            }
        }
        return builder
    }
}
