/// One of `count` disjoint slices of a run's sessions, `index` from 0: what
/// `simulate --shard index/count` runs.
///
/// Slice `i` holds sessions `i * total / n ..< (i + 1) * total / n`: consecutive, as
/// even as whole numbers allow, and together every session exactly once. Session `k`
/// is the same on any machine (it is drawn from the seed and `k`), so the shards'
/// summaries merge into the summary of the whole run.
package struct Shard: Hashable, Sendable {
    /// Which slice, from 0.
    package var index: Int
    /// How many slices the run is cut into.
    package var count: Int

    /// The most slices a run can be cut into.
    package static let maximumCount = 100_000

    /// The slice `index` of `count`; `nil` unless `0 <= index < count <= maximumCount`.
    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// The sessions of this shard out of `total`.
    package func sessions(of total: Int) -> Range<Int> {
        let total = max(0, total)
        return (index * total / count)..<((index + 1) * total / count)
    }

    /// The positions of the shards (`name`, `index`) in index order, every index of
    /// `0..<count` given once: the order in which `merge` appends them (of any kind of run).
    ///
    /// - Throws: ``ShardSummaryError`` for an invalid count or index, a shard given
    ///   twice, or shards missing.
    package static func order(_ shards: [(name: String, index: Int)], count: Int,
                              firstName: String) throws(ShardSummaryError) -> [Int] {
        var byIndex = [Int?](repeating: nil, count: Shard(index: 0, count: count) == nil ? 0 : count)
        guard !byIndex.isEmpty else { throw ShardSummaryError("\(firstName): invalid shard count \(count)") }
        for (position, shard) in shards.enumerated() {
            guard byIndex.indices.contains(shard.index) else {
                throw ShardSummaryError("\(shard.name): shard index \(shard.index) is not in 0..<\(count)")
            }
            if let other = byIndex[shard.index] {
                throw ShardSummaryError("shard \(shard.index)/\(count) is given twice: \(shards[other].name) and \(shard.name)")
            }
            byIndex[shard.index] = position
        }
        let missing = byIndex.indices.filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw ShardSummaryError("missing shard\(missing.count == 1 ? "" : "s") \(missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : ""))
        }
        return byIndex.compactMap { $0 }
    }
}
