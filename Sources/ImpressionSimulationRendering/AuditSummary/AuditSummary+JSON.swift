import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension AuditSummary {
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
        omLog?.write(to: &writer)
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
}
