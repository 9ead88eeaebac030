@testable import ImpressionTracking
import Testing

/// A multi-policy tracker with no policy, an invalid one or an invalid interval: a
/// ``ConfigurationError`` that names the first bad value, every input refused, nothing
/// published, and no crash, however it is driven.
@Suite("MultiPolicyTracker with an invalid configuration", .catchesHangs)
struct MultiPolicyTrackerConfigurationTests {
    static let invalidConfigurations: [(policies: [ImpressionPolicy], interval: Duration, error: ConfigurationError)] = [
        ([], .milliseconds(100), .noPolicies),
        ([.default, ImpressionPolicy(minimumVisibleRatio: 1.5)], .milliseconds(100), .ratioOutOfRange(1.5)),
        ([ImpressionPolicy(minimumDuration: .seconds(-1)), .mrcDisplay, ImpressionPolicy(minimumVisibleRatio: 2)],
         .milliseconds(100), .negativeDuration(.seconds(-1))),
        ([.default, .mrcDisplay], .zero, .nonPositiveSampleInterval(.zero)),
    ]

    @Test("an empty list, an invalid policy or interval: a configurationError, no input accepted, nothing published",
          arguments: invalidConfigurations)
    func invalidConfiguration(policies: [ImpressionPolicy], interval: Duration, error: ConfigurationError) async throws {
        let clock = ManualClock()
        let tracker = MultiPolicyTracker<Int>(policies: policies, sampleInterval: interval, clock: clock)
        #expect(tracker.configurationError == error)
        #expect(tracker.policies == policies)
        let impressions = await tracker.impressions()
        let events = await tracker.events()
        let running = Task { try await tracker.run() }

        let screen = Rect(x: 0, y: 0, width: 100, height: 100)
        let refused: InputError = .invalidConfiguration(error)
        await #expect(throws: refused) { try await tracker.setViewport(screen) }
        await #expect(throws: refused) { try await tracker.setLayout(TrackerDeliveryTests.rows(3)) }
        await #expect(throws: refused) { try await tracker.setObstructions([]) }
        await #expect(throws: refused) { try await tracker.apply([.viewport(screen), .layout(TrackerDeliveryTests.rows(1))]) }
        // Lifecycle calls are never refused, and change nothing that could fire.
        await tracker.disappear()
        await tracker.appear()
        await tracker.reset()
        tracker.send(.viewport(screen))
        tracker.send(.lifecycle(.enterBackground))
        for _ in 0..<5 {
            await tracker.waitUntilCaughtUp()
            clock.advance(by: .seconds(1))
        }
        await tracker.waitUntilCaughtUp()
        #expect(await tracker.rejectedSentInputCount == 1)
        #expect(await tracker.lastSentInputError == refused)
        #expect(await tracker.time == .zero)
        #expect(await tracker.publishedImpressionCount == 0)
        await tracker.finish()
        try await running.value
        #expect(await MultiPolicyTrackerPropertyTests.collect(impressions).isEmpty)
        #expect(await MultiPolicyTrackerPropertyTests.collect(events).isEmpty)
    }

    @Test("a valid list is no configuration error")
    func validConfiguration() {
        let tracker = MultiPolicyTracker<String>(policies: [.default, .mrcDisplay, .mrcVideo], clock: ManualClock())
        #expect(tracker.configurationError == nil)
        #expect(tracker.sampleInterval == Sampling.defaultInterval)
    }
}
