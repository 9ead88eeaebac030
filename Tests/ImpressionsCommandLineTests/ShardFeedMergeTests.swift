import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("Shards of a feed file: simulate --feed FILE --shard i/n, then merge without the file, prints exactly one run")
struct ShardFeedMergeTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/feed-example.json").path
    static let users = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/users-example.json").path

    /// A feed unlike the example: its own screen, no spacing, a policy per section, ids
    /// repeated in blocks (numbered `tile#1`...).
    static let otherFeed = #"""
        {"format": "impressions-feed", "version": 1, "screen": {"width": 360, "height": 640},
         "sections": [
           {"id": "top", "kind": "banner", "height": 150.5},
           {"repeat": 40, "sections": [
             {"id": "tile", "kind": "two-line", "height": 300, "grid": {"columns": 2, "rows": 2, "x": 8, "width": 168, "height": 140, "gap": 8}},
             {"kind": "ad", "height": 250, "cells": [{"x": 30, "width": 300, "height": 250}],
              "policy": {"ratio": 0.5, "durationMs": 1000.5, "measure": "area", "recurrence": "once-per-visit"}}
           ]}
         ]}
        """#

    static func run(feed: String) -> [String] {
        ["--feed", feed, "--sessions", "23", "--seconds", "20", "--seed", "9",
         "--policy", "default", "--policy", "abema", "--policy", "ratio=80%,duration=2s,measure=area"]
    }

    /// Users from the documented users file, whose session lengths are a distribution
    /// capped at `--seconds`: the model travels in the shards' configuration.
    static let withUsers = ["--users", users, "--seconds", "2m"]

    /// Copies `text` to a fresh feed file, runs every shard of `count` on it with
    /// `workers` workers (one more on odd shards), and deletes the file: merging must
    /// not need it.
    static func shardsOf(feedText text: String, count: Int, workers: Int, extra: [String] = []) async throws -> [String] {
        let feed = try temporaryFile(text, name: "feed.json")
        var paths: [String] = []
        for index in 0..<count {
            let result = await impressions(arguments: ["simulate"] + run(feed: feed) + extra
                + ["--shard", "\(index)/\(count)", "--workers", "\(workers + index % 2)"])
            #expect(result.status == 0, "\(result.error)")
            paths.append(try temporaryFile(result.output, name: "part-\(index).json"))
        }
        try FileManager.default.removeItem(atPath: feed)
        return paths
    }

    @Test("merged shards equal the single run, JSON and per-section CSV, for any shard count and workers, with a users file too",
          arguments: [(1, 1), (2, 2), (3, 1), (5, 3), (23, 2)])
    func mergeEqualsSingleRun(count: Int, workers: Int) async throws {
        let exampleText = try String(contentsOfFile: Self.example, encoding: .utf8)
        let runs: [(name: String, text: String, extra: [String])] = [
            ("example", exampleText, []), ("other", Self.otherFeed, []), ("example", exampleText, Self.withUsers),
        ]
        for (name, text, extra) in runs {
            let directory = try temporaryDirectory()
            let feed = try temporaryFile(text, name: "feed.json")
            let single = await impressions(arguments: ["simulate"] + Self.run(feed: feed) + extra
                + ["--json", "--workers", "2", "--sections-out", directory + "/single.csv"])
            #expect(single.status == 0, "\(single.error)")
            let paths = try await Self.shardsOf(feedText: text, count: count, workers: workers, extra: extra)
            let merged = await impressions(arguments: ["merge"] + paths.reversed() + ["--sections-out", directory + "/merged.csv"])
            #expect(merged.status == 0, "\(name) \(extra): \(merged.error)")
            #expect(merged.output == single.output, "\(name) \(extra)")
            let singleCSV = try String(contentsOfFile: directory + "/single.csv", encoding: .utf8)
            #expect(try String(contentsOfFile: directory + "/merged.csv", encoding: .utf8) == singleCSV, "\(name) \(extra)")
            // The merged run is the feed file's, not a synthetic feed of as many sections.
            let (defaultPrint, abemaPrint) = (ImpressionPolicy.default.fingerprint, ImpressionPolicy.abema.fingerprint)
            let firstRow = (name == "example" ? "hero" : "top") + ",banner,1,default,\(defaultPrint),23,"
            #expect(singleCSV.split(separator: "\n").dropFirst().first?.hasPrefix(firstRow) == true, "\(name) \(extra)")
            #expect(singleCSV.contains(name == "example" ? "\nad#30,ad,150,abema,\(abemaPrint),23,"
                                                         : "\ntile#40,two-line,80,abema,\(abemaPrint),23,"), "\(name) \(extra)")
        }
    }

    @Test("the shards of the same feed from differently written files merge; synthetic shards carry no feed")
    func sameFeedAnyFile() async throws {
        let exampleText = try String(contentsOfFile: Self.example, encoding: .utf8)
        let export = FeedFile.encode(try FeedFile.decode(Array(exampleText.utf8)))
        #expect(export != exampleText)
        let written = try await Self.shardsOf(feedText: exampleText, count: 2, workers: 1)
        let exported = try await Self.shardsOf(feedText: export, count: 2, workers: 2)
        let merged = await impressions(arguments: ["merge", written[0], exported[1]])
        let single = await impressions(arguments: ["simulate"] + Self.run(feed: Self.example) + ["--json"])
        #expect(merged.status == 0 && merged.output == single.output, "\(merged.error)")
        let synthetic = try await ShardMergeTests.shardFiles(count: 2)
        let text = try String(contentsOfFile: synthetic[0], encoding: .utf8)
        #expect(!text.contains("\"feed\":\"") && text.contains("\"count\":2,\"fingerprints\":["))
        #expect(try String(contentsOfFile: written[0], encoding: .utf8).contains("\"feed\":\"{\\n  \\\"format\\\": \\\"impressions-feed\\\""))
    }

    @Test("shards of another feed, or of the synthetic feed, are refused naming the file; a forged feed too")
    func refused() async throws {
        let exampleText = try String(contentsOfFile: Self.example, encoding: .utf8)
        let paths = try await Self.shardsOf(feedText: exampleText, count: 3, workers: 1)
        // The same number of sections, one of them taller: only the feed differs.
        let taller = exampleText.replacingOccurrences(of: #""kind": "banner", "height": 200"#, with: #""kind": "banner", "height": 201"#)
        #expect(taller != exampleText)
        let other = try await Self.shardsOf(feedText: taller, count: 3, workers: 1)
        let mixed = await impressions(arguments: ["merge", paths[0], other[1], paths[2]])
        #expect(mixed.status == 1 && mixed.output.isEmpty)
        #expect(mixed.error == "impressions merge: \(other[1]) is a shard of another run than \(paths[0]): "
            + "another feed (the feed files differ from line 7)\n", "\(mixed.error)")
        var synthetic = Self.run(feed: "")
        synthetic.replaceSubrange(0...1, with: ["--sections", "152"])
        let syntheticShards = try await ShardMergeTests.shardFiles(count: 3, arguments: synthetic)
        let withSynthetic = await impressions(arguments: ["merge", syntheticShards[0], paths[1], paths[2]])
        #expect(withSynthetic.status == 1 && withSynthetic.error.contains("\(paths[1]) is a shard of another run than \(syntheticShards[0])")
            && withSynthetic.error.contains("a feed file's feed vs the synthetic feed"), "\(withSynthetic.error)")
        // A shard is checked, not trusted: its feed must be a feed file giving its configuration.
        let whole = try await Self.shardsOf(feedText: exampleText, count: 1, workers: 2)
        let text = try String(contentsOfFile: whole[0], encoding: .utf8)
        #expect(text.contains(#"\"height\": 200"#) && text.contains(#"\"width\": 390, \"height\": 844"#))
        let broken = try temporaryFile(text.replacingOccurrences(of: #"\"height\": 200"#, with: #"\"height\": -200"#), name: "broken.json")
        let brokenMerge = await impressions(arguments: ["merge", broken])
        #expect(brokenMerge.status == 1 && brokenMerge.error.contains("\(broken): the run's feed is not a valid feed file: sections[0].height"),
                "\(brokenMerge.error)")
        let wider = try temporaryFile(text.replacingOccurrences(of: #"\"width\": 390, \"height\": 844"#, with: #"\"width\": 391, \"height\": 844"#),
                                      name: "wider.json")
        let widerMerge = await impressions(arguments: ["merge", wider])
        #expect(widerMerge.status == 1 && widerMerge.error.contains("\(wider): the run's feed does not give its configuration's"),
                "\(widerMerge.error)")
    }
}
