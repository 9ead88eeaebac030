import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions audit`: reads the claims, replays each trace (of the shard, with
    /// `--shard`) under the policy, classifies its claims against its impressions, and
    /// prints the report added up over the traces, or the shard for `merge`. Status 0
    /// when no claim is early, phantom or duplicate (and for a shard written), 1 when one
    /// is or an input is bad (nothing on standard output then, unless `--keep-going`
    /// skips and counts it).
    static func audit(_ options: AuditOptions, io: some CommandIO) -> Int32 {
        let claimsFile: ClaimsFile
        switch ClaimsFile.read(options.claimedPath, traceNames: Set(options.traceNames), limits: options.limits,
                               keepGoing: options.keepGoing, io: io) {
        case .success(let read): claimsFile = read
        case .failure(let failure):
            io.writeError("impressions audit: \(failure.message)\n")
            return 1
        }
        // The decoder gave every claim its trace's name (the only trace's, when it names none).
        var claimsByTrace: [String: [ClaimedImpression]] = [:]
        for claim in claimsFile.claims { claimsByTrace[claim.traceName ?? "", default: []].append(claim) }

        var audits: [TraceAudit] = []
        for index in options.shard?.sessions(of: options.paths.count) ?? options.paths.indices {
            let name = options.traceNames[index]
            switch auditTrace(options.paths[index], name: name, claims: claimsByTrace[name] ?? [],
                              claimsName: claimsFile.name, options: options, io: io) {
            case .success(let audit): audits.append(audit)
            case .failure(let failure):
                io.writeError("impressions audit: \(failure.message)\n")
                return 1
            }
        }
        let run = AuditRun(claimsName: claimsFile.name, claimsDigest: String(claimsFile.digest, radix: 16),
                           claimsSkipped: claimsFile.skipped.map(TraceAudit.SkippedLine.init), policy: options.policy,
                           theirIntervalNanoseconds: options.theirInterval?.wholeNanoseconds, json: options.json,
                           keepGoing: options.keepGoing, maximumLineBytes: options.limits.maximumLineBytes,
                           maximumSectionsPerLayout: options.limits.maximumSectionsPerLayout,
                           traces: options.paths.map { $0 == "-" ? "standard input" : $0 })
        var omLog: OMLogAudit?
        if let path = options.omLogPath {
            switch auditOMLog(path, trace: options.paths[0], options: options, io: io) {
            case .success(let audit): omLog = audit
            case .failure(let failure):
                io.writeError("impressions audit: \(failure.message)\n")
                return 1
            }
        }
        let summary = AuditSummary(run: run, traces: audits, omLog: omLog)
        guard deliver(summary, json: options.json, reportPath: options.reportPath, command: options.reportCommand,
                      subcommand: "audit", printing: options.shard == nil, io: io) else { return 1 }
        if let shard = options.shard {
            // A shard written is a success: the audit's verdict is the merged report's.
            io.writeOutput(AuditShard(index: shard.index, count: shard.count, run: run, traces: audits).json())
            return 0
        }
        return summary.passes ? 0 : 1
    }

    /// Replays the trace at `tracePath` with the geometry watched and sets the OM log at
    /// `path` against it.
    ///
    /// - Returns: the log's audit, or a message for standard error after the command's
    ///   name, naming the log, the line and the value.
    private static func auditOMLog(_ path: String, trace tracePath: String, options: AuditOptions,
                                   io: some CommandIO) -> Result<OMLogAudit, TraceFile.Failure> {
        let replayed = TraceFile.replay(tracePath, limits: options.limits, keepGoing: options.keepGoing, io: io) {
            header throws(SimulationError) in
            try TraceReplayer(policies: [options.policy], sampleInterval: header.sampleInterval, recordsTimeline: false,
                              recordsPlayer: false, snapshotSample: nil, watchesGeometry: true, session: header.session)
        }
        let replayer: TraceReplayer
        switch replayed {
        case .success(let replay): replayer = replay.replayer
        case .failure(let failure): return .failure(failure)
        }
        let bytes: [UInt8]
        do throws(FileAccessError) {
            bytes = Array(try FileAccess.read(path, maximumBytes: options.limits.maximumLineBytes * 64))
        } catch {
            return .failure(TraceFile.Failure(message: "--om-log: \(error)"))
        }
        do throws(TraceError) {
            return .success(try OMLogAudit(lines: bytes.split(separator: 0x0A, omittingEmptySubsequences: false),
                                           logName: path, tolerance: options.omTolerance ?? 1,
                                           sectionIDs: replayer.sectionIDs, changes: replayer.geometryChanges.map(\.change)))
        } catch {
            return .failure(TraceFile.Failure(message: "\(path): \(error)"))
        }
    }

    /// Audits the claims of one trace: replays it, refuses the claims it shows to be
    /// impossible, and classifies the rest.
    ///
    /// - Returns: what the audit found, or a message for standard error after the
    ///   command's name.
    private static func auditTrace(_ path: String, name: String, claims all: [ClaimedImpression], claimsName: String,
                                   options: AuditOptions, io: some CommandIO) -> Result<TraceAudit, TraceFile.Failure> {
        // Lines of another policy (replay prints every policy's) are not this audit's.
        let claims = all.filter { $0.policyName == nil || $0.policyName == options.policy.name }
        let replayed = TraceFile.replay(path, limits: options.limits, keepGoing: options.keepGoing, io: io) {
            header throws(SimulationError) in
            try AuditReplayer(policy: options.policy, sampleInterval: header.sampleInterval, claims: claims)
        }
        let (trace, replayer, header): (TraceFile, AuditReplayer, TraceHeader)
        switch replayed {
        case .success(let replay): (trace, replayer, header) = replay
        case .failure(let failure): return .failure(failure)
        }

        // Claims the trace shows to be impossible: a section it never laid out, a time after it ended.
        let traceWords = options.paths.count == 1 ? "the trace" : "trace \(name)"
        var refused: [TraceError] = []
        for claim in claims {
            let problem: String
            if claim.time > trace.end {
                problem = "time \(TraceEncoder.milliseconds(claim.time)) ms is after the end of \(traceWords) (\(TraceEncoder.milliseconds(trace.end)) ms)"
            } else if !replayer.sectionIDs.contains(claim.sectionID) {
                problem = "section \(JSONText.quoted(claim.sectionID)) is in no layout of \(traceWords)"
            } else {
                continue
            }
            let error = TraceError(line: claim.lineNumber, problem)
            guard options.keepGoing else { return .failure(TraceFile.Failure(message: "\(claimsName): \(error)")) }
            refused.append(error)
        }
        let refusedLines = Set(refused.map(\.line))
        let report = replayer.report(tolerance: options.theirInterval ?? header.sampleInterval) { !refusedLines.contains($0.lineNumber) }
        return .success(TraceAudit(name: name, path: trace.name, sampleInterval: header.sampleInterval, report: report,
                                   claims: replayer.claims, otherPolicyClaims: all.count - claims.count,
                                   skippedLines: trace.skipped, refusedClaims: refused))
    }
}
