import Foundation
import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions merge`: the shards' summaries as the whole run's JSON (a single
    /// run's, or an A/B comparison's), and its per-section CSV when asked.
    static func merge(_ options: MergeOptions, io: some CommandIO) async -> Int32 {
        let report: MergedReport
        do throws(ShardSummaryError) {
            // Each file is read when it is merged, so that one is held at a time.
            report = try await ShardSummary.merged(names: options.paths, workers: Simulation.defaultWorkerCount) {
                index throws(ShardSummaryError) in
                do throws(FileAccessError) {
                    return try FileAccess.read(options.paths[index], maximumBytes: 1 << 30)
                } catch {
                    throw ShardSummaryError(error.message)
                }
            }
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        guard writeOutputFile(report.sectionsCSV, to: options.sectionsOutPath, subcommand: "merge", io: io) else { return 1 }
        io.writeOutput(report.json)
        return 0
    }
}
