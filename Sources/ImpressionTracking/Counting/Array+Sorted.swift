// Helpers for sorted arrays (and the engine's scratch lists) shared by the union area's
// sweep, the carry-over of counters across layouts and the simulator's tally of what a
// session rendered.

extension MutableCollection where Self: RandomAccessCollection, Index == Int, Element: Equatable {
    /// Moves the first value of each run of equal neighbours to the front, in order, and
    /// gives how many there are: what a sorted collection keeps of its values, once each.
    /// The values after them are left for the caller to drop.
    @inlinable
    package mutating func moveDistinctNeighboursToFront() -> Int {
        guard count > 1 else { return count }
        var kept = startIndex + 1
        for index in (startIndex + 1)..<endIndex where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        return kept - startIndex
    }
}

extension Array where Element: Equatable {
    /// Removes equal neighbours in place: a sorted array keeps each value once, in order.
    @inlinable
    package mutating func removeAdjacentDuplicates() {
        removeLast(count - moveDistinctNeighboursToFront())
    }
}

extension Array where Element: Comparable {
    /// The first index whose element is not less than `value`, in a sorted array.
    @inlinable
    package func lowerBound(of value: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a sorted array holds `value`, by binary search.
    @inlinable
    package func sortedContains(_ value: Element) -> Bool {
        let index = lowerBound(of: value)
        return index < count && self[index] == value
    }
}
