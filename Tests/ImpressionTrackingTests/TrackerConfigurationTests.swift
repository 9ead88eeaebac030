@testable import ImpressionTracking
import Testing

/// An engine or tracker with no policy, an invalid one or an invalid interval does not
/// exist: its initialiser throws a ``ConfigurationError`` that names the first bad value.
@Suite("ImpressionTracker with an invalid configuration", .catchesHangs)
struct TrackerConfigurationTests {
    static let invalidConfigurations: [(policies: [ImpressionPolicy], interval: Duration, error: ConfigurationError)] = [
        ([], .milliseconds(100), .noPolicies),
        ([.default, ImpressionPolicy(minimumVisibleRatio: 1.5)], .milliseconds(100), .ratioOutOfRange(1.5)),
        ([ImpressionPolicy(minimumDuration: .seconds(-1)), .mrcDisplay, ImpressionPolicy(minimumVisibleRatio: 2)],
         .milliseconds(100), .negativeDuration(.seconds(-1))),
        ([.default, .mrcDisplay], .zero, .nonPositiveSampleInterval(.zero)),
    ]

    @Test("an empty list, an invalid policy or interval: the initialisers throw the first bad value",
          arguments: invalidConfigurations)
    func invalidConfiguration(policies: [ImpressionPolicy], interval: Duration, error: ConfigurationError) {
        #expect(throws: error) {
            try ImpressionTracker<Int>(policies: policies, sampleInterval: interval, clock: ManualClock())
        }
        #expect(throws: error) { try ImpressionEngine<Int>(policies: policies, sampleInterval: interval) }
    }

    @Test("a valid list makes a tracker with those policies and the default interval")
    func validConfiguration() throws {
        let policies: [ImpressionPolicy] = [.default, .mrcDisplay, .mrcVideo]
        let tracker = try ImpressionTracker<String>(policies: policies, clock: ManualClock())
        #expect(tracker.policies == policies)
        #expect(tracker.sampleInterval == .milliseconds(100))
        #expect(try ImpressionEngine<String>(policies: policies).policies == policies)
    }
}
