import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("A/B shard summaries: both arms and every session's counts, merged by the library into the one comparison")
struct ComparisonShardTests {
    static let comparison: LayoutComparison = {
        let configuration = SimulationConfiguration(sessionCount: 17, sessionDuration: .seconds(15), seed: 8, policies: tracePolicies)
        // The arms' feeds differ in length too: each arm keeps its own configuration.
        let b = Feed(templates: Array(ShardFeedTests.scriptedFeed().templates.prefix(100)), sectionSpacing: 8.5)
        return try! LayoutComparison(configuration: configuration, a: ShardFeedTests.scriptedFeed(), b: b, names: ("a.json", "b.json"))
    }()

    /// The summaries of every shard of `count`, each run on its own workers.
    static func summaries(count: Int) async throws -> [(name: String, data: Data)] {
        var files: [(name: String, data: Data)] = []
        for index in 0..<count {
            let shard = try #require(Shard(index: index, count: count))
            let tallies = await comparison.tallies(sessions: shard.sessions(of: 17), workers: 1 + index % 3)
            let report = await comparison.report(a: tallies.0, b: tallies.1, workers: 2)
            files.append(("part-\(index)", Data(try ShardSummary.json(of: comparison, report: report, tallies: tallies, shard: shard).utf8)))
        }
        return files
    }

    @Test("merged A/B shards are the comparison's JSON and CSV, for several shard counts", arguments: [1, 5])
    func merge(count: Int) async throws {
        let files = try await Self.summaries(count: count)
        let one = await Self.comparison.run(workers: 3)
        let merged = try await ShardSummary.merged(names: files.map(\.name).reversed(), workers: 1) { index throws(ShardSummaryError) in
            files[files.count - 1 - index].data
        }
        #expect(merged == MergedReport(json: one.json(), sectionsCSV: one.sectionsCSV(), html: one.html()))
        let rows = one.sectionsCSV().split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("A,slot,ad,4,") })
        #expect(rows.filter { $0.hasPrefix("A,") }.count == 120 * tracePolicies.count
                && rows.filter { $0.hasPrefix("B,") }.count == 100 * tracePolicies.count)
        // The single-run entry point has no report for a comparison.
        #expect(throws: ShardSummaryError("part-0: a shard of an A/B comparison, which has no single report")) {
            try ShardSummary.mergedReport(files)
        }
    }
}
