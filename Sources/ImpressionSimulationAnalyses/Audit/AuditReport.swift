/// The result of an audit: every finding, the counts per class, and the claims'
/// precision and recall.
///
/// ```swift
/// let report = try AuditReplayer.audit(trace, policy: NamedPolicy(name: "default", policy: .default),
///                                      claims: claims)
/// print(report.passes ? "passes" : "\(report.discrepancies.count) discrepancies",
///       report.precision ?? 1, report.recall ?? 1)
/// ```
public struct AuditReport: Sendable, Hashable {
    /// Every claim and every unpaired expected impression, classified, in time order.
    public var findings: [AuditFinding]
    /// The number of claims audited.
    public var claimCount: Int
    /// The number of expected impressions.
    public var expectedCount: Int

    /// Creates a report.
    package init(findings: [AuditFinding], claimCount: Int, expectedCount: Int) {
        self.findings = findings
        self.claimCount = claimCount
        self.expectedCount = expectedCount
    }

    /// The number of findings of `verdict`.
    package func count(of verdict: AuditVerdict) -> Int {
        findings.reduce(0) { $0 + ($1.verdict == verdict ? 1 : 0) }
    }

    /// The number of expected impressions classified `verdict`: `matched`, `early`,
    /// `late` (claimed so) or `missing`; each impression counts once.
    package func expectedCount(of verdict: AuditVerdict) -> Int {
        findings.reduce(0) { $0 + ($1.verdict == verdict && $1.expectedIndex != nil ? 1 : 0) }
    }

    /// The findings that are not `matched`, in time order.
    public var discrepancies: [AuditFinding] { findings.filter { $0.verdict != .matched } }

    /// Matched claims over all claims; `nil` without claims.
    public var precision: Double? {
        claimCount == 0 ? nil : Double(count(of: .matched)) / Double(claimCount)
    }

    /// Matched impressions over all expected impressions; `nil` when none was expected.
    public var recall: Double? {
        expectedCount == 0 ? nil : Double(count(of: .matched)) / Double(expectedCount)
    }

    /// Whether no finding fails the audit (no early, phantom or duplicate claim).
    public var passes: Bool { !findings.contains { $0.verdict.failsAudit } }
}
