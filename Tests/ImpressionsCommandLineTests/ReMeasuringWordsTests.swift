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

    @Test("a run over one trace says 'the same session', in the table and on the page; the page's heading of traces cut short does not call them not counted")
    func oneSessionWords() async throws {
        let example = Self.root.appendingPathComponent("docs/trace-example.jsonl").path
        let directory = try temporaryDirectory()
        let run = await impressions(arguments: ["simulate", "--traces", example, "--policy", "default", "--policy", "abema",
                                                "--report", directory + "/one.html"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("paired differences, the same session (95 % bootstrap intervals)\n"), "\(run.output)")
        #expect(!run.output.contains("the same 1 sessions"))
        let page = try String(contentsOfFile: directory + "/one.html", encoding: .utf8)
        #expect(page.contains("Each policy against the first on the same recorded session: "))
        #expect(!page.contains("same 1 recorded sessions"))

        // Two sessions keep the number; a trace without its end line is counted, cut short.
        let lines = try String(contentsOfFile: example, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
        let traces = try temporaryDirectory()
        try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: traces + "/a.jsonl"))
        try Data(lines.dropLast().joined().utf8).write(to: URL(fileURLWithPath: traces + "/b-cut.jsonl"))
        let two = await impressions(arguments: ["simulate", "--traces", traces, "--policy", "default", "--policy", "abema",
                                                "--report", directory + "/two.html"])
        #expect(two.status == 0, "\(two.error)")
        #expect(two.output.contains("paired differences, the same 2 sessions (95 % bootstrap intervals)\n"))
        #expect(two.output.contains("1 cut short (counted)"))
        let twoPage = try String(contentsOfFile: directory + "/two.html", encoding: .utf8)
        #expect(twoPage.contains("on the same 2 recorded sessions: "))
        #expect(twoPage.contains(">Traces cut short or left out<"))
        #expect(!twoPage.contains("not counted"))
    }
}
