import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// `impressions simulate --traces` without a feed, or with one that lacks the traces'
/// ids: the report says only what it knows, and every impression is in each block.
// Whole commands in process, CPU-bound for seconds: on threads of their own, as
// SimulateTracesTests.
@Suite("simulate --traces without a feed, or with another's", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct SimulateTracesFeedTests {
    /// The recorded run's policies, which every command here re-measures under.
    static let policies = ["--policy", "default", "--policy", "abema"]

    /// A run's JSON as an object.
    static func object(_ json: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The rows of a per-section CSV, each split into its fields, without the header.
    static func rows(_ path: String) throws -> [[String]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("without a feed: no section count, feed, deepest position, positions or kinds in the table, JSON, CSV or page")
    func withoutFeedNoPositionsOrKinds() async throws {
        let (directory, _, _) = try await SimulateTracesTests.recordedRun()
        let run = ["simulate", "--traces", directory + "/traces"] + Self.policies
        let table = await impressions(arguments: run)
        #expect(table.status == 0, "\(table.error)")
        for absent in ["feed:", "deepest position", "by feed position", "by section kind", "outside the feed"] {
            #expect(!table.output.contains(absent), "\(absent)")
        }

        let json = await impressions(arguments: run + ["--json", "--sections-out", directory + "/by-id.csv",
                                                       "--report", directory + "/by-id.html"])
        #expect(json.status == 0, "\(json.error)")
        let object = try Self.object(json.output)
        for key in ["sections", "feed", "deepestPosition"] { #expect(object[key] == nil, "\(key)") }
        let policies = try #require(object["policies"] as? [[String: Any]])
        #expect(policies.count == 2)
        for policy in policies {
            for key in ["byPosition", "byKind", "viewabilityByKind"] { #expect(policy[key] == nil, "\(key)") }
            #expect((policy["impressions"] as? Int ?? 0) > 0)
        }
        // What it knows instead: the ids it met, each a CSV section with no kind or position.
        let rows = try Self.rows(directory + "/by-id.csv")
        #expect(object["sectionIds"] as? Int == Set(rows.map { $0[0] }).count && !rows.isEmpty)
        #expect(rows.allSatisfy { $0[1].isEmpty && $0[2].isEmpty }, "\(rows.prefix(3))")

        // The page names the sections by id, not by a rank of the sorted ids.
        let page = try String(contentsOfFile: directory + "/by-id.html", encoding: .utf8)
        #expect(!page.contains("Impressions by feed position") && !page.contains("1 is the top"))
        #expect(page.contains("<title>id ") && !page.contains("<title>#"))
    }

    @Test("without a feed, --signals counts the visits of every section: the table's and the JSON's are the CSV's, and a feed's")
    func withoutFeedSignalsOverEverySection() async throws {
        let (directory, feed, _) = try await SimulateTracesTests.recordedRun(signals: true)
        let run = ["simulate", "--traces", directory + "/traces", "--signals"] + Self.policies
        let json = await impressions(arguments: run + ["--json", "--sections-out", directory + "/by-id.csv"])
        let table = await impressions(arguments: run)
        let named = await impressions(arguments: run + ["--feed", feed, "--json"])
        #expect(json.status == 0 && table.status == 0 && named.status == 0, "\(json.error)\(table.error)\(named.error)")

        let rows = try Self.rows(directory + "/by-id.csv")
        let visits = ["default", "abema"].map { policy in
            rows.filter { $0[3] == policy }.map { Int($0[10]) ?? 0 }.reduce(0, +)
        }
        #expect(visits.allSatisfy { $0 > 0 }, "\(visits)")
        func allVisits(_ json: String) throws -> [Int] {
            try #require(try Self.object(json)["policies"] as? [[String: Any]]).map { policy in
                let signals = policy["exposureSignals"] as? [String: Any]
                return (signals?["all"] as? [String: Any])?["visits"] as? Int ?? -1
            }
        }
        #expect(try allVisits(json.output) == visits)
        // The feed only names the sections: the visits are the same.
        #expect(try allVisits(named.output) == visits)
        let signals = try #require(try Self.object(json.output)["policies"] as? [[String: Any]]).first?["exposureSignals"]
        #expect((signals as? [String: Any])?["byKind"] == nil)
        let line = try #require(table.output.split(separator: "\n").first { $0.hasPrefix("visits that met the policy") })
        #expect(line.split(separator: " ").suffix(2).map(String.init) == visits.map { NumberFormatting.integer($0) }, "\(line)")
    }

    @Test("with a feed that lacks most ids: an outside-the-feed line in each block, which then add up, and a warning")
    func feedLackingMostIDs() async throws {
        let (directory, _, _) = try await SimulateTracesTests.recordedRun()
        // The first 10 of the 300 sections the traces were recorded on: their ids are those of the first 10 positions.
        let small = directory + "/small-feed.json"
        let exported = await impressions("feed", "--export", "--sections", "10", "--seed", "3")
        try Data(exported.output.utf8).write(to: URL(fileURLWithPath: small))
        let run = ["simulate", "--traces", directory + "/traces", "--feed", small] + Self.policies

        let table = await impressions(arguments: run)
        #expect(table.status == 0, "\(table.error)")
        let lines = table.output.split(separator: "\n").map(String.init)
        let warning = try #require(lines.first { $0.hasPrefix("warning: ") })
        #expect(warning.hasSuffix(" section ids rendered in the traces are not in the feed: is it the feed they were recorded on?"))
        #expect(lines.filter { $0.hasPrefix("  outside the feed ") }.count == 5, "\(table.output)")

        let json = await impressions(arguments: run + ["--json", "--sections-out", directory + "/small.csv"])
        #expect(json.status == 0)
        #expect(json.error == "impressions simulate: \(warning)\n")
        let object = try Self.object(json.output)
        let outside = try #require(object["sectionIdsOutsideFeed"] as? Int), met = try #require(object["sectionIds"] as? Int)
        #expect(object["sections"] as? Int == 10 && outside * 2 > met && warning.hasPrefix("warning: \(outside) of \(met) "))
        for policy in try #require(object["policies"] as? [[String: Any]]) {
            let impressions = try #require(policy["impressions"] as? Int)
            let byPosition = try #require(policy["byPosition"] as? [String: Int])
            let byKind = try #require(policy["byKind"] as? [String: Int])
            #expect(byPosition.values.reduce(0, +) == impressions && byKind.values.reduce(0, +) == impressions)
            #expect((byKind["outsideFeed"] ?? 0) > 0 && byKind["outsideFeed"] == byPosition["outsideFeed"])
            #expect((policy["viewabilityByKind"] as? [String: Any])?["outsideFeed"] != nil)
        }
        // The sections outside the feed have their ids, and no kind or position.
        let rows = try Self.rows(directory + "/small.csv")
        let (inFeed, outsideRows) = (rows.filter { !$0[2].isEmpty }, rows.filter { $0[2].isEmpty })
        #expect(Set(inFeed.map { $0[2] }) == Set((1...10).map(String.init)) && inFeed.allSatisfy { !$0[1].isEmpty })
        #expect(Set(outsideRows.map { $0[0] }).count == outside && outsideRows.allSatisfy { $0[1].isEmpty })

        // Its shards merge into the one run, and merge warns as the run does.
        var shards: [String] = []
        for index in 0..<2 {
            let shard = await impressions(arguments: run + ["--shard", "\(index)/2"])
            #expect(shard.status == 0, "\(shard.error)")
            shards.append(try temporaryFile(shard.output, name: "part-\(index).json"))
        }
        let merged = await impressions(arguments: ["merge"] + shards)
        #expect(merged.status == 0 && merged.output == json.output && merged.error == "impressions merge: \(warning)\n")
    }

    @Test("with a feed that lacks a few ids: the outside-the-feed lines, and no warning")
    func feedLackingFewIDs() async throws {
        let (directory, _, _) = try await SimulateTracesTests.recordedRun()
        let run = ["simulate", "--traces", directory + "/traces"] + Self.policies
        let byID = await impressions(arguments: run + ["--json"])
        let met = try #require(try Self.object(byID.output)["sectionIds"] as? Int)
        // A feed of all but the last few positions the traces reached.
        let partial = directory + "/partial-feed.json"
        let exported = await impressions("feed", "--export", "--sections", "\(met - 3)", "--seed", "3")
        try Data(exported.output.utf8).write(to: URL(fileURLWithPath: partial))
        let table = await impressions(arguments: run + ["--feed", partial])
        #expect(table.status == 0 && table.error.isEmpty, "\(table.error)")
        #expect(!table.output.contains("warning:") && table.output.contains("\n  outside the feed "), "\(table.output)")
        let json = await impressions(arguments: run + ["--feed", partial, "--json"])
        let object = try Self.object(json.output)
        #expect(json.error.isEmpty && object["sectionIdsOutsideFeed"] as? Int == 3)
    }
}
