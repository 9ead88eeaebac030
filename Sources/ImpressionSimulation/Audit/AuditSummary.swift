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

    /// The report of `run` from its traces' audits, in audit order.
    package init(run: AuditRun, traces: [TraceAudit]) {
        self.run = run
        self.traces = traces
    }

    /// The classes that belong to claims and to expected impressions, in print order.
    static let claimClasses: [AuditVerdict] = [.matched, .early, .late, .phantom, .duplicate]
    static let expectedClasses: [AuditVerdict] = [.matched, .early, .late, .missing]

    var isSingle: Bool { run.traces.count == 1 }
    func count(of verdict: AuditVerdict) -> Int { traces.reduce(0) { $0 + $1.count(of: verdict) } }
    func expectedCount(of verdict: AuditVerdict) -> Int { traces.reduce(0) { $0 + $1.expectedCount(of: verdict) } }
    var claimCount: Int { traces.reduce(0) { $0 + $1.claims } }
    var expectedCount: Int { traces.reduce(0) { $0 + $1.expected } }
    var otherPolicyCount: Int { traces.reduce(0) { $0 + $1.otherPolicyClaims } }
    /// Matched claims over all claims, matched impressions over all expected; `nil` when undefined.
    var precision: Double? { claimCount == 0 ? nil : Double(count(of: .matched)) / Double(claimCount) }
    var recall: Double? { expectedCount == 0 ? nil : Double(count(of: .matched)) / Double(expectedCount) }

    /// Whether no claim is early, phantom or duplicate: the exit status 0.
    package var passes: Bool { !AuditVerdict.allCases.contains { $0.failsAudit && count(of: $0) > 0 } }

    /// The tolerance: `--their-interval`, else the traces' sample interval when they share
    /// one; `nil` when each trace has its own.
    var tolerance: Duration? {
        if let nanoseconds = run.theirIntervalNanoseconds { return .nanoseconds(nanoseconds) }
        let intervals = Set(traces.map(\.sampleIntervalNanoseconds))
        return intervals.count == 1 ? intervals.first.map(Duration.nanoseconds) : nil
    }

    /// The lines set aside: the claims file's (its own and those the traces refused, by
    /// line), then each trace's.
    var skipped: [String] {
        let claims = (run.claimsSkipped + traces.flatMap(\.refusedClaims)).sorted { $0.line < $1.line }
        return claims.map { "\(run.claimsName): \($0.error)" }
            + traces.flatMap { trace in trace.skippedLines.map { "\(trace.path): \($0.error)" } }
    }

    /// The report as text.
    package func table() -> String {
        var text = "audit of \(run.claimsName) against "
            + (isSingle ? run.traces[0] : "\(NumberFormatting.integer(run.traces.count)) traces") + "\n"
        text += "  policy \(run.policy); tolerance "
            + (tolerance.map { "\(TraceEncoder.milliseconds($0)) ms" } ?? "each trace's sample interval") + "\n"
        let claimCounts = Self.claimClasses.map { "\(NumberFormatting.integer(count(of: $0))) \($0)" }
        text += "  claims    \(NumberFormatting.integer(claimCount)): " + claimCounts.joined(separator: ", ") + "\n"
        let expectedCounts = Self.expectedClasses.map { verdict in
            let name = verdict == .missing || verdict == .matched ? verdict.name : "claimed \(verdict)"
            return "\(NumberFormatting.integer(expectedCount(of: verdict))) \(name)"
        }
        text += "  expected  \(NumberFormatting.integer(expectedCount)): " + expectedCounts.joined(separator: ", ") + "\n"
        text += "  precision \(Self.ratio(precision)), recall \(Self.ratio(recall))\n"
        if otherPolicyCount > 0 {
            text += "  left out \(NumberFormatting.integer(otherPolicyCount)) claim\(otherPolicyCount == 1 ? "" : "s") of other policies\n"
        }
        if traces.contains(where: { !$0.discrepancies.isEmpty }) {
            text += "discrepancies:\n"
            let width = AuditVerdict.allCases.map(\.name.count).max() ?? 0
            for trace in traces {
                for finding in trace.discrepancies {
                    text += "  " + finding.verdict.name + String(repeating: " ", count: width - finding.verdict.name.count + 2)
                        + (isSingle ? "" : trace.name + ": ") + Self.describe(finding) + "\n"
                }
            }
        }
        let skipped = skipped
        if !skipped.isEmpty {
            text += "skipped \(NumberFormatting.integer(skipped.count)) bad line\(skipped.count == 1 ? "" : "s") (--keep-going):\n"
            for line in skipped.prefix(20) { text += "  \(line)\n" }
            if skipped.count > 20 { text += "  ... and \(NumberFormatting.integer(skipped.count - 20)) more\n" }
        }
        let failing = AuditVerdict.allCases.filter { $0.failsAudit && count(of: $0) > 0 }
        text += failing.isEmpty ? "passed: no claim early, phantom or duplicate\n"
            : "failed: " + failing.map { "\(NumberFormatting.integer(count(of: $0))) \($0)" }.joined(separator: ", ") + "\n"
        return text
    }

    /// `line 7: section 12 claimed at 800 ms, 200 ms before the impression at 1000 ms (visit 1): visible for ...`.
    static func describe(_ finding: TraceAudit.Discrepancy) -> String {
        var text = ""
        if let line = finding.line { text += "line \(line): " }
        text += "section \(finding.section)"
        let visit = "(visit \(finding.visit))"
        switch (finding.claimTime, finding.expectedTime) {
        case (let claimed?, let expected?):
            let gap = claimed < expected ? expected - claimed : claimed - expected
            text += " claimed at \(TraceEncoder.milliseconds(claimed)) ms, \(TraceEncoder.milliseconds(gap)) ms "
                + "\(claimed < expected ? "before" : "after") the impression at \(TraceEncoder.milliseconds(expected)) ms \(visit)"
        case (let claimed?, nil):
            text += " claimed at \(TraceEncoder.milliseconds(claimed)) ms \(visit)"
        case (nil, let expected?):
            text += ": the impression at \(TraceEncoder.milliseconds(expected)) ms \(visit) was not claimed"
        case (nil, nil):
            break
        }
        if let reason = finding.reason { text += ": " + reason }
        return text
    }

    /// The report as one JSON object: with one trace `trace` names it, with several
    /// `traces` lists them and each discrepancy names its `trace`.
    package func json() -> String {
        var writer = JSONWriter(compact: true)
        writer.beginObject()
        if isSingle {
            writer.key("trace"); writer.string(run.traces[0])
        } else {
            writer.key("traces")
            writer.beginArray()
            for trace in run.traces { writer.element(); writer.string(trace) }
            writer.endArray()
        }
        writer.key("claimed"); writer.string(run.claimsName)
        writer.key("policy"); writer.string(run.policy.name)
        writer.key("toleranceMs"); writer.raw(tolerance.map(TraceEncoder.milliseconds) ?? "null")
        writer.key("claims"); writer.integer(claimCount)
        writer.key("expected"); writer.integer(expectedCount)
        writer.key("counts")
        writer.beginObject()
        for verdict in AuditVerdict.allCases { writer.key(verdict.name); writer.integer(count(of: verdict)) }
        writer.endObject()
        writer.key("precision"); writer.raw(precision.map(TraceEncoder.number) ?? "null")
        writer.key("recall"); writer.raw(recall.map(TraceEncoder.number) ?? "null")
        writer.key("passed"); writer.raw(passes ? "true" : "false")
        writer.key("otherPolicyClaims"); writer.integer(otherPolicyCount)
        writer.key("discrepancies")
        writer.beginArray()
        for trace in traces {
            for finding in trace.discrepancies {
                writer.element()
                writer.beginObject()
                if !isSingle { writer.key("trace"); writer.string(trace.name) }
                writer.key("class"); writer.string(finding.verdict.name)
                writer.key("section"); writer.string(finding.section)
                writer.key("visit"); writer.integer(finding.visit)
                if let line = finding.line { writer.key("line"); writer.integer(line) }
                if let time = finding.claimTime { writer.key("claimedMs"); writer.raw(TraceEncoder.milliseconds(time)) }
                if let time = finding.expectedTime { writer.key("expectedMs"); writer.raw(TraceEncoder.milliseconds(time)) }
                if let reason = finding.reason { writer.key("reason"); writer.string(reason) }
                writer.endObject()
            }
        }
        writer.endArray()
        writer.key("skipped")
        writer.beginArray()
        for line in skipped { writer.element(); writer.string(line) }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
    }

    /// `0.833`, or `n/a` when undefined.
    static func ratio(_ value: Double?) -> String {
        value.map { NumberFormatting.plainDecimal($0, digits: 3) } ?? "n/a"
    }
}
