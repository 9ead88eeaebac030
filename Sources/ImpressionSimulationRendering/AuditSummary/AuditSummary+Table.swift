import ImpressionSimulationAnalyses
import ImpressionSimulationFormats
import ImpressionTracking

extension AuditSummary {
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
        if let omLog { text += omLog.text }
        let failing = AuditVerdict.allCases.filter { $0.failsAudit && count(of: $0) > 0 }
        let omDiffering = omLog?.differences.count ?? 0
        let failures = failing.map { "\(NumberFormatting.integer(count(of: $0))) \($0)" }
            + (omDiffering > 0 ? ["\(NumberFormatting.integer(omDiffering)) OM percentage\(omDiffering == 1 ? "" : "s") off"] : [])
        text += failures.isEmpty ? "passed: no claim early, phantom or duplicate" + (omLog == nil ? "" : ", the OM log agrees") + "\n"
            : "failed: " + failures.joined(separator: ", ") + "\n"
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


    /// `0.833`, or `n/a` when undefined.
    static func ratio(_ value: Double?) -> String {
        value.map { NumberFormatting.plainDecimal($0, digits: 3) } ?? "n/a"
    }
}
