import Foundation
import ImpressionSimulationCore

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
        let order = try Shard.order(shards.map { ($0.name, $0.shard.arms[0].index) }, count: count, firstName: first.name)
        names = first.shard.names
        for arm in first.shard.arms.indices {
            let configuration = first.shard.arms[arm].configuration
            let simulation = try ShardFeed.simulation(configuration: configuration, feed: feeds[arm], name: first.name)
            let isTraceRun = first.shard.arms[arm].tally.traces != nil
            var total = isTraceRun ? TraceRemeasurer(simulation: simulation).tally
                                   : simulation.emptyTally(keepingSessionCounts: names != nil)
            for position in order {
                let (name, shard) = shards[position]
                let expected = Shard(index: shard.arms[arm].index, count: count)?.sessions(of: configuration.sessionCount).count ?? -1
                total.append(try shard.arms[arm].tally.tally(matching: total, sessions: expected,
                                                             sectionCount: configuration.sectionCount, name: name))
            }
            // Each shard's counts were checked against its slice; the whole must be every session.
            if !isTraceRun, let counts = total.sessionCounts, counts.sessions != configuration.sessionCount {
                throw ShardSummaryError("\(first.name): the shards hold per-session counts of \(counts.sessions) sessions, "
                    + "the run has \(configuration.sessionCount)")
            }
            arms.append((simulation, total))
        }
    }
}
