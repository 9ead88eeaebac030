/// One of `count` disjoint slices of a run's sessions, `index` from 0: what
/// `simulate --shard index/count` runs.
///
/// Slice `i` holds sessions `i * total / n ..< (i + 1) * total / n`: consecutive, as
/// even as whole numbers allow, and together every session exactly once. Session `k`
/// is the same on any machine (it is drawn from the seed and `k`), so the shards'
/// summaries merge into the summary of the whole run.
package struct Shard: Hashable, Sendable {
    package var index: Int
    package var count: Int

    package static let maximumCount = 100_000

    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `i/n`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The sessions of this shard out of `total`.
    package func sessions(of total: Int) -> Range<Int> {
        let total = max(0, total)
        return (index * total / count)..<((index + 1) * total / count)
    }
}
