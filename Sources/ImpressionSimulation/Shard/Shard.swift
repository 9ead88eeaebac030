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
}
