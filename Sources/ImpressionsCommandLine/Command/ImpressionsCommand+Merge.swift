import Foundation
import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions merge`: the shards' summaries as the whole run's JSON.
    static func merge(paths: [String], io: some CommandIO) -> Int32 {
        var files: [(name: String, data: Data)] = []
        do throws(FileAccessError) {
            for path in paths { files.append((path, try FileAccess.read(path, maximumBytes: 1 << 30))) }
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
        do throws(ShardSummaryError) {
            io.writeOutput(try ShardSummary.merge(files))
            return 0
        } catch {
            io.writeError("impressions merge: \(error)\n")
            return 1
        }
    }
}
