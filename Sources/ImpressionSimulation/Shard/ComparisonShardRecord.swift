/// The `shard` member of an A/B shard summary (`simulate --feed a --feed b --shard i/n`):
/// the arms' names and one ``ShardRecord`` per arm, A then B, each with the slice, the
/// arm's configuration and feed, and its tally with the per-session counts the paired
/// bootstrap resamples (``SessionCounts``). A single run's `shard` member has no `arms`:
/// that is how `merge` tells the two apart.
struct ComparisonShardRecord: Codable {
    /// The arms' names, A then B, as the merged report prints them (the feed files given).
    var names: [String]
    /// Arm A's record, then B's: the same slice of the same users on each arm's feed.
    var arms: [ShardRecord]
}
