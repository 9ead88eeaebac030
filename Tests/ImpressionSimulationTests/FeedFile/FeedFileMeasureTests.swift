import Foundation
import ImpressionSimulation
import ImpressionTracking
import Testing

/// Feed files carry a section policy's width measure and focus fraction; reports name
/// them.
@Suite("Feed files and reports with the width measure and focus")
struct FeedFileMeasureTests {
    static let file = #"""
        {"format": "impressions-feed", "version": 1, "sections": [
          {"kind": "card", "height": 300},
          {"kind": "ad", "height": 250, "cells": [{"x": 45, "width": 300, "height": 250}],
           "policy": {"ratio": 1, "durationMs": 1000, "measure": "width", "focus": 0.5}},
          {"repeat": 40, "sections": [{"kind": "card", "height": 300}]}
        ]}
        """#

    @Test("a section policy's width measure and focus read, and write back the same")
    func roundTrip() throws {
        let feed = try FeedFile.decode(Array(Self.file.utf8))
        let expected = ImpressionPolicy(minimumVisibleRatio: 1, measure: .width, exitVisibleRatio: nil,
                                        largeSectionRule: .focus(fraction: 0.5))
        #expect(feed.sections[1].policy == expected)
        let written = FeedFile.encode(feed)
        #expect(written.contains(#""measure": "width", "recurrence": "every-entry", "focus": 0.5"#), "\(written)")
        #expect(try FeedFile.decode(Array(written.utf8)).sections == feed.sections)
    }

    @Test("a bad measure or focus is named by its path", arguments: [
        (#""measure": "depth""#, #"sections[0].policy.measure: must be height, area or width, got "depth""#),
        (#""focus": 1.5"#, "sections[0].policy.focus: must be in (0, 1], got 1.5"),
        (#""focus": 0"#, "sections[0].policy.focus: must be in (0, 1], got 0"),
    ])
    func badValues(member: String, expected: String) {
        let text = #"{"format": "impressions-feed", "version": 1, "sections": [{"kind": "card", "height": 100, "policy": {"ratio": 0.5, "durationMs": 1000, "#
            + member + "}}]}"
        #expect { try FeedFile.decode(Array(text.utf8)) } throws: { ($0 as? FileFormatError)?.description == expected }
    }

    @Test("a report names the width measure, and focus only when it is on")
    func reportJSON() async throws {
        let focused = ImpressionPolicy(minimumVisibleRatio: 1, measure: .width, exitVisibleRatio: nil,
                                       largeSectionRule: .focus(fraction: 0.5))
        let simulation = try Simulation(configuration: SimulationConfiguration(
            sessionCount: 4, sectionCount: 200,
            policies: [NamedPolicy(name: "plain", policy: .default), NamedPolicy(name: "focused", policy: focused)]))
        let json = await simulation.run(workers: 1).json()
        #expect(json.components(separatedBy: #""measure": "width""#).count == 2)
        #expect(json.components(separatedBy: #""focus": 0.5"#).count == 2)
    }
}
