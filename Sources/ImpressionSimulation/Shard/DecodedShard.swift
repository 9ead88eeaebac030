import Foundation
import ImpressionSimulationFormats
import ImpressionTracking

/// One shard summary as `merge` reads it: a single run's shard (one arm, no names) or
/// an A/B comparison's (arms A and B, and their names), checked to be one slice of one
/// run on the same users.
struct DecodedShard: Decodable {
    /// The arms' names for an A/B comparison; `nil` for a single run.
    var names: [String]?
    /// The single run's record, or A's and B's.
    var arms: [ShardRecord]

    /// The arms' letters, as the merged comparison names them.
    static let letters = ["A", "B"]

    /// The shard summary in `data`, checked; `name` is the file the errors name.
    ///
    /// - Throws: ``ShardSummaryError`` for a file that is not a shard summary, or an A/B
    ///   one whose arms are not two of one slice on the same users.
    static func decode(_ data: Data, name: String) throws(ShardSummaryError) -> DecodedShard {
        let shard: DecodedShard
        do {
            shard = try JSONValueDecoder().decode(DecodedShard.self, from: data)
        } catch {
            throw ShardSummaryError("\(name): not a shard summary of 'impressions simulate --shard': \(TraceDecoder.describe(error))")
        }
        for arm in shard.arms { try arm.checkFingerprints(name: name) }
        guard let names = shard.names else { return shard }
        guard names.count == 2, shard.arms.count == 2,
              shard.arms[1].index == shard.arms[0].index, shard.arms[1].count == shard.arms[0].count else {
            throw ShardSummaryError("\(name): an A/B shard summary holds two names and two arms of the same shard")
        }
        // The arms differ only by what their feeds set: the same users, sessions, policies.
        let (a, b) = (shard.arms[0].configuration, shard.arms[1].configuration)
        var bOnA = b
        bOnA.sectionCount = a.sectionCount
        bOnA.screen = a.screen
        bOnA.feed = a.feed
        guard bOnA == a else {
            throw ShardSummaryError("\(name): its arms A and B are not run on the same users: "
                + ShardSummary.differences(b, a).joined(separator: ", "))
        }
        return shard
    }

    /// Refuses a shard of another run than `first` (named `firstName`): another kind of
    /// run, other names, configurations, shard count or feeds (`feeds` are the first
    /// shard's, one per arm).
    func checkSameRun(name: String, feeds: [String?], as first: DecodedShard, named firstName: String) throws(ShardSummaryError) {
        guard arms.count == first.arms.count else {
            throw ShardSummaryError("\(name) is a shard of \(Self.kind(arms.count)), \(firstName) of \(Self.kind(first.arms.count)): "
                + "merge each run's shards on their own")
        }
        if let names, let firstNames = first.names, names != firstNames {
            throw ShardSummaryError("\(name) is a shard of another run than \(firstName): feeds named "
                + "\(names.joined(separator: " and ")) vs \(firstNames.joined(separator: " and ")) "
                + "(the merged report prints them: give every shard the same --feed arguments)")
        }
        for arm in arms.indices {
            try ShardSummary.checkSameRun(arms[arm], name: name, feed: feeds[arm], as: first.arms[arm], named: firstName,
                                          arm: names == nil ? nil : Self.letters[arm])
        }
    }

    /// What a shard of `arms` arms belongs to.
    private static func kind(_ arms: Int) -> String {
        arms == 1 ? "a single run" : "an A/B comparison (two --feed files)"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SummaryKey.self)
        if try container.decode(Kind.self, forKey: .shard).isComparison {
            let record = try container.decode(ComparisonShardRecord.self, forKey: .shard)
            names = record.names
            arms = record.arms
        } else {
            names = nil
            arms = [try container.decode(ShardRecord.self, forKey: .shard)]
        }
    }

    /// The member of a shard summary that merging reads.
    private enum SummaryKey: CodingKey { case shard }

    /// Whether a `shard` member is an A/B comparison's: whether it has `arms`.
    private struct Kind: Decodable {
        var isComparison: Bool
        private enum Key: CodingKey { case arms }

        init(from decoder: any Decoder) throws {
            isComparison = try decoder.container(keyedBy: Key.self).contains(.arms)
        }
    }
}
