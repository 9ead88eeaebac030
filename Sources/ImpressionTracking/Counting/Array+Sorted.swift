// Sorted-array helpers shared by the union area's sweep, the carry-over of counters across layouts and
// the simulator's tally of what a session rendered.

extension Array where Element: Equatable {
    /// Removes equal neighbours in place: a sorted array keeps each value once, in order.
    @inlinable
    package mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
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
