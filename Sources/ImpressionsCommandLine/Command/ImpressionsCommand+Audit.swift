import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions audit`: replays the trace under the policy, classifies the claims
    /// against its impressions, and prints the report on standard output. Status 0 when
    /// no claim is early, phantom or duplicate, 1 when one is or an input is bad (nothing
    /// on standard output then, unless `--keep-going` skips and counts it).
    static func audit(_ options: AuditOptions, io: some CommandIO) -> Int32 {
        var claimsFile: ClaimsFile
        switch ClaimsFile.read(options.claimedPath, limits: options.limits, keepGoing: options.keepGoing, io: io) {
        case .success(let read): claimsFile = read
        case .failure(let failure):
            io.writeError("impressions audit: \(failure.message)\n")
            return 1
        }
        // Lines of another policy (replay prints every policy's) are not this audit's.
        let claims = claimsFile.claims.filter { $0.policyName == nil || $0.policyName == options.policy.name }
        let otherPolicyCount = claimsFile.claims.count - claims.count

        let replayed = TraceFile.replay(options.path, limits: options.limits, keepGoing: options.keepGoing, io: io) {
            header throws(SimulationError) in
            try AuditReplayer(policy: options.policy, sampleInterval: header.sampleInterval, claims: claims)
        }
        let (trace, replayer, header): (TraceFile, AuditReplayer, TraceHeader)
        switch replayed {
        case .success(let replay): (trace, replayer, header) = replay
        case .failure(let failure):
            io.writeError("impressions audit: \(failure.message)\n")
            return 1
        }

        // Claims the trace shows to be impossible: a section it never laid out, a time after it ended.
        var refused: Set<Int> = []
        for claim in claims {
            let problem: String
            if claim.time > trace.end {
                problem = "time \(TraceEncoder.milliseconds(claim.time)) ms is after the end of the trace (\(TraceEncoder.milliseconds(trace.end)) ms)"
            } else if !replayer.sectionIDs.contains(claim.sectionID) {
                problem = "section \(JSONWriter.quoted(claim.sectionID)) is in no layout of the trace"
            } else {
                continue
            }
            let error = TraceError(line: claim.lineNumber, problem)
            guard options.keepGoing else {
                io.writeError("impressions audit: \(claimsFile.name): \(error)\n")
                return 1
            }
            claimsFile.skip(error)
            refused.insert(claim.lineNumber)
        }
        let report = replayer.report(tolerance: options.theirInterval ?? header.sampleInterval) { !refused.contains($0.lineNumber) }
        let summary = AuditSummary(report: report, claims: replayer.claims, trace: trace, claimsFile: claimsFile,
                                   policy: options.policy, tolerance: options.theirInterval ?? header.sampleInterval,
                                   otherPolicyCount: otherPolicyCount)
        io.writeOutput(options.json ? summary.json() : summary.text())
        return report.passes ? 0 : 1
    }
}
