import Foundation
import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions merge`: the shards' summaries as the whole run's JSON, and its
    /// per-section CSV when asked.
    static func merge(_ options: MergeOptions, io: some CommandIO) -> Int32 {
        var files: [(name: String, data: Data)] = []
        do throws(FileAccessError) {
            for path in options.paths { files.append((path, try FileAccess.read(path, maximumBytes: 1 << 30))) }
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        let report: SimulationReport
        do throws(ShardSummaryError) {
            report = try ShardSummary.mergedReport(files)
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        guard writeOutputFile(report.sectionsCSV(), to: options.sectionsOutPath, subcommand: "merge", io: io) else { return 1 }
        io.writeOutput(report.json())
        return 0
    }
}
