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
        // One per sample from the first evaluated after subscribing (sample 0 was evaluated
        // as the overlay subscribed, before the layout's first count): the 11th counted fires.
        #expect(first.map(\.statistics.countedSamples) == Array(1...13), "\(first.map(\.statistics.countedSamples))")
        #expect(first.allSatisfy { $0.requiredSamples == 11 && $0.visibleRatio == 1 })
        #expect(first.prefix(10).map(\.counting) == (1...10).map { .counting(samples: $0, of: 11) })
        // Past its 11 samples it reads counted, never "12 of 11".
        #expect(first.dropFirst(10).allSatisfy { $0.counting == .counted && $0.hasFiredThisVisit })
        #expect(first.allSatisfy { $0.visibility == .atThreshold })
        #expect(snapshots.map(\.sample) == Array(1...13))
        #expect(snapshots.map(\.time) == (1...13).map { .milliseconds(100 * $0) })
        #expect(snapshots.allSatisfy { $0.sections.map(\.sectionID) == [0, 1] })
    }

    @Test("an overlay gets nothing while nothing changes, the change when it comes, and inactivity beside how a section shows")
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
        // The first sample after subscribing (sample 4), then the first inactive one.
        #expect(snapshots.map(\.sample) == [4, 9], "\(snapshots)")
        #expect(snapshots.map(\.time) == [.milliseconds(400), .milliseconds(900)], "\(snapshots)")
        #expect(snapshots.first?.sections.first?.visibility == .offscreen)
        #expect(snapshots.last?.sections.first?.visibility == .offscreen && snapshots.last?.inactiveCauses == .inBackground)
        #expect(snapshots.last?.sections.first?.notVisibleReason == .inactive(.inBackground))
    }

    @Test("each snapshot is one sample's, stamped with it: an input sent between samples shows from the next sample on, never stamped at the flush")
    func snapshotsDescribeSamples() async throws {
        let (tracker, clock) = try await TrackerDeliveryTests.makeTracker(rows: 1)
        let overlay = await tracker.overlaySnapshots(bufferingPolicy: .unbounded)
        clock.advance(by: .milliseconds(2105))
        tracker.send(.viewport(Rect(x: 0, y: 500, width: 100, height: 10)))   // the row leaves the screen
        clock.advance(by: .milliseconds(7))
        await tracker.flush()   // at 2.112 s: samples up to 21 (2.1 s), then the input at 2.105 s
        clock.advance(by: .milliseconds(88))
        await tracker.flush()   // sample 22 (2.2 s) sees the row gone
        await tracker.finish()
        var snapshots: [EngineSnapshot<Int>] = []
        for await snapshot in overlay { snapshots.append(snapshot) }
        #expect(snapshots.allSatisfy { snapshot in snapshot.sample.map { snapshot.time == .milliseconds(100 * $0) } ?? false },
                "\(snapshots.map { ($0.sample, $0.time) })")
        let bySample = Dictionary(snapshots.map { ($0.sample ?? -1, $0) }, uniquingKeysWith: { $1 })
        #expect(bySample[21]?.sections.first?.visibleRatio == 1, "sample 21 saw the row, not the input sent after it")
        // Sample 22 saw it gone: off screen, or out of the overlay's rows altogether.
        #expect(bySample[22].map { $0.sections.allSatisfy { $0.visibility == .offscreen } } == true)
        #expect(!snapshots.contains { $0.time == .milliseconds(2112) })
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
        var samples: [Int?] = []
        for await snapshot in video {
            rows += snapshot.sections
            samples.append(snapshot.sample)
        }
        #expect(samples == [1, 2])
        // Samples 1 and 2: sample 0 was evaluated as the overlay subscribed.
        #expect(rows.map(\.policy) == [1, 1])
        #expect(rows.map(\.requiredSamples) == [21, 21] && rows.map(\.statistics.countedSamples) == [1, 2],
                "\(rows.map(\.statistics.countedSamples))")
        var ended = 0
        for await _ in await tracker.overlaySnapshots() { ended += 1 }
        #expect(ended == 0)
    }
}
