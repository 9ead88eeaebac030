import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `--policy` reads the timing knobs (`timing=cumulative`, `cooldown=30s`) and refuses
/// bad values with a usage error naming the key and the value.
@Suite("--policy: cumulative time and cooldown")
struct PolicyTimingKnobTests {
    @Test("timing and cooldown read after a preset or alone")
    func parses() throws {
        let both = try NamedPolicy(parsing: "default,timing=cumulative,cooldown=30s").policy
        var expected = ImpressionPolicy.default
        expected.timing = .cumulative
        expected.cooldown = .seconds(30)
        #expect(both == expected)
        #expect(try NamedPolicy(parsing: "cooldown=500ms").policy.cooldown == .milliseconds(500))
        #expect(try NamedPolicy(parsing: "cooldown=2m").policy.cooldown == .seconds(120))
        #expect(try NamedPolicy(parsing: "cooldown=0").policy == .default)
        #expect(try NamedPolicy(parsing: "mrc-display,timing=Continuous").policy == .mrcDisplay)
        #expect(try NamedPolicy(parsing: "default,timing=both-ends").policy.timing == .checkedAtBothEnds)
        #expect(try NamedPolicy(parsing: "react-native-item,timing=continuous").policy.timing == .continuous)
    }

    @Test("bad values are refused", arguments: [
        "timing=sometimes", "timing=", "cooldown=-1s", "cooldown=inf", "cooldown=nan", "cooldown=2 days",
        "cooldown=86401s", "cooldown=", "cooldown=1s,cooldown=2s",
    ])
    func refuses(bad: String) {
        #expect(throws: PolicyParseError.self, "\(bad)") { try NamedPolicy(parsing: bad) }
    }

    @Test("a bad value is a usage error naming the key and the value, status 2", arguments: [
        ("cooldown=-1s", "cooldown must look like 2s, 500ms or 1.5 (seconds), got '-1s'"),
        ("cooldown=86401s", "cooldown must be in 0...86400 s, got '86401s'"),
        ("timing=sometimes", "timing must be continuous, cumulative or both-ends, got 'sometimes'"),
    ])
    func usageError(policy: String, message: String) async {
        let result = await impressions("simulate", "--policy", policy)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("impressions simulate: invalid value '\(policy)' for --policy: \(message)"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("a simulation compares the knobs: the rule row names them; cumulative fires no less, a minute's cooldown fewer")
    func simulates() async throws {
        // Per section and session, every run in which continuous time fires makes the
        // cumulative sum reach the duration too, and a cooldown only drops impressions.
        let result = await impressions("simulate", "--sessions", "20", "--sections", "40", "--seconds", "20", "--json",
                                       "--policy", "default", "--policy", "default,timing=cumulative,name=cumulative",
                                       "--policy", "default,cooldown=1m,name=cooled")
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let policies = try #require(report["policies"] as? [[String: Any]])
        let counts = policies.compactMap { $0["impressions"] as? Int }
        try #require(counts.count == 3)
        #expect(counts[0] > 100, "\(counts)")
        #expect(counts[1] >= counts[0] && counts[2] < counts[0], "\(counts)")

        let table = await impressions("simulate", "--sessions", "2", "--sections", "40", "--seconds", "20",
                                      "--policy", "default,timing=cumulative,cooldown=30s")
        #expect(table.output.contains("50% height 1 s in all, cooldown 30 s"), "\(table.output)")
    }

    @Test("a feed file whose ad has a cumulative, cooling-down policy: its shards merge to the one run")
    func feedShards() async throws {
        let feed = try temporaryFile(#"""
            {"format": "impressions-feed", "version": 1, "sections": [
              {"kind": "card", "height": 300},
              {"kind": "ad", "height": 250, "cells": [{"x": 45, "width": 300, "height": 250}],
               "policy": {"ratio": 0.5, "durationMs": 1000, "measure": "area", "timing": "cumulative", "cooldownMs": 30000}},
              {"repeat": 40, "sections": [{"kind": "card", "height": 300}]}
            ]}
            """#, name: "feed.json")
        let run = ["simulate", "--feed", feed, "--sessions", "12", "--seconds", "40"]
        var parts: [String] = []
        for shard in 0..<3 {
            let part = await impressions(arguments: run + ["--shard", "\(shard)/3"])
            #expect(part.status == 0, "\(part.error)")
            parts.append(try temporaryFile(part.output, name: "part-\(shard).json"))
        }
        let merged = await impressions(arguments: ["merge"] + parts)
        let one = await impressions(arguments: run + ["--json"])
        #expect(merged.status == 0 && one.status == 0, "\(merged.error)")
        #expect(merged.output == one.output)
    }
}
