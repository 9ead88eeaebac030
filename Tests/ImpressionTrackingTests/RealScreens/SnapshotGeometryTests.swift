import Testing
@testable import ImpressionTracking

/// A snapshot row's geometry: the percentage in view and why the rest is not, beside
/// why the policy does not count the section, worked out by hand on a 390 × 844 screen
/// with an 83 pt tab bar over its bottom (an obstruction from y 761 to 844).
@Suite("Snapshots: the percentage in view and why not in view")
struct SnapshotGeometryTests {
    static let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
    static let tabBar = Rect(x: 0, y: 761, width: 390, height: 83)
    static let layout: [TrackedSection<String>] = [
        TrackedSection(id: "top", cells: [Rect(x: 0, y: 0, width: 390, height: 300)]),
        // 700...800: the tab bar covers 761...800, 39 of its 100 pt; 61 show.
        TrackedSection(id: "under-tab-bar", cells: [Rect(x: 0, y: 700, width: 390, height: 100)]),
        // 780...900: 844...900 is below the screen, 780...844 under the tab bar: nothing shows.
        TrackedSection(id: "behind-tab-bar", cells: [Rect(x: 0, y: 780, width: 390, height: 120)]),
        TrackedSection(id: "hidden", cells: [Rect(x: 0, y: 300, width: 390, height: 200)], isHidden: true),
    ]

    static func engine() throws -> Engine {
        var engine = try Engine()
        try engine.setViewport(viewport)
        try engine.setObstructions([tabBar])
        try engine.setLayout(layout)
        _ = engine.advance(to: ms(200))
        return engine
    }

    static func row(_ id: String, in snapshot: EngineSnapshot<String>) throws -> SectionSnapshot<String> {
        try #require(snapshot.sections.first { $0.sectionID == id })
    }

    @Test("under a tab bar: obstructed; partly under it and below the screen: viewport and obstructed; hidden: hidden")
    func percentagesAndReasons() throws {
        let snapshot = try Self.engine().snapshot()
        let top = try Self.row("top", in: snapshot)
        let topGeometry = try #require(top.geometry)
        #expect(topGeometry.percentageInView == 100)
        #expect(topGeometry.reasons == [])
        #expect(top.notVisibleReason == nil)

        // The policy counts it (0.61 of its height shows, above 0.5); the screen shows 61 %,
        // the rest obstructed: the two answers apart.
        let under = try Self.row("under-tab-bar", in: snapshot)
        let underGeometry = try #require(under.geometry)
        #expect(under.notVisibleReason == nil)
        #expect(under.visibility == .atThreshold)
        #expect(underGeometry.percentageInView == 61)
        #expect(underGeometry.reasons.names == ["obstructed"])
        #expect(underGeometry.obstructions == [Self.tabBar])
        // 390 × 61 points, but for the rounding of subtracting the tab bar.
        #expect(abs(underGeometry.pixelsInView - 390 * 61) < 1e-6)
        #expect(underGeometry.onScreenFrame == Rect(x: 0, y: 700, width: 390, height: 61))

        let behind = try Self.row("behind-tab-bar", in: snapshot)
        let behindGeometry = try #require(behind.geometry)
        #expect(behind.notVisibleReason == .obstructed)
        #expect(behind.visibility == .obstructed)
        #expect(behindGeometry.percentageInView == 0)
        #expect(behindGeometry.reasons.names == ["viewport", "obstructed"])
        #expect(behindGeometry.onScreenFrame == nil)

        let hidden = try Self.row("hidden", in: snapshot)
        let hiddenGeometry = try #require(hidden.geometry)
        #expect(hidden.notVisibleReason == .hidden)
        #expect(hidden.visibility == .gated)
        #expect(hiddenGeometry.percentageInView == 0)
        #expect(hiddenGeometry.reasons.names == ["hidden"])
        for row in snapshot.sections {
            let geometry = try #require(row.geometry)
            #expect(geometry.time == snapshot.time)
            #expect(geometry.sectionID == row.sectionID)
        }
    }

    @Test("in the background every row is backgrounded, 0 % in view, while the policy says inactive")
    func background() throws {
        var engine = try Self.engine()
        engine.enterBackground()
        let snapshot = engine.snapshot()
        for row in snapshot.sections {
            let geometry = try #require(row.geometry)
            #expect(row.notVisibleReason == .inactive(.inBackground), "\(row.sectionID)")
            #expect(geometry.percentageInView == 0, "\(row.sectionID)")
            #expect(geometry.reasons.names == ["backgrounded"], "\(row.sectionID)")
        }
        // Covered as well: the OM SDK has no word for a modal; ours is inactive.
        engine.setCovered(true)
        for row in engine.snapshot().sections {
            let geometry = try #require(row.geometry)
            #expect(geometry.reasons.names == ["backgrounded", "inactive"], "\(row.sectionID)")
        }
    }

    @Test("a row's geometry is the geometry stream's, but for its time; the overlay's rows have it too; a departed section's is notFound")
    func sameAsTheStream() throws {
        var engine = try Self.engine()
        engine.watchGeometry()
        _ = engine.advance(to: ms(300))
        let changes = engine.takeGeometryChanges()
        #expect(changes.count == Self.layout.count)
        let snapshot = engine.snapshot()
        for change in changes {
            let row = try Self.row(change.sectionID, in: snapshot)
            let geometry = try #require(row.geometry)
            #expect(geometry.hasSameValues(as: change), "\(change.sectionID): \(geometry) against \(change)")
        }
        for row in engine.overlaySnapshot().sections {
            #expect(row.geometry == (try Self.row(row.sectionID, in: snapshot)).geometry)
        }

        // "top" fired (1 s at 100 %) and leaves the layout: remembered, notFound.
        _ = engine.advance(to: ms(1000))
        try engine.setLayout(Array(Self.layout.dropFirst()))
        let departed = try Self.row("top", in: engine.snapshot())
        let departedGeometry = try #require(departed.geometry)
        #expect(departed.notVisibleReason == .missingFromLayout)
        #expect(departedGeometry.reasons.names == ["notFound"])
    }

    @Test("the tracker's overlay stream carries the geometry, sample by sample")
    func overlayStream() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(clock: clock)
        try await tracker.setViewport(Self.viewport)
        try await tracker.setLayout(Self.layout)
        let overlay = await tracker.overlaySnapshots(bufferingPolicy: .unbounded)
        clock.advance(by: ms(100))
        await tracker.flush()
        // The tab bar comes over nothing that shows of "top": its ratio, how it shows and its
        // counting stay; "under-tab-bar" is now obstructed at 61 %.
        try await tracker.setObstructions([Self.tabBar])
        clock.advance(by: ms(100))
        await tracker.flush()
        await tracker.finish()
        var snapshots: [EngineSnapshot<String>] = []
        for await snapshot in overlay { snapshots.append(snapshot) }
        #expect(snapshots.count == 2, "\(snapshots)")
        let before = try Self.row("under-tab-bar", in: try #require(snapshots.first))
        let after = try Self.row("under-tab-bar", in: try #require(snapshots.last))
        let beforeGeometry = try #require(before.geometry)
        let afterGeometry = try #require(after.geometry)
        #expect(beforeGeometry.percentageInView == 100)
        #expect(beforeGeometry.reasons == [])
        #expect(afterGeometry.percentageInView == 61)
        #expect(afterGeometry.reasons.names == ["obstructed"])
    }
}
