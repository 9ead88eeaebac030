import ImpressionSimulation

/// What `impressions audit` prints: the counts per class, precision and recall, and one
/// line per discrepancy with the reason the engine saw; as text or as JSON.
struct AuditSummary {
    let report: AuditReport
    /// The claims read, indexed as the report's findings index them.
    let claims: [ClaimedImpression]
    let trace: TraceFile
    let claimsFile: ClaimsFile
    let policy: NamedPolicy
    let tolerance: Duration
    /// Claims left out because their `policy` names another one.
    let otherPolicyCount: Int

    /// The classes that belong to claims and to expected impressions, in print order.
    private static let claimClasses: [AuditVerdict] = [.matched, .early, .late, .phantom, .duplicate]
    private static let expectedClasses: [AuditVerdict] = [.matched, .early, .late, .missing]

    /// The report as text.
    func text() -> String {
        var text = "audit of \(claimsFile.name) against \(trace.name)\n"
        text += "  policy \(policy); tolerance \(TraceEncoder.milliseconds(tolerance)) ms\n"
        let claimCounts = Self.claimClasses.map { "\(NumberFormatting.integer(report.count(of: $0))) \($0)" }
        text += "  claims    \(NumberFormatting.integer(report.claimCount)): " + claimCounts.joined(separator: ", ") + "\n"
        let expectedCounts = Self.expectedClasses.map { verdict in
            let name = verdict == .missing || verdict == .matched ? verdict.name : "claimed \(verdict)"
            return "\(NumberFormatting.integer(report.expectedCount(of: verdict))) \(name)"
        }
        text += "  expected  \(NumberFormatting.integer(report.expectedCount)): " + expectedCounts.joined(separator: ", ") + "\n"
        text += "  precision \(Self.ratio(report.precision)), recall \(Self.ratio(report.recall))\n"
        if otherPolicyCount > 0 {
            text += "  left out \(NumberFormatting.integer(otherPolicyCount)) claim\(otherPolicyCount == 1 ? "" : "s") of other policies\n"
        }
        let discrepancies = report.discrepancies
        if !discrepancies.isEmpty {
            text += "discrepancies:\n"
            let width = AuditVerdict.allCases.map(\.name.count).max() ?? 0
            for finding in discrepancies {
                text += "  " + finding.verdict.name + String(repeating: " ", count: width - finding.verdict.name.count + 2)
                    + describe(finding) + "\n"
            }
        }
        let skipped = claimsFile.skipped.map { "\(claimsFile.name): \($0)" } + trace.skipped.map { "\(trace.name): \($0)" }
        if !skipped.isEmpty {
            text += "skipped \(NumberFormatting.integer(skipped.count)) bad line\(skipped.count == 1 ? "" : "s") (--keep-going):\n"
            for line in skipped.prefix(20) { text += "  \(line)\n" }
            if skipped.count > 20 { text += "  ... and \(NumberFormatting.integer(skipped.count - 20)) more\n" }
        }
        let failing = AuditVerdict.allCases.filter { $0.failsAudit && report.count(of: $0) > 0 }
        text += failing.isEmpty ? "passed: no claim early, phantom or duplicate\n"
            : "failed: " + failing.map { "\(NumberFormatting.integer(report.count(of: $0))) \($0)" }.joined(separator: ", ") + "\n"
        return text
    }

    /// `line 7: section 12 claimed at 800 ms, 200 ms before the impression at 1000 ms (visit 1): visible for ...`.
    private func describe(_ finding: AuditFinding) -> String {
        var text = ""
        if let index = finding.claimIndex { text += "line \(claims[index].lineNumber): " }
        text += "section \(finding.sectionID)"
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

    /// The report as one JSON object.
    func json() -> String {
        var fields: [String] = []
        fields.append("\"trace\":\(JSONWriter.quoted(trace.name))")
        fields.append("\"claimed\":\(JSONWriter.quoted(claimsFile.name))")
        fields.append("\"policy\":\(JSONWriter.quoted(policy.name))")
        fields.append("\"toleranceMs\":\(TraceEncoder.milliseconds(tolerance))")
        fields.append("\"claims\":\(report.claimCount)")
        fields.append("\"expected\":\(report.expectedCount)")
        let counts = AuditVerdict.allCases.map { "\(JSONWriter.quoted($0.name)):\(report.count(of: $0))" }
        fields.append("\"counts\":{" + counts.joined(separator: ",") + "}")
        fields.append("\"precision\":\(report.precision.map(TraceEncoder.number) ?? "null")")
        fields.append("\"recall\":\(report.recall.map(TraceEncoder.number) ?? "null")")
        fields.append("\"passed\":\(report.passes)")
        fields.append("\"otherPolicyClaims\":\(otherPolicyCount)")
        let discrepancies = report.discrepancies.map { finding in
            var entry = ["\"class\":\(JSONWriter.quoted(finding.verdict.name))", "\"section\":\(JSONWriter.quoted(finding.sectionID))",
                         "\"visit\":\(finding.visit)"]
            if let index = finding.claimIndex { entry.append("\"line\":\(claims[index].lineNumber)") }
            if let time = finding.claimTime { entry.append("\"claimedMs\":\(TraceEncoder.milliseconds(time))") }
            if let time = finding.expectedTime { entry.append("\"expectedMs\":\(TraceEncoder.milliseconds(time))") }
            if let reason = finding.reason { entry.append("\"reason\":\(JSONWriter.quoted(reason))") }
            return "{" + entry.joined(separator: ",") + "}"
        }
        fields.append("\"discrepancies\":[" + discrepancies.joined(separator: ",") + "]")
        let skipped = claimsFile.skipped.map { JSONWriter.quoted("\(claimsFile.name): \($0)") }
            + trace.skipped.map { JSONWriter.quoted("\(trace.name): \($0)") }
        fields.append("\"skipped\":[" + skipped.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// `0.833`, or `n/a` when undefined.
    private static func ratio(_ value: Double?) -> String {
        value.map { NumberFormatting.plainDecimal($0, digits: 3) } ?? "n/a"
    }
}
