/// What the load gate, hidden flags and opacities do to a layout, resolved once when it
/// is set: a gate per slot, and per cell its effective opacity and hiding container.
///
/// Immutable and shared: a layout that uses none of these has no table at all.
final class GateTable: Sendable {
    /// Per slot: what keeps the section, or some of its cells, from counting.
    let gates: [SectionGeometry.Gate]
    /// Per cell: its effective opacity (its section's times its containers').
    let cellOpacities: [Double]
    /// Per cell: the innermost hidden container on its chain, -1 for none.
    let cellHiders: [Int32]

    init(gates: [SectionGeometry.Gate], cellOpacities: [Double], cellHiders: [Int32]) {
        self.gates = gates
        self.cellOpacities = cellOpacities
        self.cellHiders = cellHiders
    }

    /// Whether the cell counts for nothing: in a hidden container, or less opaque than
    /// `minimumOpacity`.
    @inline(__always)
    func isExcluded(cell: Int, minimumOpacity: Double) -> Bool {
        Self.isExcluded(opacity: cellOpacities[cell], hider: cellHiders[cell], minimumOpacity: minimumOpacity)
    }

    /// The rule itself, shared with the builder.
    @inline(__always)
    static func isExcluded(opacity: Double, hider: Int32, minimumOpacity: Double) -> Bool {
        hider >= 0 || opacity < minimumOpacity
    }
}
