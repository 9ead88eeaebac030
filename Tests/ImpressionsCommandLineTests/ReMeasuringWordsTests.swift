import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// What the help and the reports say about re-measuring recorded sessions, checked
/// against what the commands do.
// Whole commands in process, CPU-bound for seconds: on threads of their own, so that they
// do not hold the cooperative pool that other suites' awaits need.
@Suite("re-measuring: the help and the reports' words", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct ReMeasuringWordsTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the top-level help says simulate also re-measures recorded traces; simulate's help lists --shard with --traces")
    func helpTexts() async throws {
        let tool = await impressions("--help")
        #expect(tool.status == 0)
        let simulateEntry = try #require(tool.output.split(separator: "\n\n").first { $0.contains("  simulate ") })
        #expect(simulateEntry.contains("re-measure") && simulateEntry.contains("--traces"), "\(simulateEntry)")

        let simulate = await impressions("simulate", "--help")
        #expect(simulate.status == 0)
        // The usage of a run over traces: from its line to the options.
        let usage = try #require(simulate.output.range(of: "impressions simulate --traces PATH..."))
        let options = try #require(simulate.output.range(of: "OPTIONS:"))
        let tracesUsage = simulate.output[usage.lowerBound..<options.lowerBound]
        #expect(tracesUsage.contains("[--shard I/N]"), "\(tracesUsage)")
        // --shard's own text says what it slices with --traces.
        let shard = try #require(simulate.output.range(of: "  --shard I/N"))
        let traces = try #require(simulate.output.range(of: "  --traces PATH..."))
        #expect(simulate.output[shard.lowerBound..<traces.lowerBound].contains("With --traces, slice I of the"))
    }
}
