import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

@Suite("A/B shards: simulate --feed a --feed b --shard i/n, then merge, prints exactly one A/B run")
struct ShardComparisonMergeTests {
    static let (adAt3, adAt5) = (LayoutComparisonCommandTests.adAt3, LayoutComparisonCommandTests.adAt5)
    static let run = ["--sessions", "40", "--seconds", "20", "--seed", "4", "--policy", "default", "--policy", "abema"]
    /// The same options on less work, for the refusals: a merge refuses a shard by its
    /// configuration and feeds, whatever its counts.
    static let smallRun = ["--sessions", "6", "--seconds", "3", "--seed", "4", "--policy", "default", "--policy", "abema"]

    /// Runs every shard of `count` of the comparison of `feeds` with `workers` workers
    /// (one more on odd shards), writes each output to a file, returns the paths.
    static func shardFiles(count: Int, workers: Int = 1, feeds: [String] = [adAt3, adAt5],
                           arguments: [String] = run) async throws -> [String] {
        let directory = try temporaryDirectory()
        var paths: [String] = []
        for index in 0..<count {
            let result = await impressions(arguments: ["simulate", "--feed", feeds[0], "--feed", feeds[1]] + arguments
                + ["--shard", "\(index)/\(count)", "--workers", "\(workers + index % 2)"])
            #expect(result.status == 0, "\(result.error)")
            let path = directory + "/part-\(index).json"
            try Data(result.output.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    @Test("merged A/B shards equal one A/B run: JSON with its bootstrap intervals, and the CSV with its arm column",
          arguments: [(1, 1), (2, 2), (3, 1), (7, 3)])
    func mergeEqualsSingleRun(count: Int, workers: Int) async throws {
        let directory = try temporaryDirectory()
        let single = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5] + Self.run
            + ["--json", "--workers", "2", "--sections-out", directory + "/single.csv"])
        #expect(single.status == 0, "\(single.error)")
        let paths = try await Self.shardFiles(count: count, workers: workers)
        let merged = await impressions(arguments: ["merge"] + paths.reversed() + ["--sections-out", directory + "/merged.csv"])
        #expect(merged.status == 0 && merged.error.isEmpty, "\(merged.error)")
        #expect(merged.output == single.output)
        let singleCSV = try String(contentsOfFile: directory + "/single.csv", encoding: .utf8)
        #expect(try String(contentsOfFile: directory + "/merged.csv", encoding: .utf8) == singleCSV)
        // The comparison is a real one: the ad moved, and the bootstrap says so on 40 users.
        #expect(singleCSV.hasPrefix("arm,section,") && single.output.contains("\"sessions\": 40,\n    \"method\""))
        #expect(single.output.contains("\"excludesZero\": true"))
    }

    @Test("a shard prints its own A/B report of its slice, then the shard member with both arms and per-session counts")
    func shardSummary() async throws {
        let paths = try await Self.shardFiles(count: 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: paths[1]))) as? [String: Any])
        let ab = try #require(object["ab"] as? [String: Any])
        #expect(ab["sessions"] as? Int == 13)
        let shard = try #require(object["shard"] as? [String: Any])
        #expect(shard["names"] as? [String] == [Self.adAt3, Self.adAt5])
        let arms = try #require(shard["arms"] as? [[String: Any]])
        #expect(arms.map { $0["index"] as? Int } == [1, 1] && arms.map { $0["count"] as? Int } == [3, 3])
        for arm in arms {
            let tally = try #require(arm["tally"] as? [String: Any])
            let columns = try #require(tally["sessionCounts"] as? [[Int]])
            // One column per policy and kind, one count per session of the slice.
            #expect(columns.count == 2 * SectionKind.allCases.count && columns.allSatisfy { $0.count == 13 })
            #expect(columns.joined().reduce(0, +) > 0)
            #expect(arm["feed"] is String)
        }
    }

    /// `path`'s shard summary with `edit` applied to its arm `arm`'s tally, written anew.
    static func forged(_ path: String, arm: Int, _ edit: (inout [String: Any]) -> Void) throws -> String {
        try forged(path, arm: arm, member: "tally", edit)
    }

    /// `path`'s shard summary with `edit` applied to `member` of its arm `arm`, written anew.
    static func forged(_ path: String, arm: Int, member: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var shard = try #require(object["shard"] as? [String: Any])
        var arms = try #require(shard["arms"] as? [[String: Any]])
        var value = try #require(arms[arm][member] as? [String: Any])
        edit(&value)
        arms[arm][member] = value
        shard["arms"] = arms
        object["shard"] = shard
        return try temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), name: "forged.json")
    }

    @Test("a missing or repeated A/B shard is refused, and so are per-session counts that are missing, short or do not add up, and arms of other users")
    func refusedShards() async throws {
        let paths = try await Self.shardFiles(count: 3)
        let missing = await impressions(arguments: ["merge", paths[0], paths[2]])
        #expect(missing.status == 1 && missing.output.isEmpty && missing.error == "impressions merge: missing shard 1/3\n")
        let twice = await impressions(arguments: ["merge", paths[0], paths[1], paths[2], paths[1]])
        #expect(twice.status == 1 && twice.error == "impressions merge: shard 1/3 is given twice: \(paths[1]) and \(paths[1])\n")
        let dropped = try Self.forged(paths[1], arm: 1) { tally in
            tally["sessionCounts"] = (tally["sessionCounts"] as? [[Int]])?.map { Array($0.dropLast()) }
        }
        let short = await impressions(arguments: ["merge", paths[0], dropped, paths[2]])
        #expect(short.status == 1 && short.error == "impressions merge: \(dropped): sessionCounts must hold, "
            + "for each policy and kind, one count per session (13)\n", "\(short.error)")
        let absent = try Self.forged(paths[2], arm: 0) { $0["sessionCounts"] = nil }
        let none = await impressions(arguments: ["merge", paths[0], paths[1], absent])
        #expect(none.status == 1 && none.error.contains("\(absent): has no per-session counts (sessionCounts)"), "\(none.error)")
        let moved = try Self.forged(paths[0], arm: 0) { tally in
            var columns = tally["sessionCounts"] as? [[Int]] ?? []
            columns[0][0] += 1
            tally["sessionCounts"] = columns
        }
        let wrong = await impressions(arguments: ["merge", moved, paths[1], paths[2]])
        #expect(wrong.status == 1 && wrong.error.contains("\(moved): sessionCounts of policy 0, banner, do not add up"), "\(wrong.error)")
        // Arm B of other users than A's: not what one comparison runs.
        let otherUsers = try Self.forged(paths[1], arm: 1, member: "configuration") { $0["seed"] = 5 }
        let users = await impressions(arguments: ["merge", paths[0], otherUsers, paths[2]])
        #expect(users.status == 1 && users.error == "impressions merge: \(otherUsers): its arms A and B are not run on the same users: "
            + "seed 5 vs 4\n", "\(users.error)")
    }

    @Test("A/B shards with single-run shards, or of other feeds, names, seeds or options, are refused naming the file")
    func refusedRuns() async throws {
        let paths = try await Self.shardFiles(count: 3, arguments: Self.smallRun)
        let singles = try await ShardMergeTests.shardFiles(count: 3, arguments: ["--feed", Self.adAt3] + Self.smallRun)
        let mixed = await impressions(arguments: ["merge", paths[0], singles[1], paths[2]])
        #expect(mixed.status == 1 && mixed.output.isEmpty && mixed.error == "impressions merge: \(singles[1]) is a shard of a single run, "
            + "\(paths[0]) of an A/B comparison (two --feed files): merge each run's shards on their own\n", "\(mixed.error)")
        let mixedFirst = await impressions(arguments: ["merge", singles[0], paths[1], singles[2]])
        #expect(mixedFirst.status == 1 && mixedFirst.error.contains("\(paths[1]) is a shard of an A/B comparison (two --feed files), "
            + "\(singles[0]) of a single run"), "\(mixedFirst.error)")
        let swapped = try await Self.shardFiles(count: 3, feeds: [Self.adAt5, Self.adAt3], arguments: Self.smallRun)
        let named = await impressions(arguments: ["merge", paths[0], swapped[1], paths[2]])
        #expect(named.status == 1 && named.error.contains("\(swapped[1]) is a shard of another run than \(paths[0]): feeds named "
            + "\(Self.adAt5) and \(Self.adAt3) vs \(Self.adAt3) and \(Self.adAt5)"), "\(named.error)")
        var otherSeed = Self.smallRun
        otherSeed[5] = "5"
        let seeded = try await Self.shardFiles(count: 3, arguments: otherSeed)
        let seeds = await impressions(arguments: ["merge", paths[0], paths[1], seeded[2]])
        #expect(seeds.error == "impressions merge: \(seeded[2]) is a shard of another run than \(paths[0]): feed A: seed 5 vs 4\n",
                "\(seeds.error)")
        let policies = try await Self.shardFiles(count: 3, arguments: Array(Self.smallRun.dropLast(2)))
        let options = await impressions(arguments: ["merge", paths[0], policies[1], paths[2]])
        #expect(options.status == 1 && options.error.contains("\(policies[1]) is a shard of another run than \(paths[0]): feed A: policies"),
                "\(options.error)")
        // The same file names, B's file changed between shards: B's feed differs.
        let directory = try temporaryDirectory()
        let (feedA, feedB) = (directory + "/a.json", directory + "/b.json")
        try FileManager.default.copyItem(atPath: Self.adAt3, toPath: feedA)
        try FileManager.default.copyItem(atPath: Self.adAt5, toPath: feedB)
        let before = try await Self.shardFiles(count: 2, feeds: [feedA, feedB], arguments: Self.smallRun)
        try FileManager.default.removeItem(atPath: feedB)
        try FileManager.default.copyItem(atPath: Self.adAt3, toPath: feedB)
        let after = try await Self.shardFiles(count: 2, feeds: [feedA, feedB], arguments: Self.smallRun)
        let feeds = await impressions(arguments: ["merge", before[0], after[1]])
        #expect(feeds.status == 1 && feeds.error.contains("\(after[1]) is a shard of another run than \(before[0]): feed B: another feed"),
                "\(feeds.error)")
    }
}
