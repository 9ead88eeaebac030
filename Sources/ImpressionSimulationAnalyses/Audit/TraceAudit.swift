import ImpressionSimulationFormats
import ImpressionTracking

/// What the audit of one trace found, as the summary prints it and an audit shard carries
/// it to `merge`: the counts per class, the discrepancies with their claims-file lines and
/// reasons, and the lines set aside. Integers and text only, so that a shard merged
/// prints exactly what one run prints.
package struct TraceAudit: Codable, Hashable {
    /// The name claims give the trace: its file name without the extension.
    package var name: String
    /// How messages name the file: its path as given, or `standard input`.
    package var path: String
    /// The trace's sample interval, in nanoseconds: the tolerance without `--their-interval`.
    package var sampleIntervalNanoseconds: Int64
    /// The claims audited and the impressions expected.
    package var claims: Int
    package var expected: Int
    /// Claims of another policy than the audited one, left out.
    package var otherPolicyClaims: Int
    /// Findings per class (``AuditReport/count(of:)``) and expected impressions per class
    /// (``AuditReport/expectedCount(of:)``), in ``AuditVerdict/allCases`` order.
    package var counts: [Int]
    package var expectedCounts: [Int]
    /// The findings that are not `matched`, in time order.
    package var discrepancies: [Discrepancy]
    /// The trace's own bad lines, skipped (`--keep-going`).
    package var skippedLines: [SkippedLine]
    /// The claims this trace showed to be impossible (a section in no layout, a time after
    /// the end), set aside with `--keep-going`: lines of the claims file.
    package var refusedClaims: [SkippedLine]

    /// One finding that is not `matched`: ``AuditFinding`` with its claim's line.
    package struct Discrepancy: Codable, Hashable {
        package var verdict: AuditVerdict
        package var section: String
        package var visit: Int
        /// The claims-file line of the claim; `nil` for `missing`.
        package var line: Int?
        package var claimedNanoseconds: Int64?
        package var expectedNanoseconds: Int64?
        package var reason: String?

        package var claimTime: Duration? { claimedNanoseconds.map(Duration.nanoseconds) }
        package var expectedTime: Duration? { expectedNanoseconds.map(Duration.nanoseconds) }
    }

    /// A line set aside, with why: a ``TraceError`` as a shard holds it.
    package struct SkippedLine: Codable, Hashable {
        package var line: Int
        package var message: String

        package init(_ error: TraceError) {
            line = error.line
            message = error.message
        }

        package var error: TraceError { TraceError(line: line, message) }
    }

    /// The audit of the trace `name` at `path` from its report; `claims` are the claims
    /// the report's findings index.
    package init(name: String, path: String, sampleInterval: Duration, report: AuditReport, claims: [ClaimedImpression],
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
    package func count(of verdict: AuditVerdict) -> Int {
        counts[AuditVerdict.allCases.firstIndex(of: verdict) ?? 0]
    }

    /// The number of expected impressions classified `verdict`.
    package func expectedCount(of verdict: AuditVerdict) -> Int {
        expectedCounts[AuditVerdict.allCases.firstIndex(of: verdict) ?? 0]
    }
}
