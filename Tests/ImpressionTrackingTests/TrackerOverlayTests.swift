@_spi(Testing) @testable import ImpressionTracking
import Testing

/// The tracker's overlay stream: what a debug overlay draws, after each sample that
/// changed something, with the tick running at every sample while an overlay watches.
@Suite("ImpressionTracker overlay snapshots", .catchesHangs)
struct TrackerOverlayTests {
    @Test("run() alone ticks every sample for an overlay: the count grows 1 of 11 ... 11 of 11, then the section has fired")
    func overlayShowsTheRunGrowingSampleBySample() async throws {
        let (tracker, clock) = try await TrackerDeliveryTests.makeTracker(rows: 2)
        let overlay = await tracker.overlaySnapshots(bufferingPolicy: .unbounded)
        let running = Task { try await tracker.run() }
        await tracker.waitUntilCaughtUp()
        for _ in 0..<13 {
            clock.advance(by: .milliseconds(100))
            await tracker.waitUntilCaughtUp()   // no flush by hand: the tick alone samples
        }
        await tracker.finish()
        running.cancel()
        var snapshots: [EngineSnapshot<Int>] = []
        for await snapshot in overlay { snapshots.append(snapshot) }
        let first = snapshots.map { $0.sections.first { $0.sectionID == 0 }! }
        // The snapshot at subscription (time 0, counted nothing yet), then one per sample.
        #expect(first.map(\.statistics.countedSamples) == Array(0...13), "\(first.map(\.statistics.countedSamples))")
        #expect(first.allSatisfy { $0.requiredSamples == 11 && $0.visibleRatio == 1 })
        #expect(first.prefix(11).allSatisfy { $0.status == .counting })
        #expect(first.dropFirst(11).allSatisfy { $0.status == .fired && $0.hasFiredThisVisit })
        #expect(snapshots.map(\.time) == (0...13).map { .milliseconds(100 * $0) })
        #expect(snapshots.allSatisfy { $0.sections.map(\.sectionID) == [0, 1] })
    }

    @Test("an overlay gets nothing while nothing changes, the change when it comes, and inactivity as a status")
    func overlayIsQuietAtRestAndShowsInactivity() async throws {
        let (tracker, clock) = try await TrackerDeliveryTests.makeTracker(rows: 1)
        try await tracker.setViewport(Rect(x: 0, y: 30, width: 100, height: 100))   // the section is 0...10
        clock.advance(by: .milliseconds(300))
        await tracker.flush()
        let overlay = await tracker.overlaySnapshots(bufferingPolicy: .unbounded)
        clock.advance(by: .milliseconds(500))
        await tracker.flush()   // five samples, all alike: nothing sent
        await tracker.enterBackground()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        var snapshots: [EngineSnapshot<Int>] = []
        for await snapshot in overlay { snapshots.append(snapshot) }
        #expect(snapshots.map(\.time) == [.milliseconds(300), .milliseconds(900)], "\(snapshots)")
        #expect(snapshots.first?.sections.first?.status == .offscreen)
        #expect(snapshots.last?.sections.first?.status == .inactive && snapshots.last?.inactiveCauses == .inBackground)
    }

    @Test("each policy has its own overlay, its rows tagged with it; a finished tracker's overlay ends at once")
    func overlayPerPolicy() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policies: [.default, .mrcVideo], clock: clock)
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        try await tracker.setLayout(TrackerDeliveryTests.rows(1))
        let video = await tracker.overlaySnapshots(policy: 1, bufferingPolicy: .unbounded)
        clock.advance(by: .milliseconds(200))
        await tracker.flush()
        await tracker.finish()
        var rows: [SectionSnapshot<Int>] = []
        for await snapshot in video { rows += snapshot.sections }
        #expect(rows.map(\.policy) == [1, 1])
        #expect(rows.map(\.requiredSamples) == [21, 21] && rows.map(\.statistics.countedSamples) == [0, 2])
        var ended = 0
        for await _ in await tracker.overlaySnapshots() { ended += 1 }
        #expect(ended == 0)
    }
}
