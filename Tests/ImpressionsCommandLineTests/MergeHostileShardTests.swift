import Foundation
@testable import ImpressionsCommandLine
import Testing

/// Shards the fuzzer (Tests/Fuzz, target `shards`) made `merge` crash on: each is refused
/// with its file and what is wrong, exit 1, nothing on standard output. The inputs are
/// the fuzzing corpus's own: shard files separated by NUL bytes.
@Suite("merge refuses hostile shards the fuzzer found")
struct MergeHostileShardTests {
    /// The shard files of a corpus entry, written to a directory.
    static func shardFiles(ofCorpus name: String) throws -> [String] {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fuzz/corpus/shards/\(name)")
        let data = try Data(contentsOf: corpus)
        let directory = try temporaryDirectory()
        return try data.split(separator: 0).enumerated().map { index, bytes in
            let path = directory + "/part-\(index).json"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    @Test("an audit shard whose trace has no counts is refused, naming the classes (it indexed past the end)")
    func auditShardWithoutCounts() async throws {
        let paths = try Self.shardFiles(ofCorpus: "audit-counts-missing")
        let merged = await impressions(arguments: ["merge"] + paths)
        #expect(merged.status == 1 && merged.output.isEmpty)
        #expect(merged.error.contains("does not hold one count per class"), "\(merged.error)")
    }

    @Test("a deepest position past the feed is refused (Int64.max overflowed the report)")
    func deepestPositionPastTheFeed() async throws {
        let paths = try Self.shardFiles(ofCorpus: "simulate-deepest-past-feed")
        let merged = await impressions(arguments: ["merge"] + paths)
        #expect(merged.status == 1 && merged.output.isEmpty)
        #expect(merged.error.contains("deepestSections must be positions in the feed"), "\(merged.error)")
    }

    @Test("counts past a trillion are refused, so that no merge's sums overflow", arguments: [
        ("simulate-impressions-overflow", "policy 0 has a count outside 0...1099511627776"),
        ("audit-claims-overflow", "the audit of t1.jsonl has a count outside 0...1099511627776"),
        ("simulate-visible-samples-overflow", "section 0 has counts that do not fit 3 sessions"),
    ])
    func hugeCounts(corpus: String, message: String) async throws {
        let paths = try Self.shardFiles(ofCorpus: corpus)
        let merged = await impressions(arguments: ["merge"] + paths)
        #expect(merged.status == 1 && merged.output.isEmpty)
        #expect(merged.error.contains(message), "\(merged.error)")
    }
}
