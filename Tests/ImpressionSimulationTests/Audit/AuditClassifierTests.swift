@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The audit's classifier: each claim and each expected impression in exactly one class")
struct AuditClassifierTests {
    private func impression(_ section: String, _ milliseconds: Int, visit: Int = 1) -> Impression<String> {
        Impression(sectionID: section, time: .milliseconds(milliseconds), visibleRatio: 1, visibleDuration: .seconds(1), visit: visit)
    }

    private func claim(_ section: String, _ milliseconds: Int, visit: Int = 1, visibleSince: Int? = nil) -> AuditClassifier.Claim {
        AuditClassifier.Claim(sectionID: section, time: .milliseconds(milliseconds), visit: visit,
                              visibleSince: visibleSince.map { .milliseconds($0) })
    }

    private func verdicts(_ report: AuditReport) -> [String] {
        report.findings.map { "\($0.verdict) \($0.sectionID) \($0.claimTime.map { "\($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000)" } ?? "-")" }
    }

    @Test("a claim at the expected time or up to the tolerance after it matches; one past it is late, one before it early")
    func window() {
        let classifier = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(200))
        let expected = [impression("a", 1000), impression("b", 1000), impression("c", 1000), impression("d", 1000)]
        let claims = [claim("a", 1000), claim("b", 1200), claim("c", 1201), claim("d", 999)]
        let report = classifier.classify(expected: expected, claims: claims)
        #expect(verdicts(report) == ["early d 999", "matched a 1000", "matched b 1200", "late c 1201"])
        #expect(report.count(of: .matched) == 2 && report.precision == 0.5 && report.recall == 0.5)
        #expect(!report.passes)
    }

    @Test("early and late pair only within a visit: across visits they are phantom and missing")
    func visits() {
        let classifier = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(100))
        let expected = [impression("a", 5000, visit: 2), impression("b", 1000, visit: 1)]
        let claims = [claim("a", 4000, visit: 1), claim("b", 3000, visit: 2)]
        let report = classifier.classify(expected: expected, claims: claims)
        #expect(verdicts(report) == ["missing b -", "phantom b 3000", "phantom a 4000", "missing a -"])
        #expect(report.precision == 0 && report.recall == 0)
    }

    @Test("a second claim in a visit is a duplicate under once per visit, and under every entry only while the section stays visible")
    func duplicates() {
        let expected = [impression("a", 1000), impression("a", 5000)]
        // Visible from 0 to 2000 ms, and from 4000 ms on; the claim at 9500 ms was made while it was not.
        let claims = [claim("a", 1000), claim("a", 1050, visibleSince: 0), claim("a", 5000), claim("a", 9000, visibleSince: 4000),
                      claim("a", 9500)]
        let everyEntry = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(100)).classify(expected: expected, claims: claims)
        #expect(verdicts(everyEntry) == ["matched a 1000", "duplicate a 1050", "matched a 5000", "duplicate a 9000", "phantom a 9500"])
        // A claim in a later entry (visible only since after the impression) is no duplicate.
        let laterEntry = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(100))
            .classify(expected: [impression("a", 1000)], claims: [claim("a", 1000), claim("a", 3000, visibleSince: 1500)])
        #expect(verdicts(laterEntry) == ["matched a 1000", "phantom a 3000"])
        // Once per visit: the second entry's impression is not expected, so its claim is a duplicate.
        let oncePerVisit = AuditClassifier(recurrence: .oncePerVisit, tolerance: .milliseconds(100))
            .classify(expected: [impression("a", 1000)], claims: [claim("a", 1000), claim("a", 5000), claim("a", 6000, visit: 2)])
        #expect(verdicts(oncePerVisit) == ["matched a 1000", "duplicate a 5000", "phantom a 6000"])
        // Every entry: a claim after another expected impression that was not claimed is late, not a duplicate.
        let skipped = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(100))
            .classify(expected: expected, claims: [claim("a", 1000), claim("a", 7000)])
        #expect(verdicts(skipped) == ["matched a 1000", "late a 7000"])
    }

    @Test("matching is greedy in time order and one to one: two claims in one window match two impressions")
    func oneToOne() {
        let classifier = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(300))
        let expected = [impression("a", 1000), impression("a", 1200)]
        let report = classifier.classify(expected: expected, claims: [claim("a", 1100), claim("a", 1250)])
        #expect(verdicts(report) == ["matched a 1100", "matched a 1250"])
        #expect(report.findings.map(\.expectedIndex) == [0, 1])
        #expect(report.passes && report.precision == 1 && report.recall == 1)
    }

    @Test("no claims and nothing expected: no findings, precision and recall undefined, the audit passes")
    func empty() {
        let report = AuditClassifier(recurrence: .onEveryEntry, tolerance: .zero).classify(expected: [], claims: [])
        #expect(report.findings.isEmpty && report.precision == nil && report.recall == nil && report.passes)
    }

    @Test("the classes: names, and which fail the audit")
    func classes() {
        #expect(AuditVerdict.allCases.map(\.name) == ["matched", "early", "late", "missing", "phantom", "duplicate"])
        #expect(AuditVerdict.allCases.filter(\.failsAudit) == [.early, .phantom, .duplicate])
    }
}

extension AuditClassifierTests {
    @Test("a claim before the run of visibility that fires the impression began is a phantom, not early")
    func earlyOnlyWithinTheRun() {
        let classifier = AuditClassifier(recurrence: .onEveryEntry, tolerance: .milliseconds(100))
        // Visible from 4000 ms, fires at 5000 ms.
        let expected = [Impression(sectionID: "a", time: .milliseconds(5000), visibleRatio: 1, visibleDuration: .seconds(1), visit: 1)]
        let inRun = classifier.classify(expected: expected, claims: [AuditClassifier.Claim(sectionID: "a", time: .milliseconds(4000), visit: 1)])
        #expect(inRun.findings.map(\.verdict) == [.early])
        let beforeRun = classifier.classify(expected: expected, claims: [AuditClassifier.Claim(sectionID: "a", time: .milliseconds(3999), visit: 1)])
        #expect(beforeRun.findings.map(\.verdict) == [.phantom, .missing])
    }
}
