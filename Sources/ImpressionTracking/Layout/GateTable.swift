/// What the load gate, hidden flags and opacities do to a layout, resolved when it is
/// set: a gate per slot, and per cell its effective opacity and hiding container; with
/// each section's and container's attributes, so that one section's can change alone.
///
/// A layout that uses none of these has no table at all. Shared by copies of a geometry
/// and changed only through ``SectionGeometry/setDisplay(_:ofSlot:)``, which copies it
/// first unless it is uniquely referenced (copy-on-write): no two threads ever see one
/// table while it changes, hence `@unchecked Sendable`.
final class GateTable: @unchecked Sendable {
    // Unchecked exclusivity: a sample reads these per candidate and cell, and a dynamic
    // check per read would cost more than the read. Writes happen only in
    // ``setDisplay(_:ofSlot:cells:cellContainers:containers:minimumOpacity:)``, on a table
    // its geometry holds uniquely, inside a mutating call on that geometry: no read overlaps.
    /// Per slot: what keeps the section, or some of its cells, from counting.
    @exclusivity(unchecked) private(set) var gates: [SectionGeometry.Gate]
    /// Per cell: its effective opacity (its section's times its containers').
    @exclusivity(unchecked) private(set) var cellOpacities: [Double]
    /// Per cell: the innermost hidden container on its chain, if any.
    let cellHiders: [PackedIndex]
    /// Per slot: the section's loaded, opacity and hidden attributes.
    @exclusivity(unchecked) private(set) var sectionDisplays: [DisplayState]
    /// Per container index: its opacity and hidden flag; empty when no container sets them.
    let containerDisplays: [DisplayState]

    init(gates: [SectionGeometry.Gate], cellOpacities: [Double], cellHiders: [PackedIndex], sectionDisplays: [DisplayState],
         containerDisplays: [DisplayState]) {
        self.gates = gates
        self.cellOpacities = cellOpacities
        self.cellHiders = cellHiders
        self.sectionDisplays = sectionDisplays
        self.containerDisplays = containerDisplays
    }

    /// The table of a layout of `sectionCount` sections and `cellCount` cells that uses
    /// no gate: every section open, every cell fully opaque and shown.
    convenience init(sectionCount: Int, cellCount: Int) {
        self.init(gates: Array(repeating: .open, count: sectionCount),
                  cellOpacities: Array(repeating: 1, count: cellCount),
                  cellHiders: Array(repeating: .none, count: cellCount),
                  sectionDisplays: Array(repeating: DisplayState(), count: sectionCount), containerDisplays: [])
    }

    /// A table of its own with the same contents.
    func copy() -> GateTable {
        GateTable(gates: gates, cellOpacities: cellOpacities, cellHiders: cellHiders, sectionDisplays: sectionDisplays,
                  containerDisplays: containerDisplays)
    }

    /// Gives `slot` the attributes `display`: its cells' effective opacities and its gate
    /// under `minimumOpacity`, as a layout built with them resolves them.
    func setDisplay(_ display: DisplayState, ofSlot slot: Int, cells: Range<Int>, cellContainers: [PackedIndex],
                    containers: ContainerTree, minimumOpacity: Double) {
        sectionDisplays[slot] = display
        var figures = MeasureGroupBuilder.SectionFigures()
        for cell in cells {
            if let container = cellContainers[cell].index, !containerDisplays.isEmpty {
                cellOpacities[cell] = containers.display(of: display.opacity, inContainer: container,
                                                         displays: containerDisplays).opacity
            } else {
                cellOpacities[cell] = display.opacity
            }
            figures.note(opacity: cellOpacities[cell], hider: cellHiders[cell])
        }
        figures.noteFixedGate(of: display)
        gates[slot] = figures.gate(minimumOpacity: minimumOpacity)
    }

    /// Whether the cell counts for nothing: in a hidden container, or less opaque than
    /// `minimumOpacity`.
    @inline(__always)
    func isExcluded(cell: Int, minimumOpacity: Double) -> Bool {
        Self.isExcluded(opacity: cellOpacities[cell], hider: cellHiders[cell], minimumOpacity: minimumOpacity)
    }

    /// The rule itself, shared with the builder.
    @inline(__always)
    static func isExcluded(opacity: Double, hider: PackedIndex, minimumOpacity: Double) -> Bool {
        hider.isSome || opacity < minimumOpacity
    }
}
