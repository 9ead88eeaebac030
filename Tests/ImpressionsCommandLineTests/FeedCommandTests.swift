import Foundation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("impressions feed --export and simulate --feed")
struct FeedCommandTests {
    @Test("simulate --feed on the exported synthetic feed prints exactly the bytes simulate prints without it")
    func exportRoundTrip() async throws {
        let export = await impressions("feed", "--export", "--sections", "300", "--seed", "7")
        #expect(export.status == 0 && export.error.isEmpty)
        let path = try temporaryFile(export.output, name: "feed.json")
        let run = ["--sessions", "30", "--seed", "7", "--seconds", "20", "--policy", "default", "--policy", "abema"]
        let synthetic = await impressions(arguments: ["simulate", "--sections", "300", "--json"] + run)
        let fromFile = await impressions(arguments: ["simulate", "--feed", path, "--json", "--workers", "1"] + run)
        #expect(synthetic.status == 0 && fromFile.status == 0)
        #expect(fromFile.output == synthetic.output)
        let table = await impressions(arguments: ["simulate", "--sections", "300"] + run)
        let tableFromFile = await impressions(arguments: ["simulate", "--feed", path] + run)
        #expect(tableFromFile.output == table.output && table.output.contains("on a feed of 300 sections, seed 7"))
    }

    @Test("the documented example: its ads keep their own policy under every definition; window and whole-feed layouts agree")
    func documentedExample() async {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/feed-example.json").path
        let run = ["simulate", "--feed", example, "--sessions", "40", "--seconds", "30", "--policy", "default", "--policy", "abema"]
        let window = await impressions(arguments: run)
        #expect(window.status == 0 && window.output.contains("feed: 1 banner, 80 card, 20 two-line, 1 carousel, 20 video, 30 ad"))
        let adRow = window.output.split(separator: "\n").first { $0.hasPrefix("  ad ") }?.split(separator: " ") ?? []
        #expect(adRow.count == 3 && adRow[1] == adRow[2] && adRow[1] != "0", "\(adRow)")
        let cardRow = window.output.split(separator: "\n").first { $0.hasPrefix("  card ") }?.split(separator: " ") ?? []
        #expect(cardRow.count == 3 && cardRow[1] != cardRow[2])
        let wholeFeed = await impressions(arguments: run + ["--layout", "feed"])
        #expect(wholeFeed.output == window.output)
    }

    @Test("with a feed file, --sections-out names each section by its id in the file")
    func sectionsOutNamesFeedSections() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/feed-example.json").path
        let csvPath = try temporaryFile("", name: "sections.csv")
        let run = await impressions("simulate", "--feed", example, "--sessions", "4", "--seconds", "20",
                                    "--policy", "default", "--sections-out", csvPath)
        #expect(run.status == 0)
        let rows = try String(contentsOfFile: csvPath, encoding: .utf8).split(separator: "\n")
        #expect(rows.dropFirst().first?.hasPrefix("hero,banner,1,default,\(ImpressionPolicy.default.fingerprint),4,") == true)
        #expect(rows.contains { $0.hasPrefix("ad#1,ad,") })
    }

    @Test("with a feed file, --trace-out names each section by its id in the file, as --sections-out does, and the traces replay")
    func traceOutNamesFeedSections() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/feed-example.json").path
        let directory = try temporaryDirectory()
        let run = await impressions("simulate", "--feed", example, "--sessions", "2", "--seconds", "30",
                                    "--policy", "default", "--trace-out", directory)
        #expect(run.status == 0)
        let trace = try String(contentsOfFile: directory + "/session-000000.jsonl", encoding: .utf8)
        let layout = try #require(trace.split(separator: "\n").first { $0.contains("\"type\":\"layout\"") })
        #expect(layout.contains("{\"id\":\"hero\"") && layout.contains("{\"id\":\"picks\""), "\(layout.prefix(300))")
        #expect(trace.contains("{\"id\":\"ad#1\""))
        let replay = await impressions("replay", directory + "/session-000000.jsonl", "--policy", "default")
        // The impressions name the file's sections: named ones by name, the others by position.
        let named = replay.output.split(separator: "\n").filter { line in
            ["hero", "picks", "module", "ad#"].contains { line.contains("\"section\":\"\($0)") }
        }
        #expect(replay.status == 0 && !named.isEmpty, "\(replay.output.prefix(300))")
    }

    @Test("a users file is read up to 1 MiB, a feed file up to 256 MiB: past the limit, refused naming it")
    func fileSizeLimits() async throws {
        let users = await impressions("simulate", "--users", "/dev/zero")
        #expect(users.status == 1 && users.output.isEmpty)
        #expect(users.error == "impressions simulate: /dev/zero is larger than the limit of 1048576 bytes\n", "\(users.error)")
        #expect(ImpressionsCommand.maximumFeedFileBytes == 256 << 20)
    }

    @Test("a bad feed file fails with status 1, the file, the JSON path and the value; nothing on standard output")
    func badFile() async throws {
        let path = try temporaryFile(#"""
            {"format": "impressions-feed", "version": 1,
             "sections": [{"kind": "card", "height": 10, "cells": [{"width": 10, "height": -4}]}]}
            """#, name: "bad.json")
        let result = await impressions("simulate", "--feed", path)
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error == "impressions simulate: \(path): sections[0].cells[0].height: must be positive, got -4\n")
        let missing = await impressions("simulate", "--feed", "/nonexistent/feed.json")
        #expect(missing.status == 1 && missing.error.contains("cannot open /nonexistent/feed.json"))
    }

    @Test("usage errors are status 2: --feed with --sections, feed without --export")
    func usage() async {
        let sections = await impressions("simulate", "--feed", "f.json", "--sections", "10")
        #expect(sections.status == 2 && sections.error.contains("--sections and --feed"))
        // --shard takes --feed: the missing file is the error, not the combination.
        let shard = await impressions("simulate", "--feed", "/nonexistent/f.json", "--shard", "0/2")
        #expect(shard.status == 1 && shard.error.contains("cannot open /nonexistent/f.json"))
        let bare = await impressions("feed")
        #expect(bare.status == 2 && bare.error.contains("missing --export"))
        let help = await impressions("feed", "--help")
        #expect(help.status == 0 && help.output.contains("docs/feed-format.md"))
        let simulateHelp = await impressions("simulate", "--help")
        #expect(simulateHelp.output.contains("--feed FILE"))
    }
}
