@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Why a claim was wrong: what the engine saw at the claim's time")
struct AuditReasonTests {
    /// A 400 × 800 screen: `shown` fully on it, `half` 30 % on it, `below` under the
    /// bottom edge, `covered` under an obstruction; the app in the background from 5 s
    /// to 8 s; the session ends at 10 s.
    private static let trace = Trace(header: TraceHeader(sampleInterval: .milliseconds(100)), inputs: [
        TimedInput(time: .zero, input: .layout(sections: [
            TrackedSection(id: "shown", cells: [Rect(x: 0, y: 0, width: 400, height: 200)]),
            TrackedSection(id: "covered", cells: [Rect(x: 0, y: 200, width: 400, height: 200)]),
            TrackedSection(id: "half", cells: [Rect(x: 0, y: 770, width: 400, height: 100)]),
            TrackedSection(id: "below", cells: [Rect(x: 0, y: 900, width: 400, height: 200)]),
        ], containers: [])),
        TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 400, height: 800))),
        TimedInput(time: .zero, input: .obstructions([Rect(x: 0, y: 200, width: 400, height: 200)])),
        TimedInput(time: .seconds(5), input: .lifecycle(.enterBackground)),
        TimedInput(time: .seconds(8), input: .lifecycle(.enterForeground)),
    ], end: .seconds(10))

    private static func audit(_ claims: [ClaimedImpression]) throws -> AuditReport {
        try AuditReplayer.audit(trace, policy: NamedPolicy(name: "default", policy: .default), claims: claims)
    }

    @Test("phantom claims say offscreen, below threshold with the ratio, obstructed, inactive")
    func phantomReasons() throws {
        let report = try Self.audit([
            ClaimedImpression(sectionID: "below", time: .seconds(2)),
            ClaimedImpression(sectionID: "half", time: .seconds(2)),
            ClaimedImpression(sectionID: "covered", time: .seconds(3)),
            ClaimedImpression(sectionID: "half", time: .seconds(6)),
        ])
        let phantoms = report.findings.filter { $0.verdict == .phantom }
        #expect(phantoms.map(\.sectionID) == ["below", "half", "covered", "half"])
        #expect(phantoms.map(\.reason) == ["offscreen", "below threshold (0.3 < 0.5)",
                                           "obstructed", "inactive (in background)"])
    }

    @Test("an early claim says how long the section had been visible; a duplicate that it already counted")
    func earlyAndDuplicateReasons() throws {
        let report = try Self.audit([
            ClaimedImpression(sectionID: "shown", time: .milliseconds(300)),
            ClaimedImpression(sectionID: "shown", time: .milliseconds(1000)),
            ClaimedImpression(sectionID: "shown", time: .seconds(4)),
        ])
        // `shown` fires at 1 s, then again after the background, at 9 s. The claim at 1 s
        // takes the first on time; the one at 300 ms, inside its run, is early all the same
        // (the impression counted once); the one at 4 s repeats the entry.
        #expect(report.findings.map(\.verdict) == [.early, .matched, .duplicate, .missing])
        #expect(report.findings.map(\.reason) == ["visible for 300 ms of 1000 ms", nil,
                                                  "visible, already counted in this visit", nil])
        #expect(report.findings[0].expectedTime == .seconds(1) && report.findings[0].expectedIndex == nil)
        #expect(report.expectedCount(of: .matched) == 1 && report.expectedCount(of: .early) == 0 && report.expectedCount(of: .missing) == 1)
        #expect(report.count(of: .early) == 1 && report.precision == 1.0 / 3 && report.recall == 0.5)
    }
}
