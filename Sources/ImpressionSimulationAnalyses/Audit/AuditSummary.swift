import ImpressionTracking

/// What `impressions audit` prints, and `merge` prints for its shards: the counts per
/// class, precision and recall, and one line per discrepancy with the reason the engine
/// saw; as text, as JSON, or as an HTML page (``RenderedReport``). Added up over every trace; with several traces each
/// discrepancy names its trace. With one, the output is that of a one-trace audit.
package struct AuditSummary {
    /// The claims file, the options and every trace audited.
    package let run: AuditRun
    /// What each trace's audit found, in audit order.
    package let traces: [TraceAudit]
    /// The OM SDK log set against the one trace's geometry (`--om-log`), when given.
    package let omLog: OMLogAudit?

    /// The report of `run` from its traces' audits, in audit order, and the OM log's
    /// audit when there is one.
    package init(run: AuditRun, traces: [TraceAudit], omLog: OMLogAudit? = nil) {
        self.run = run
        self.traces = traces
        self.omLog = omLog
    }

    /// The classes that belong to claims and to expected impressions, in print order.
    package static let claimClasses: [AuditVerdict] = [.matched, .early, .late, .phantom, .duplicate]
    package static let expectedClasses: [AuditVerdict] = [.matched, .early, .late, .missing]

    package var isSingle: Bool { run.traces.count == 1 }
    package func count(of verdict: AuditVerdict) -> Int { traces.reduce(0) { $0 + $1.count(of: verdict) } }
    package func expectedCount(of verdict: AuditVerdict) -> Int { traces.reduce(0) { $0 + $1.expectedCount(of: verdict) } }
    package var claimCount: Int { traces.reduce(0) { $0 + $1.claims } }
    package var expectedCount: Int { traces.reduce(0) { $0 + $1.expected } }
    package var otherPolicyCount: Int { traces.reduce(0) { $0 + $1.otherPolicyClaims } }
    /// Matched claims over all claims, matched impressions over all expected; `nil` when undefined.
    package var precision: Double? { claimCount == 0 ? nil : Double(count(of: .matched)) / Double(claimCount) }
    package var recall: Double? { expectedCount == 0 ? nil : Double(count(of: .matched)) / Double(expectedCount) }

    /// Whether no claim is early, phantom or duplicate, and the OM log, when given, agrees
    /// with ours within its tolerance: the exit status 0.
    package var passes: Bool {
        !AuditVerdict.allCases.contains { $0.failsAudit && count(of: $0) > 0 } && omLog?.differences.isEmpty != false
    }

    /// The tolerance: `--their-interval`, else the traces' sample interval when they share
    /// one; `nil` when each trace has its own.
    package var tolerance: Duration? {
        if let nanoseconds = run.theirIntervalNanoseconds { return .nanoseconds(nanoseconds) }
        let intervals = Set(traces.map(\.sampleIntervalNanoseconds))
        return intervals.count == 1 ? intervals.first.map(Duration.nanoseconds) : nil
    }

    /// The lines set aside: the claims file's (its own and those the traces refused, by
    /// line), then each trace's.
    package var skipped: [String] {
        let claims = (run.claimsSkipped + traces.flatMap(\.refusedClaims)).sorted { $0.line < $1.line }
        return claims.map { "\(run.claimsName): \($0.error)" }
            + traces.flatMap { trace in trace.skippedLines.map { "\(trace.path): \($0.error)" } }
    }
}
