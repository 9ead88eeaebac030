import Foundation
import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions merge`: the shards' summaries as the whole run's JSON (a single
    /// run's, or an A/B comparison's), and its per-section CSV and HTML report when
    /// asked; or, for the
    /// shards of `audit --shard`, the whole audit's report and exit status.
    static func merge(_ options: MergeOptions, io: some CommandIO) async -> Int32 {
        // The first file says which kind of run the shards are of; it is read once.
        var first: Data?
        let read = { (index: Int) throws(ShardSummaryError) -> Data in
            if index == 0, let first { return first }
            do throws(FileAccessError) {
                return try FileAccess.read(options.paths[index], maximumBytes: 1 << 30)
            } catch {
                throw ShardSummaryError(error.message)
            }
        }
        do throws(ShardSummaryError) {
            first = try read(0)
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        if let first, AuditShard.isAuditShard(first) { return mergeAudit(options, reading: read, io: io) }

        let report: MergedReport
        do throws(ShardSummaryError) {
            // Each file is read when it is merged, so that one is held at a time.
            report = try await ShardSummary.merged(names: options.paths, workers: Simulation.defaultWorkerCount) {
                index throws(ShardSummaryError) in
                let data = try read(index)
                guard !AuditShard.isAuditShard(data) else {
                    throw ShardSummaryError("\(options.paths[index]) is a shard of 'impressions audit --shard', \(options.paths[0]) "
                        + "of 'impressions simulate --shard': merge each run's shards on their own")
                }
                return data
            }
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        guard writeOutputFile(report.sectionsCSV, to: options.sectionsOutPath, subcommand: "merge", io: io),
              writeOutputFile(report.html, to: options.reportPath, subcommand: "merge", io: io) else { return 1 }
        io.writeOutput(report.json)
        if let warning = report.warning { io.writeError("impressions merge: \(warning)\n") }
        return 0
    }

    /// Merges audit shards into what the unsharded audit prints, text or JSON as the
    /// shards were asked (`--json`), with its exit status, and its page with `--report`.
    private static func mergeAudit(_ options: MergeOptions, reading read: (Int) throws(ShardSummaryError) -> Data,
                                   io: some CommandIO) -> Int32 {
        guard options.sectionsOutPath == nil else {
            let error = CommandLineError(subcommand: "merge", "--sections-out: an audit has no per-section results "
                + "(\(options.paths[0]) is a shard of 'impressions audit --shard')")
            io.writeError("\(error)\n\(error.usageHint)\n")
            return CommandLineError.exitStatus
        }
        let summary: AuditSummary
        do throws(ShardSummaryError) {
            summary = try AuditShard.merge(names: options.paths, reading: read)
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        // The shards do not record their command lines.
        guard deliver(summary, json: summary.run.json, reportPath: options.reportPath, command: nil, subcommand: "merge", io: io)
        else { return 1 }
        return summary.passes ? 0 : 1
    }
}
