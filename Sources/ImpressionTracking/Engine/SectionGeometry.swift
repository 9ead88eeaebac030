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
    /// The container of each cell, -1 for the root content.
    var cellContainers: [Int32] = []
    var cellStarts: [Int] = [0]
    /// The measure's denominator per slot: full height or full area.
    var denominators: [Double] = []
    /// Index into `policies` per slot.
    var policyIndices: [Int32] = []
    var policies: [ResolvedPolicy] = []
    var index = SpatialIndex()
    var containers = ContainerTree()

    func cellRange(ofSlot slot: Int) -> Range<Int> {
        cellStarts[slot] ..< cellStarts[slot + 1]
    }

    func policy(ofSlot slot: Int) -> ResolvedPolicy {
        policies[Int(policyIndices[slot])]
    }
}
