/// One classified item of an audit: a claim, an expected impression, or a pair of them.
///
/// Each finding is of one of six classes. A claim paired with an expected impression is
/// *matched* (claimed at or after the expected time, within the tolerance), *early*
/// (claimed while the section was visible enough, but not yet for long enough) or *late*
/// (claimed more than the tolerance after it); an expected impression never claimed is
/// *missing*, without a ``claimIndex``; a claim alone is a *phantom* (nothing was
/// expected in that visit) or a *duplicate* (claimed again where the recurrence forbids
/// it), without an ``expectedTime``. Early, phantom and duplicate claims fail the audit
/// (``AuditReport/passes``), and ``AuditReplayer`` gives each of them its ``reason``.
///
/// ```swift
/// let report = try AuditReplayer.audit(trace, policy: NamedPolicy(name: "default", policy: .default),
///                                      claims: claims)
/// for finding in report.discrepancies {
///     if let reason = finding.reason {   // an early, phantom or duplicate claim
///         print("section \(finding.sectionID) at \(finding.time): \(reason)")
///     }
/// }
/// ```
public struct AuditFinding: Sendable, Hashable {
    /// The class.
    package var verdict: AuditVerdict
    /// The section.
    public var sectionID: String
    /// The visit: the claim's when there is a claim, else the expected impression's.
    public var visit: Int
    /// The index of the claim in the classifier's input; `nil` for `missing`.
    public var claimIndex: Int?
    /// The claimed time; `nil` for `missing`.
    public var claimTime: Duration?
    /// The index of the expected impression in the classifier's input; `nil` for
    /// `phantom` and `duplicate`.
    public var expectedIndex: Int?
    /// The expected time; `nil` for `phantom` and `duplicate`.
    public var expectedTime: Duration?
    /// Why the claim was wrong, from what the engine saw at its time (`offscreen`,
    /// `below threshold (0.31 < 0.5)`, ...); set by the caller, `nil` when not known.
    public var reason: String?

    /// Creates a finding.
    package init(verdict: AuditVerdict, sectionID: String, visit: Int,
                 claimIndex: Int? = nil, claimTime: Duration? = nil,
                 expectedIndex: Int? = nil, expectedTime: Duration? = nil, reason: String? = nil) {
        self.verdict = verdict
        self.sectionID = sectionID
        self.visit = visit
        self.claimIndex = claimIndex
        self.claimTime = claimTime
        self.expectedIndex = expectedIndex
        self.expectedTime = expectedTime
        self.reason = reason
    }

    /// The time the finding is listed at: the claim's, else the expected impression's.
    public var time: Duration { claimTime ?? expectedTime ?? .zero }
}
