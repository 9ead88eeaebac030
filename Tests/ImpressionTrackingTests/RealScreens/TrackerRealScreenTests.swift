import Testing
@testable import ImpressionTracking

@Suite("ImpressionTracker: real-screen inputs and events()", .catchesHangs)
struct TrackerRealScreenTests {
    static func collect<Element>(_ stream: TrackerSubscription<Element>) async -> [Element] {
        var received: [Element] = []
        for await element in stream { received.append(element) }
        return received
    }

    @Test("events() on a ManualClock delivers entered, impression and exited in order")
    func eventStream() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(
            policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: ms(300)), clock: clock)
        let events = await tracker.events()
        let impressions = await tracker.impressions()
        // Inputs at t = 0 come after the sample at 0: seen from 0.1 s.
        try await tracker.setViewport(screen())
        try await tracker.setLayout([section("hero", rect(0, 0, 320, 300))])
        clock.advance(by: ms(500))
        await tracker.flush()
        try await tracker.setViewport(screen(y: 1000))   // the sample at 0.5 s came first
        clock.advance(by: ms(100))
        let snapshot = await tracker.snapshot()
        #expect(snapshot.sections.map(\.notVisibleReason) == [.offscreen])
        await tracker.finish()
        #expect(await Self.collect(events) == [
            entered("hero", at: ms(100)),
            .impression(impression("hero", at: ms(400), seen: ms(300))),
            exited("hero", at: ms(600), stay: ms(500), total: ms(500)),
        ])
        #expect(await Self.collect(impressions) == [impression("hero", at: ms(400), seen: ms(300))])
    }

    @Test("containers, offsets, insets and obstructions work through the actor")
    func realScreenInputs() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(policy: .anyPixel, clock: clock)
        let impressions = await tracker.impressions()
        try await tracker.setViewport(screen())
        try await tracker.setViewportInsets(Insets(bottom: 100))          // 0...500 counts
        try await tracker.setObstructions([rect(0, 0, 320, 50)])              // a header over 0...50
        try await tracker.setLayout([
            section("header", rect(0, 0, 320, 50)),                          // under the header
            section("footer", rect(0, 520, 320, 50)),                         // under the tab bar
            card("card0", in: "games", rect(0, 0, 100, 100)),
            card("card1", in: "games", rect(400, 0, 100, 100)),
        ], containers: [ScrollContainer(id: "games", frame: rect(0, 200, 320, 100))])
        clock.advance(by: ms(100))
        await tracker.flush()
        try await tracker.setContentOffset(Point(x: 300, y: 0), ofContainer: "games")   // card1 at 100...200
        await #expect(throws: InputError.self) { try await tracker.setContentOffset(.zero, ofContainer: "none") }
        clock.advance(by: ms(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(impressions) == [
            impression("card0", at: ms(100), ratio: 1),
            impression("card1", at: ms(200), ratio: 1),
        ])
    }
}
