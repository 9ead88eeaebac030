/// A range of feed positions that impressions are counted by, such as positions 11 to 25.
///
/// Positions are 1-based, as people count: the first section is position 1.
package struct DepthBucket: Sendable, Hashable {
    /// The first position in the bucket.
    package var first: Int
    /// The last position in the bucket.
    package var last: Int

    /// A bucket from `first` through `last`.
    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// `1-10`, or `7` for a bucket of one position.
    package var label: String { first == last ? "\(first)" : "\(first)-\(last)" }

    /// The buckets of a feed of `sectionCount` sections: one ending at each of `ends`
    /// that starts within the feed, and a last one to the end of the feed.
    package static func buckets(ends: [Int], sectionCount: Int) -> [DepthBucket] {
        var buckets: [DepthBucket] = []
        var first = 1
        for end in ends where end >= first {
            guard first <= sectionCount else { break }
            let last = min(end, sectionCount)
            buckets.append(DepthBucket(first: first, last: last))
            first = last + 1
        }
        if first <= sectionCount { buckets.append(DepthBucket(first: first, last: sectionCount)) }
        return buckets
    }
}
