@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Auditing an app built on React Native by its own rule (``ImpressionPolicy/reactNativeItem``):
/// its `minimumViewTime` timer starts at the scroll event that brings an item into view
/// and fires when the wait ends, between the engine's samples; the engine sees the entry
/// at the first sample at or after the event and judges the wait at the first sample at
/// or after its end. A claim at the end of the app's wait is on time, not early.
@Suite("Auditing a React Native app by its own rule")
struct AuditReactNativeTests {
    /// Row `a` (300...500) below a viewport 200 high until the list scrolls to 250, at
    /// `scrollTime`, between two samples; then it is wholly in view until 10 s.
    static func trace(scrollTime: Duration) -> Trace {
        Trace(header: TraceHeader(sampleInterval: .milliseconds(100)), inputs: [
            TimedInput(time: .zero, input: .layout(sections: [
                TrackedSection(id: "a", cells: [Rect(x: 0, y: 300, width: 320, height: 200)]),
            ], containers: [])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 320, height: 200))),
            TimedInput(time: scrollTime, input: .viewport(Rect(x: 0, y: 250, width: 320, height: 200))),
        ], end: .seconds(10))
    }

    static func audit(wait: Duration, scrollTime: Duration, claimAt claim: Duration) throws -> AuditReport {
        var policy = ImpressionPolicy.reactNativeItem
        policy.minimumDuration = wait
        return try AuditReplayer.audit(trace(scrollTime: scrollTime),
                                       policy: NamedPolicy(name: "react-native-item,duration=\(wait)", policy: policy),
                                       claims: [ClaimedImpression(sectionID: "a", time: claim)])
    }

    @Test("a claim at the end of minimumViewTime, between samples, is on time",
          arguments: [(500, 1234), (350, 1234), (350, 1201), (250, 1299), (500, 1300)])
    func claimAtTheEndOfTheWaitIsOnTime(wait: Int, scroll: Int) throws {
        let report = try Self.audit(wait: .milliseconds(wait), scrollTime: .milliseconds(scroll),
                                    claimAt: .milliseconds(scroll + wait))
        #expect(report.findings.map(\.verdict) == [.matched], "wait \(wait) ms, scrolled at \(scroll) ms")
    }

    @Test("a claim before the end of the wait is still early")
    func claimBeforeTheWaitIsEarly() throws {
        // The engine fires at 1800 ms (entry at the 1300 ms sample, 500 ms); React Native at 1734 ms.
        let report = try Self.audit(wait: .milliseconds(500), scrollTime: .milliseconds(1234),
                                    claimAt: .milliseconds(1600))
        #expect(report.findings.map(\.verdict) == [.early])
    }

    @Test("under a policy that is not React Native's, the same claim is early")
    func otherPoliciesKeepTheirWindow() throws {
        var policy = ImpressionPolicy.reactNativeItem
        policy.minimumDuration = .milliseconds(500)
        policy.rounding = .exact
        let report = try AuditReplayer.audit(Self.trace(scrollTime: .milliseconds(1234)),
                                             policy: NamedPolicy(name: "exact", policy: policy),
                                             claims: [ClaimedImpression(sectionID: "a", time: .milliseconds(1734))])
        #expect(report.findings.map(\.verdict) == [.early])
    }
}
