import ImpressionTracking
import ImpressionSimulation

/// What the audit of one trace found, as the summary prints it and an audit shard carries
/// it to `merge`: the counts per class, the discrepancies with their claims-file lines and
/// reasons, and the lines set aside. Integers and text only, so that a shard merged
/// prints exactly what one run prints.
struct TraceAudit: Codable, Hashable {
    /// The name claims give the trace: its file name without the extension.
    var name: String
    /// How messages name the file: its path as given, or `standard input`.
    var path: String
    /// The trace's sample interval, in nanoseconds: the tolerance without `--their-interval`.
    var sampleIntervalNanoseconds: Int64
    /// The claims audited and the impressions expected.
    var claims: Int
    var expected: Int
    /// Claims of another policy than the audited one, left out.
    var otherPolicyClaims: Int
    /// Findings per class (``AuditReport/count(of:)``) and expected impressions per class
    /// (``AuditReport/expectedCount(of:)``), in ``AuditVerdict/allCases`` order.
    var counts: [Int]
    var expectedCounts: [Int]
    /// The findings that are not `matched`, in time order.
    var discrepancies: [Discrepancy]
    /// The trace's own bad lines, skipped (`--keep-going`).
    var skippedLines: [SkippedLine]
    /// The claims this trace showed to be impossible (a section in no layout, a time after
    /// the end), set aside with `--keep-going`: lines of the claims file.
    var refusedClaims: [SkippedLine]

    /// One finding that is not `matched`: ``AuditFinding`` with its claim's line.
    struct Discrepancy: Codable, Hashable {
        var verdict: AuditVerdict
        var section: String
        var visit: Int
        /// The claims-file line of the claim; `nil` for `missing`.
        var line: Int?
        var claimedNanoseconds: Int64?
        var expectedNanoseconds: Int64?
        var reason: String?

        var claimTime: Duration? { claimedNanoseconds.map(Duration.nanoseconds) }
        var expectedTime: Duration? { expectedNanoseconds.map(Duration.nanoseconds) }
    }

    /// A line set aside, with why: a ``TraceError`` as a shard holds it.
    struct SkippedLine: Codable, Hashable {
        var line: Int
        var message: String

        init(_ error: TraceError) {
            line = error.line
            message = error.message
        }

        var error: TraceError { TraceError(line: line, message) }
    }

    /// The audit of the trace `name` at `path` from its report; `claims` are the claims
    /// the report's findings index.
    init(name: String, path: String, sampleInterval: Duration, report: AuditReport, claims: [ClaimedImpression],
         otherPolicyClaims: Int, skippedLines: [TraceError], refusedClaims: [TraceError]) {
        self.name = name
        self.path = path
        sampleIntervalNanoseconds = sampleInterval.wholeNanoseconds
        self.claims = report.claimCount
        expected = report.expectedCount
        self.otherPolicyClaims = otherPolicyClaims
        counts = AuditVerdict.allCases.map { report.count(of: $0) }
        expectedCounts = AuditVerdict.allCases.map { report.expectedCount(of: $0) }
        discrepancies = report.discrepancies.map { finding in
            Discrepancy(verdict: finding.verdict, section: finding.sectionID, visit: finding.visit,
                        line: finding.claimIndex.map { claims[$0].lineNumber },
                        claimedNanoseconds: finding.claimTime?.wholeNanoseconds,
                        expectedNanoseconds: finding.expectedTime?.wholeNanoseconds, reason: finding.reason)
        }
        self.skippedLines = skippedLines.map(SkippedLine.init)
        self.refusedClaims = refusedClaims.map(SkippedLine.init)
    }

    /// The number of findings of `verdict`.
    func count(of verdict: AuditVerdict) -> Int {
        counts[AuditVerdict.allCases.firstIndex(of: verdict) ?? 0]
    }

    /// The number of expected impressions classified `verdict`.
    func expectedCount(of verdict: AuditVerdict) -> Int {
        expectedCounts[AuditVerdict.allCases.firstIndex(of: verdict) ?? 0]
    }
}
