/// A list of plain values used as scratch space in a hot loop, emptied and refilled over
/// and over: emptying it only sets its count back to zero, keeping its storage and the
/// values in it, which later appends overwrite. (A value that holds a reference would be
/// kept alive past its removal: meant for rects and indices.)
///
/// An array emptied with `removeAll(keepingCapacity: true)` keeps its storage too, but
/// goes through the standard library's generic `replaceSubrange` to do it (some ninety
/// instructions, a uniqueness check and a `memmove` a call), and the engine empties such
/// lists for every section it measures and at every sample it counts.
struct ScratchList<Element: Sendable>: RandomAccessCollection, MutableCollection, Sendable {
    /// The values, of which the first `endIndex` are the list's.
    private var storage: [Element] = []
    /// The list's count.
    private(set) var endIndex = 0

    /// An empty list.
    init() {}

    var startIndex: Int { 0 }

    /// How many values the list holds room for: the most it held since it was made.
    var capacity: Int { storage.capacity }

    // The storage's own bounds check keeps every access in memory; that a position is
    // below the count as well is the caller's to keep, and checked in debug builds (a
    // second test on every read would cost the hot loops what emptying saves them).
    subscript(position: Int) -> Element {
        get {
            assert(position < endIndex, "ScratchList index out of range")
            return storage[position]
        }
        set {
            assert(position < endIndex, "ScratchList index out of range")
            storage[position] = newValue
        }
    }

    /// Adds `element` at the end, over a value left by an earlier fill when there is one.
    @inline(__always)
    mutating func append(_ element: Element) {
        if endIndex < storage.count {
            storage[endIndex] = element
        } else {
            storage.append(element)
        }
        endIndex &+= 1
    }

    /// Empties the list, keeping its storage.
    mutating func removeAll() {
        endIndex = 0
    }
}

extension ScratchList where Element: Equatable {
    /// Removes equal neighbours in place: a sorted list keeps each value once, in order.
    mutating func removeAdjacentDuplicates() {
        endIndex = moveDistinctNeighboursToFront()
    }
}
