// Allocation through as little of the standard library's generic code as will do: its
// generic entry points look up a storage type's metadata at run time at every call, which
// the tables a new layout fills would pay several times a layout.

extension Array {
    /// `Array(repeating: value, count: count)`, allocated where it is specialised.
    ///
    /// The standard library's `init(repeating:count:)` allocates through a generic
    /// function it keeps out of line, which looks up the storage's type at run time at
    /// every call: paid by each table a new layout fills, where `reserveCapacity` and
    /// `append(contentsOf:)` are specialised for the element and find the type once.
    @inline(__always)
    init(count: Int, filledWith value: Element) {
        self.init()
        guard count > 0 else { return }
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Dictionary {
    /// Makes room for `count` entries, as `reserveCapacity` does; while the dictionary is
    /// empty, by making it anew with the room: both are the standard library's generic
    /// code, but `reserveCapacity` looks up two types at run time where the initialiser
    /// looks up one.
    @inline(__always)
    mutating func reserveRoom(for count: Int) {
        if isEmpty { self = Dictionary(minimumCapacity: count) } else { reserveCapacity(count) }
    }
}
