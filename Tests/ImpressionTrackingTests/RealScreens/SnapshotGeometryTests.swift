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
        #expect(top.geometry?.percentageInView == 100 && top.geometry?.reasons == [] && top.notVisibleReason == nil)

        // The policy counts it (0.61 of its height shows, above 0.5); the screen shows 61 %,
        // the rest obstructed: the two answers apart.
        let under = try Self.row("under-tab-bar", in: snapshot)
        #expect(under.notVisibleReason == nil && under.visibility == .atThreshold)
        #expect(under.geometry?.percentageInView == 61)
        #expect(under.geometry?.reasons.names == ["obstructed"])
        #expect(under.geometry?.obstructions == [Self.tabBar])
        // 390 × 61 points, but for the rounding of subtracting the tab bar.
        #expect(abs((under.geometry?.pixelsInView ?? 0) - 390 * 61) < 1e-6)
        #expect(under.geometry?.onScreenFrame == Rect(x: 0, y: 700, width: 390, height: 61))

        let behind = try Self.row("behind-tab-bar", in: snapshot)
        #expect(behind.notVisibleReason == .obstructed && behind.visibility == .obstructed)
        #expect(behind.geometry?.percentageInView == 0)
        #expect(behind.geometry?.reasons.names == ["viewport", "obstructed"])
        #expect(behind.geometry?.onScreenFrame == nil)

        let hidden = try Self.row("hidden", in: snapshot)
        #expect(hidden.notVisibleReason == .hidden && hidden.visibility == .gated)
        #expect(hidden.geometry?.percentageInView == 0 && hidden.geometry?.reasons.names == ["hidden"])
        #expect(snapshot.sections.allSatisfy { $0.geometry?.time == snapshot.time && $0.geometry?.sectionID == $0.sectionID })
    }

    @Test("in the background every row is backgrounded, 0 % in view, while the policy says inactive")
    func background() throws {
        var engine = try Self.engine()
        engine.enterBackground()
        let snapshot = engine.snapshot()
        for row in snapshot.sections {
            #expect(row.notVisibleReason == .inactive(.inBackground), "\(row.sectionID)")
            #expect(row.geometry?.percentageInView == 0 && row.geometry?.reasons.names == ["backgrounded"], "\(row.sectionID)")
        }
        // Covered as well: the OM SDK has no word for a modal; ours is inactive.
        engine.setCovered(true)
        #expect(engine.snapshot().sections.allSatisfy { $0.geometry?.reasons.names == ["backgrounded", "inactive"] })
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
        #expect(departed.notVisibleReason == .missingFromLayout && departed.geometry?.reasons.names == ["notFound"])
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
        #expect(before.geometry?.percentageInView == 100 && before.geometry?.reasons == [])
        #expect(after.geometry?.percentageInView == 61 && after.geometry?.reasons.names == ["obstructed"])
    }
}
