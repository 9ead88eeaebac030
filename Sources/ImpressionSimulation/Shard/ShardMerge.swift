import Foundation

/// Shard summaries merged into each arm's whole run: the run (rebuilt from the shards'
/// configuration and feed) and the tally of all its sessions, appended in shard order,
/// which is session order. One arm for a single run; A and B for an A/B comparison,
/// whose tallies then hold every session's counts for the paired bootstrap.
struct ShardMerge {
    /// The arms' names for an A/B comparison, A then B; `nil` for a single run.
    var names: [String]?
    /// Each arm's run and the tally of all its sessions.
    var arms: [(simulation: Simulation, tally: SimulationTally)] = []

    /// Merges the shard summaries named `files`, reading each with `read` (given its
    /// position in `files`) when it is its turn: one file's bytes are held at a time,
    /// which matters when shards carry a large feed.
    ///
    /// - Throws: ``ShardSummaryError`` naming the file and the problem: not a shard
    ///   summary, shards of different runs, kinds of run or feeds, a shard missing or
    ///   given twice, counts that do not fit the run; or what `read` throws.
    init(files: [String], reading read: (Int) throws(ShardSummaryError) -> Data) throws(ShardSummaryError) {
        guard !files.isEmpty else { throw ShardSummaryError("no shard summaries given") }
        var shards: [(name: String, shard: DecodedShard)] = []
        var feeds: [String?] = []
        for (position, name) in files.enumerated() {
            var shard = try DecodedShard.decode(read(position), name: name)
            if let first = shards.first {
                try shard.checkSameRun(name: name, feeds: feeds, as: first.shard, named: first.name)
                // The first shard's copy is enough: a large feed is held once.
                for arm in shard.arms.indices { shard.arms[arm].feed = nil }
            } else {
                feeds = shard.arms.map(\.feed)
            }
            shards.append((name, shard))
        }
        let first = shards[0]
        let count = first.shard.arms[0].count
        let order = try Self.order(shards.map { ($0.name, $0.shard.arms[0].index) }, count: count, firstName: first.name)
        names = first.shard.names
        for arm in first.shard.arms.indices {
            let configuration = first.shard.arms[arm].configuration
            let simulation = try ShardFeed.simulation(configuration: configuration, feed: feeds[arm], name: first.name)
            var total = simulation.emptyTally(keepingSessionCounts: names != nil)
            for position in order {
                let (name, shard) = shards[position]
                let expected = Shard(index: shard.arms[arm].index, count: count)?.sessions(of: configuration.sessionCount).count ?? -1
                total.append(try shard.arms[arm].tally.tally(matching: total, sessions: expected,
                                                             sectionCount: configuration.sectionCount, name: name))
            }
            // Each shard's counts were checked against its slice; the whole must be every session.
            if let counts = total.sessionCounts, counts.sessions != configuration.sessionCount {
                throw ShardSummaryError("\(first.name): the shards hold per-session counts of \(counts.sessions) sessions, "
                    + "the run has \(configuration.sessionCount)")
            }
            arms.append((simulation, total))
        }
    }

    /// The positions of the shards (`name`, `index`) in index order, every index of
    /// `0..<count` given once.
    ///
    /// - Throws: ``ShardSummaryError`` for an invalid count or index, a shard given
    ///   twice, or shards missing.
    private static func order(_ shards: [(name: String, index: Int)], count: Int,
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
