import Testing
@testable import ImpressionTracking

@Suite("Snapshots: why a section does not count")
struct SnapshotTests {
    @Test("each reason, the counts and fired flags, and the printed table")
    func everyReason() throws {
        var engine = try Engine()
        try engine.setViewport(screen())
        try engine.setObstructions([rect(0, 500, 320, 100)])   // a banner over the screen's bottom
        let flat = section("flat", rect(0, 100, 320, 0))
        let layout = [
            section("seen", rect(0, 0, 320, 200)),
            section("below", rect(0, 420, 320, 200)),                 // 420...500 left: 80 of 200
            section("covered", rect(0, 520, 320, 60)),                // under the banner
            section("far", rect(0, 2000, 320, 100)),
            card("clipped", in: "shelf", rect(200, 0, 100, 100)),      // beyond the shelf, on screen
            TrackedSection(id: "empty", cells: []),
            flat,                                                    // no height to measure against
        ]
        try engine.setLayout(layout, containers: [ScrollContainer(id: "shelf", frame: rect(0, 200, 160, 100))])
        #expect(engine.advance(to: ms(1000)) == [impression("seen", at: ms(1000), seen: .seconds(1))])

        let snapshot = engine.snapshot()
        #expect(snapshot.time == ms(1000) && snapshot.visit == 1 && snapshot.inactiveCauses.isEmpty)
        #expect(snapshot.sections.map(\.sectionID) == layout.map(\.id))
        // Visible at the 11 samples 0, 0.1, ..., 1.0 s, in one run, laid out at time zero:
        // from 0 to 1.0, 1 s, as its impression says.
        let seenStatistics = SectionStatistics(entries: 1, visibleDurationThisVisit: ms(1000), totalVisibleDuration: ms(1000),
                                               highestVisibleRatio: 1, firstAppearance: .zero,
                                               timeSinceFirstAppearance: ms(1000), countedSamples: 11)
        // All of it in view: 320 × 200 points, on screen where it is laid out.
        let seenGeometry = VisibleGeometry(sectionID: "seen", time: ms(1000), frame: rect(0, 0, 320, 200),
                                           onScreenFrame: rect(0, 0, 320, 200), heightFraction: 1, widthFraction: 1,
                                           areaFraction: 1, pixelsInView: 64000, percentageInView: 100)
        #expect(row("seen", in: snapshot) == SectionSnapshot(sectionID: "seen", visibleRatio: 1, consecutiveSamples: 11,
                                                             hasFiredThisVisit: true, notVisibleReason: nil,
                                                             statistics: seenStatistics, requiredSamples: 11,
                                                             visibility: .atThreshold, counting: .counted,
                                                             geometry: seenGeometry))
        #expect(row("below", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))
        #expect(row("below", in: snapshot)?.visibleRatio == 0.4)
        #expect(row("covered", in: snapshot)?.notVisibleReason == .obstructed)
        #expect(row("far", in: snapshot)?.notVisibleReason == .offscreen)
        #expect(row("clipped", in: snapshot)?.notVisibleReason == .clippedByContainer("shelf"))
        #expect(row("empty", in: snapshot)?.notVisibleReason == .noSize)
        #expect(row("flat", in: snapshot)?.notVisibleReason == .noSize)
        #expect(snapshot.sections.filter { $0.sectionID != "seen" }.allSatisfy {
            !$0.isVisible && $0.consecutiveSamples == 0 && !$0.hasFiredThisVisit
        })

        let table = String(describing: snapshot)
        for text in ["time 1 s, visit 1, active", "section", "ratio", "shows", "counting", "why not counted",
                     "at threshold", "counted", "below threshold (0.4 < 0.5)", "obstructed", "offscreen", "clipped by container shelf", "no size"] {
            #expect(table.contains(text), "\(text) in\n\(table)")
        }
        for section in layout {
            #expect(table.split(separator: "\n").contains { $0.hasPrefix(section.id + " ") }, "\(section.id) in\n\(table)")
        }

        // "seen" fired and leaves the layout: remembered, last, as missing.
        try engine.setLayout(Array(layout.dropFirst()), containers: [ScrollContainer(id: "shelf", frame: rect(0, 200, 160, 100))])
        let departed = try #require(engine.snapshot().sections.last)
        #expect(departed.sectionID == "seen" && departed.notVisibleReason == .missingFromLayout && departed.hasFiredThisVisit)
        #expect(String(describing: engine.snapshot()).contains("missing from layout"))
        // One section's snapshot is its row, each reason and the departed one alike; nil for a stranger.
        for row in engine.snapshot().sections { #expect(engine.snapshot(of: row.sectionID) == row) }
        #expect(engine.snapshot(of: "never laid out") == nil)

        // Inactive comes first, with its causes.
        engine.disappear()
        engine.enterBackground()
        engine.setCovered(true)
        let inactive = engine.snapshot()
        #expect(inactive.inactiveCauses == [.disappeared, .inBackground, .covered])
        #expect(inactive.sections.dropLast().allSatisfy { $0.notVisibleReason == .inactive([.disappeared, .inBackground, .covered]) })
        #expect(String(describing: inactive).contains("inactive (disappeared + in background + covered)"))
        for row in inactive.sections { #expect(engine.snapshot(of: row.sectionID) == row) }
    }

    @Test("with no viewport every section says so")
    func noViewport() throws {
        var engine = try Engine()
        try engine.setLayout([section("a", rect(0, 0, 320, 100)), section("b", rect(0, 100, 320, 100))])
        #expect(engine.snapshot().sections.map(\.notVisibleReason) == [.noViewport, .noViewport])
        try engine.setViewport(rect(0, 0, 320, 0))
        #expect(engine.snapshot().sections.map(\.notVisibleReason) == [.noViewport, .noViewport])
    }

    @Test("a row says two facts apart: how the section shows now, and where its counting stands")
    func twoFactsApart() throws {
        // "ad" fires at 1 s; "gate" is on screen, not loaded; "late" comes on screen later.
        var engine = try makeEngine(policy: ImpressionPolicy(recurrence: .oncePerVisit),
                                    showing: [section("ad", y: 0), section("gate", y: 200, isLoaded: false),
                                              section("late", y: 700)])
        func row(_ id: String) -> SectionSnapshot<String>? { engine.snapshot(of: id) }
        #expect(row("ad")?.counting == .idle, "nothing evaluated yet")
        _ = engine.advance(to: ms(500))
        #expect(row("ad")?.visibility == .atThreshold && row("ad")?.counting == .counting(samples: 6, of: 11))
        // A gate is its own look, not below threshold, however much of the section shows.
        #expect(row("gate")?.visibility == .gated && row("gate")?.notVisibleReason == .notLoaded)
        #expect(row("gate")?.counting == .idle)
        #expect(row("late")?.visibility == .offscreen && row("late")?.counting == .idle)

        // Long past its 11 samples: counted, whatever its count says (41 samples at 4 s).
        _ = engine.advance(to: ms(4000))
        #expect(row("ad")?.statistics.countedSamples == 41)
        #expect(row("ad")?.counting == .counted && String(describing: row("ad")!.counting) == "counted")

        // Scrolled so that 16 % of it shows: below threshold now, and counted, two facts.
        try engine.setViewport(screen(scrolledTo: 168))
        #expect(row("ad")?.visibility == .belowThreshold && row("ad")?.counting == .counted)
        _ = engine.advance(to: ms(4500))
        #expect(row("ad")?.visibility == .belowThreshold && row("ad")?.counting == .counted, "once per visit: no more")
        let table = String(describing: engine.snapshot())
        #expect(table.contains("ad  ") && table.split(separator: "\n").contains {
            $0.hasPrefix("ad ") && $0.contains("below threshold  counted") && $0.contains("below threshold (0.16 < 0.5)")
        }, "\(table)")
    }

    @Test("a cooldown reads as cooling down until the sample it ends at; a spent run held back by it counts nothing more")
    func coolingDown() throws {
        var engine = try makeEngine(policy: ImpressionPolicy(cooldown: .seconds(3)), showing: [section("ad", y: 0)])
        func counting() -> SectionSnapshot<String>.Counting? { engine.snapshot(of: "ad")?.counting }
        #expect(engine.advance(to: ms(1000)).count == 1)
        #expect(counting() == .counted, "its run is spent, by the impression")
        try engine.setViewport(screen(scrolledTo: 2000))
        _ = engine.advance(to: ms(1100))
        #expect(counting() == .coolingDown(until: ms(4000)))
        try engine.setViewport(screen)
        _ = engine.advance(to: ms(2200))
        // Its second run completed at 2.2 s inside the cooldown: no impression, and spent.
        #expect(counting() == .coolingDown(until: ms(4000)))
        #expect(engine.snapshot(of: "ad")?.statistics.countedSamples == 11)
        _ = engine.advance(to: ms(5000))
        #expect(counting() == .idle, "spent, past the cooldown: it counts again from its next entry")
    }
}
