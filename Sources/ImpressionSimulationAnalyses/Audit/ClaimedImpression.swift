/// One impression another SDK claims, as a line of a claims file: `section` and `timeMs`,
/// and optionally `ratio`, `visit`, `policy` and `trace` (the lines `impressions replay`
/// prints are claims as they are; other fields are ignored).
///
/// `{"section":"12","timeMs":1000}`; `{"policy":"default","section":"0","timeMs":1000,"ratio":1,"seenMs":1000,"visit":1}`.
///
/// ```swift
/// // What another SDK logged: section "12" impressed 1.2 s into the recorded session.
/// let claims = [ClaimedImpression(sectionID: "12", time: .milliseconds(1200))]
/// let report = try AuditReplayer.audit(trace, policy: NamedPolicy(name: "default", policy: .default),
///                                      claims: claims)
/// ```
public struct ClaimedImpression: Sendable, Hashable {
    /// The section claimed (a whole number is read as its decimal text).
    public var sectionID: String
    /// When it was claimed, on the trace's time.
    public var time: Duration
    /// The visible ratio the other code saw, when it says.
    public var visibleRatio: Double?
    /// The visit the other code numbered it in, when it says; the audit uses the
    /// engine's visit at ``time`` instead.
    public var visit: Int?
    /// The policy the line names, when it does: a line naming another policy than the
    /// audited one is left out of the audit (and counted).
    public var policyName: String?
    /// The trace it is a claim of, when the line names one (`trace`: the trace file's name
    /// without its extension), or the only trace audited; its time is on that trace's.
    public var traceName: String?
    /// The line of the claims file it came from (1-based).
    public var lineNumber: Int

    /// Creates a claim.
    public init(sectionID: String, time: Duration, visibleRatio: Double? = nil, visit: Int? = nil,
                policyName: String? = nil, traceName: String? = nil, lineNumber: Int = 0) {
        self.sectionID = sectionID
        self.time = time
        self.visibleRatio = visibleRatio
        self.visit = visit
        self.policyName = policyName
        self.traceName = traceName
        self.lineNumber = lineNumber
    }

    /// Whether `other` says the same thing (its line aside).
    func isSameClaim(as other: ClaimedImpression) -> Bool {
        sectionID == other.sectionID && time == other.time && visibleRatio == other.visibleRatio
            && visit == other.visit && policyName == other.policyName && traceName == other.traceName
    }
}
