import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension AuditSummary {
    /// The most lines set aside that the page lists one by one.
    static let maximumSkippedLinesShown = 1000

    /// The audit as one self-contained HTML page, to pass on to whoever owns the claims:
    /// its parameters and verdict, the claims and expected impressions per class, every
    /// discrepancy with the reason the engine saw, and the lines set aside.
    ///
    /// Inline CSS only, every name (claims file, traces, sections, reasons) escaped, the
    /// same bytes for the same audit.
    ///
    /// - Parameters:
    ///   - title: the page's heading; by default it names the claims and the traces.
    ///   - command: the command line that made the audit, shown with the parameters.
    package func html(title: String? = nil, command: String? = nil) -> String {
        let traceWords = isSingle ? run.traces[0] : "\(NumberFormatting.integer(run.traces.count)) traces"
        var document = HTMLDocument(title: title ?? "Audit of \(run.claimsName) against \(traceWords)")
        var rows: [(name: String, value: String)] = []
        if let command { rows.append(("command", command)) }
        rows.append(("claims", run.claimsName))
        rows.append(("traces", run.traces.joined(separator: ", ")))
        rows.append(("policy", run.policy.description))
        rows.append(("tolerance", tolerance.map { "\(TraceEncoder.milliseconds($0)) ms" } ?? "each trace's sample interval"))
        rows.append(("precision", Self.ratio(precision)))
        rows.append(("recall", Self.ratio(recall)))
        if otherPolicyCount > 0 { rows.append(("claims of other policies, left out", NumberFormatting.integer(otherPolicyCount))) }
        let failing = AuditVerdict.allCases.filter { $0.failsAudit && count(of: $0) > 0 }
        rows.append(("verdict", failing.isEmpty ? "passed: no claim early, phantom or duplicate"
            : "failed: " + failing.map { "\(NumberFormatting.integer(count(of: $0))) \($0)" }.joined(separator: ", ")))
        document.parameters(rows)

        document.heading("Claims and expected impressions by class", id: "classes")
        var classes = HTMLTable(header: ["class", "claims", "expected impressions", "fails the audit"])
        for verdict in AuditVerdict.allCases {
            let claims = Self.claimClasses.contains(verdict) ? NumberFormatting.integer(count(of: verdict)) : ""
            let expected = Self.expectedClasses.contains(verdict) ? NumberFormatting.integer(expectedCount(of: verdict)) : ""
            classes.row([verdict.name, claims, expected, verdict.failsAudit ? "yes" : "no"],
                        emphasized: verdict.failsAudit && count(of: verdict) > 0 ? [1] : [])
        }
        classes.row(["all", NumberFormatting.integer(claimCount), NumberFormatting.integer(expectedCount), ""])
        document.append(classes.html())

        document.heading("Discrepancies", id: "discrepancies")
        let findings = traces.flatMap { trace in trace.discrepancies.map { (trace: trace.name, finding: $0) } }
        if findings.isEmpty {
            document.paragraph("None: every claim matched an impression, and every impression was claimed.", className: "note")
        } else {
            var table = HTMLTable(header: (isSingle ? [] : ["trace"])
                + ["class", "claims line", "section", "visit", "claimed (ms)", "expected (ms)", "reason"])
            table.nameColumns = isSingle ? [0, 2, 6] : [0, 1, 3, 7]
            for (trace, finding) in findings {
                table.row((isSingle ? [] : [trace]) + [
                    finding.verdict.name, finding.line.map(String.init) ?? "", finding.section, String(finding.visit),
                    finding.claimTime.map(TraceEncoder.milliseconds) ?? "", finding.expectedTime.map(TraceEncoder.milliseconds) ?? "",
                    finding.reason ?? "",
                ])
            }
            document.append(table.html())
        }

        let skipped = skipped
        if !skipped.isEmpty {
            document.heading("Lines set aside (--keep-going)", id: "skipped")
            var table = HTMLTable(header: ["file: line: why"])
            // A hostile file can set aside millions: the page stays a page.
            for line in skipped.prefix(Self.maximumSkippedLinesShown) { table.row([line]) }
            document.append(table.html())
            if skipped.count > Self.maximumSkippedLinesShown {
                document.paragraph("... and \(NumberFormatting.integer(skipped.count - Self.maximumSkippedLinesShown)) more.",
                                   className: "note")
            }
        }
        return document.html()
    }
}
