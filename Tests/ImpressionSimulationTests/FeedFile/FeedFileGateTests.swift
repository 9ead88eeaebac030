import Foundation
import ImpressionSimulation
import ImpressionTracking
import Testing

/// Feed files carry a section's load delay and opacity and a section policy's minimum
/// opacity; the runner loads late sections at their time, and traces of its sessions
/// record it.
@Suite("Feed files with the load gate and opacity")
struct FeedFileGateTests {
    static func file(adLoadDelayMs: Int?) -> String {
        let delay = adLoadDelayMs.map { #", "loadDelayMs": \#($0)"# } ?? ""
        return #"""
            {"format": "impressions-feed", "version": 1, "sections": [
              {"id": "ad", "kind": "ad", "height": 250, "cells": [{"x": 45, "width": 300, "height": 250}]\#(delay),
               "policy": {"ratio": 0.5, "durationMs": 1000, "measure": "area", "minOpacity": 0.1}},
              {"id": "faint", "kind": "card", "height": 300, "opacity": 0.05,
               "policy": {"ratio": 0.5, "durationMs": 0, "minOpacity": 0.1}},
              {"repeat": 40, "sections": [{"kind": "card", "height": 300}]}
            ]}
            """#
    }

    @Test("loadDelayMs, opacity and minOpacity read, and write back the same; a feed without them writes as before")
    func roundTrip() throws {
        let feed = try FeedFile.decode(Array(Self.file(adLoadDelayMs: 2500).utf8))
        #expect(feed.sections[0].loadDelay == .milliseconds(2500) && feed.sections[1].opacity == 0.05)
        #expect(feed.sections[0].policy?.minimumOpacity == 0.1)
        let written = FeedFile.encode(feed)
        #expect(written.contains(#""loadDelayMs": 2500"#) && written.contains(#""opacity": 0.05"#)
                && written.contains(#""minOpacity": 0.1"#), "\(written)")
        #expect(try FeedFile.decode(Array(written.utf8)).sections == feed.sections)
        let plain = FeedFile.encode(Feed(sectionCount: 20, seed: 3))
        #expect(!plain.contains("loadDelayMs") && !plain.contains("opacity"))
    }

    @Test("bad values are named by their path", arguments: [
        (#""loadDelayMs": -1"#, "sections[0].loadDelayMs: must be in 0...86400000, got -1"),
        (#""opacity": 1.5"#, "sections[0].opacity: must be in 0...1, got 1.5"),
    ])
    func badValues(member: String, expected: String) {
        let text = #"{"format": "impressions-feed", "version": 1, "sections": [{"kind": "card", "height": 100, "# + member + "}]}"
        #expect { try FeedFile.decode(Array(text.utf8)) } throws: { ($0 as? FileFormatError)?.description == expected }
    }

    @Test("the ad loads at its delay: a new layout then, recorded in the trace, and it fires 1 s later at the earliest")
    func loadsLate() throws {
        // The ad is on screen from the start. Loaded after 2.5 s, its first counted sample
        // is 2.6 (samples every 100 ms), so it cannot fire before 3.6; loaded from the
        // start it can at 1.0. "faint", at 0.05 under a minimum of 0.1, never fires.
        let late = try FeedFile.decode(Array(Self.file(adLoadDelayMs: 2500).utf8))
        let runner = try SessionRunner(feed: late, policies: [NamedPolicy(name: "default", policy: .default)])
        let session = Session(duration: .seconds(10), events: [])
        let (inputs, end) = runner.engineInputs(of: session)
        let layouts = inputs.filter { if case .layout = $0.input { true } else { false } }
        #expect(layouts.map(\.time) == [.zero, .milliseconds(2500)])
        guard case .layout(let first, _) = layouts[0].input, case .layout(let loaded, _) = layouts[1].input else { return }
        #expect(!first[0].isLoaded && loaded[0].isLoaded && first[1].opacity == 0.05)
        let outcome = runner.run(session)
        let ad = outcome.impressions[0].filter { $0.sectionID == 0 }
        #expect(ad.map(\.time) == [.milliseconds(3600)])
        #expect(!outcome.impressions[0].contains { $0.sectionID == 1 })
        // The recorded trace replays to the same impressions.
        let trace = Trace(header: TraceHeader(), inputs: inputs.map { TimedInput(time: $0.time, input: $0.input.mapIDs(String.init)) },
                          end: end)
        let replayed = try TraceReplayer.impressions(of: trace, policies: [NamedPolicy(name: "default", policy: .default)])
        #expect(replayed[0].map(\.time) == outcome.impressions[0].map(\.time))

        let early = try FeedFile.decode(Array(Self.file(adLoadDelayMs: nil).utf8))
        let eager = try SessionRunner(feed: early, policies: [NamedPolicy(name: "default", policy: .default)]).run(session)
        #expect(eager.impressions[0].filter { $0.sectionID == 0 }.map(\.time) == [.seconds(1)])
    }
}
