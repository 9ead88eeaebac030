/// Everything a sample needs to know about the sections of a layout, by slot (the
/// section's position in the layout): cells, containers, denominators, policies and the
/// spatial index.
///
/// Free of the section id type on purpose: the sampling code that reads it is compiled
/// and optimised once, in this module, whatever `ID` a client uses, instead of running
/// as unspecialised generic code in the client's module.
struct SectionGeometry: Sendable {
    /// The cells of every section, root cells then nested ones, section after section;
    /// slot `s` owns `cells[cellStarts[s] ..< cellStarts[s + 1]]`.
    var cells: [Rect] = []
    /// The container of each cell, ``PackedIndex/none`` for the root content.
    var cellContainers: [PackedIndex] = []
    /// Where each slot's cells start in `cells`, and the cell count last: 32 bits, which
    /// ``maximumCount`` bounds, half the room of an `Int` per section.
    var cellStarts: [Int32] = [0]
    /// The measure's denominator per slot: full height or full area.
    var denominators: [Double] = []
    /// Index into `policies` per slot.
    var policyIndices: [Int32] = []
    var policies: [ResolvedPolicy] = []
    /// Where each of `policies` comes from, parallel to it.
    var policySources: [PolicySource] = []
    var index = SpatialIndex()
    var containers = ContainerTree()
    /// The load gates, hidden flags and opacities, resolved per slot and cell; `nil` (the
    /// usual case) when no section or container uses them, and a sample checks nothing
    /// more than that. One reference, so that handing the geometry to a sample retains
    /// one more object, not one more array per table.
    var gateTable: GateTable?

    /// Whether some section is not loaded, hidden or not fully opaque, or some container
    /// hidden or not fully opaque.
    @inline(__always)
    var hasGates: Bool { gateTable != nil }

    /// What the load gate, hidden flags and opacity do to a slot, resolved per layout.
    enum Gate: UInt8, Sendable {
        /// Nothing: every cell counts as its geometry says.
        case open
        /// The section is not loaded: nothing of it counts.
        case notLoaded
        /// The section is hidden: nothing of it counts.
        case hidden
        /// Some cells are in a hidden container or below the policy's minimum opacity.
        case someCellsExcluded
    }

    /// Whether a resolved policy is the engine's own (and then whether the section is
    /// large under it) or a section's: what an engine of several policies needs to resolve the
    /// same layout under another policy without building it again.
    struct PolicySource: Sendable, Hashable {
        var isDefault: Bool
        var isLarge: Bool
    }

    /// The most sections, cells or scroll containers a layout may have: slots, cells and
    /// containers are numbered in 32 bits (the spatial index's entries, the sampler's
    /// candidates, cell starts, ``PackedIndex``), half the room of an `Int` in tables with
    /// one number per section or cell.
    static let maximumCount = Int(Int32.max)

    /// Refuses a layout that ``maximumCount`` does not bound.
    ///
    /// - Throws: ``InputError`` with code ``InputError/Code/layoutTooLarge`` naming the
    ///   first count too large: the sections', the cells' (root and nested), the containers'.
    static func checkCounts(sections: Int, cells: Int, containers: Int) throws(InputError) {
        if sections > maximumCount { throw .layoutTooLarge("sections", count: sections, maximum: maximumCount) }
        if cells > maximumCount { throw .layoutTooLarge("cells", count: cells, maximum: maximumCount) }
        if containers > maximumCount { throw .layoutTooLarge("containers", count: containers, maximum: maximumCount) }
    }

    /// The indices in `cells` of the cells of `slot`.
    func cellRange(ofSlot slot: Int) -> Range<Int> {
        Int(cellStarts[slot]) ..< Int(cellStarts[slot + 1])
    }

    /// The gate of `slot`: `.open` when the layout has none.
    @inline(__always)
    func gate(ofSlot slot: Int) -> Gate {
        gateTable?.gates[slot] ?? .open
    }

    func policy(ofSlot slot: Int) -> ResolvedPolicy {
        policies[Int(policyIndices[slot])]
    }

    /// The loaded, opacity and hidden attributes of `slot`.
    func display(ofSlot slot: Int) -> DisplayState {
        gateTable?.sectionDisplays[slot] ?? DisplayState()
    }

    /// Gives `slot` the attributes `display`, as a layout with the section so would
    /// resolve it, in time proportional to its cells: the first change to a layout
    /// without gates resolves them for every slot and cell once.
    mutating func setDisplay(_ display: DisplayState, ofSlot slot: Int) {
        if gateTable == nil {
            gateTable = GateTable(sectionCount: cellStarts.count - 1, cellCount: cells.count)
        } else if !isKnownUniquelyReferenced(&gateTable) {
            gateTable = gateTable?.copy()
        }
        gateTable?.setDisplay(display, ofSlot: slot, cells: cellRange(ofSlot: slot), cellContainers: cellContainers,
                              containers: containers, minimumOpacity: policy(ofSlot: slot).minimumOpacity)
    }

    /// Replaces the engine's policy by `policy` in every section that has none of its
    /// own: what a layout built under another policy with the same measure, large-section
    /// rule and minimum opacity (so the same denominators, gates and large sections) is
    /// under `policy`, without building it again. In place: a copy of the geometry would
    /// retain and release every one of its tables.
    mutating func replaceDefaultPolicy(with policy: ImpressionPolicy, sampleInterval: Duration) {
        for index in policies.indices where policySources[index].isDefault {
            policies[index] = ResolvedPolicy(policy, sampleInterval: sampleInterval, isLarge: policySources[index].isLarge)
        }
    }
}
