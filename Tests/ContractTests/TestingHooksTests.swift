// What an app's own tests reach with `@_spi(Testing) import`: the hooks that let a test
// drive `run()` on a ManualClock by awaiting, never sleeping or polling.
@_spi(Testing) import ImpressionTracking
import Testing

@Suite("The testing hooks behind @_spi(Testing)")
struct TestingHooksTests {
    @Test("waitUntilCaughtUp() lets a test step run() on a ManualClock; publishedImpressionCount counts what it published",
          .timeLimit(.minutes(45)))   // catches hangs only
    func runOnAManualClock() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(clock: clock)
        let impressions = await tracker.impressions()
        let running = Task { try await tracker.run() }
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try await tracker.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
        for _ in 0..<11 {
            await tracker.waitUntilCaughtUp()
            clock.advance(by: .milliseconds(100))
        }
        await tracker.waitUntilCaughtUp()
        #expect(await tracker.publishedImpressionCount == 1)
        await tracker.finish()
        try await running.value
        var received: [String] = []
        for await impression in impressions { received.append(impression.sectionID) }
        #expect(received == ["hero"])
    }
}
