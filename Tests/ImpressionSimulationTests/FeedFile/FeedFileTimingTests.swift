import Foundation
import ImpressionSimulation
import ImpressionTracking
import Testing

/// Feed files carry a section policy's timing knobs (cumulative time, cooldown) as traces
/// do; reports name them; a shard's feed keeps them.
@Suite("Feed files with the timing knobs")
struct FeedFileTimingTests {
    static let file = #"""
        {"format": "impressions-feed", "version": 1, "sections": [
          {"kind": "card", "height": 300},
          {"kind": "ad", "height": 250, "cells": [{"x": 45, "width": 300, "height": 250}],
           "policy": {"ratio": 0.5, "durationMs": 1000, "measure": "area", "timing": "cumulative", "cooldownMs": 30000}},
          {"repeat": 40, "sections": [{"kind": "card", "height": 300}]}
        ]}
        """#

    @Test("a section policy's timing and cooldown read, and write back the same")
    func roundTrip() throws {
        let feed = try FeedFile.decode(Array(Self.file.utf8))
        var expected = ImpressionPolicy(measure: .area)
        expected.timing = .cumulative
        expected.cooldown = .seconds(30)
        #expect(feed.sections[1].policy == expected)
        let written = FeedFile.encode(feed)
        #expect(written.contains(#""timing": "cumulative", "cooldownMs": 30000"#))
        #expect(try FeedFile.decode(Array(written.utf8)).sections == feed.sections)
    }

    @Test("a bad timing or cooldown is named by its path", arguments: [
        (#""timing": "sometimes""#, #"sections[0].policy.timing: must be continuous, cumulative or both-ends, got "sometimes""#),
        (#""cooldownMs": -1"#, "sections[0].policy.cooldownMs: must be in 0...86400000, got -1"),
    ])
    func badValues(member: String, expected: String) {
        let text = #"{"format": "impressions-feed", "version": 1, "sections": [{"kind": "card", "height": 100, "policy": {"ratio": 0.5, "durationMs": 1000, "#
            + member + "}}]}"
        #expect { try FeedFile.decode(Array(text.utf8)) } throws: { ($0 as? FileFormatError)?.description == expected }
    }

    @Test("a report names a policy's timing and cooldown only when they are on")
    func reportJSON() async throws {
        var knobs = ImpressionPolicy.default
        knobs.timing = .cumulative
        knobs.cooldown = .seconds(5)
        let simulation = try Simulation(configuration: SimulationConfiguration(
            sessionCount: 4, sectionCount: 200,
            policies: [NamedPolicy(name: "plain", policy: .default), NamedPolicy(name: "knobs", policy: knobs)]))
        let json = await simulation.run(workers: 1).json()
        #expect(json.components(separatedBy: #""timing": "cumulative""#).count == 2)
        #expect(json.components(separatedBy: #""cooldownSeconds": 5"#).count == 2)
    }
}
