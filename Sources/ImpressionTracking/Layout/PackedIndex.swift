/// An index into a table, or none, in 32 bits: the layout keeps one per cell (its scroll
/// container, or the container that hides it) and one per slot (where a section went in a
/// new layout), and an `Int32?` would take twice the room in those arrays.
struct PackedIndex: Sendable, Hashable {
    private let raw: Int32

    /// No index: a cell in the root content, a cell no container hides, a section that
    /// left the layout or is new in it.
    static let none = PackedIndex(raw: -1)

    /// `index`, which fits in 31 bits: ``SectionGeometry/maximumCount`` bounds a layout's
    /// sections, cells and containers.
    init(_ index: Int) {
        raw = Int32(index)
    }

    /// `index`, or ``none`` for `nil`.
    init(orNone index: Int?) {
        self = index.map(PackedIndex.init) ?? .none
    }

    private init(raw: Int32) {
        self.raw = raw
    }

    /// The index, or `nil` for ``none``.
    var index: Int? {
        @inline(__always) get { raw < 0 ? nil : Int(raw) }
    }

    /// Whether there is an index.
    var isSome: Bool {
        @inline(__always) get { raw >= 0 }
    }
}
