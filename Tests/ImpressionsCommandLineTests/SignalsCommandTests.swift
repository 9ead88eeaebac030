import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("impressions simulate --signals")
struct SignalsCommandTests {
    @Test("the table and the JSON gain the signals' distributions; the impressions are those of a run without")
    func outputs() async throws {
        let base = ["simulate", "--sessions", "20", "--sections", "200", "--seconds", "20"]
        let plain = await impressions(arguments: base + ["--json"])
        let json = await impressions(arguments: base + ["--json", "--signals"])
        let table = await impressions(arguments: base + ["--signals"])
        #expect(plain.status == 0 && json.status == 0 && table.status == 0)
        #expect(!plain.output.contains("exposureSignals") && json.output.contains("\"exposureSignals\""))
        #expect(table.output.contains("exposure per visit, p50 / p90") && table.output.contains("  in view (s)"))
        // The same run: every line of the plain JSON is in the one with signals, in order.
        let withSignals = json.output.split(separator: "\n")
        var next = withSignals.startIndex
        for line in plain.output.split(separator: "\n") {
            guard let found = withSignals[next...].firstIndex(of: line) else {
                Issue.record("'\(line)' is not in the JSON with --signals")
                break
            }
            next = found + 1
        }
    }

    @Test("replay --signals: each impression line gains its signals, and is otherwise the line without")
    func replayLines() async throws {
        let plain = await impressions("replay", "docs/trace-example.jsonl", "--policy", "default", "--policy", "abema")
        let signals = await impressions("replay", "docs/trace-example.jsonl", "--policy", "default", "--policy", "abema", "--signals")
        #expect(plain.status == 0 && signals.status == 0 && !plain.output.isEmpty)
        let stripped = signals.output.split(separator: "\n").map { line -> String in
            guard let range = line.range(of: ",\"signals\":{") else { return "missing signals: " + line }
            return line[..<range.lowerBound] + "}"
        }
        #expect(stripped == plain.output.split(separator: "\n").map(String.init))
        #expect(signals.output.contains("\"timeInViewMs\":") && signals.output.contains("\"meanScrollSpeed\":"))
    }

    @Test("shards of a --signals run merge into exactly its JSON and per-section CSV; a shard without signals is refused")
    func shards() async throws {
        let directory = try temporaryDirectory()
        let base = ["simulate", "--sessions", "9", "--sections", "200", "--seconds", "15", "--signals"]
        let whole = await impressions(arguments: base + ["--json", "--sections-out", directory + "/whole.csv"])
        #expect(whole.status == 0 && whole.output.contains("exposureSignals"))
        var paths: [String] = []
        for index in 0..<3 {
            let shard = await impressions(arguments: base + ["--shard", "\(index)/3"])
            #expect(shard.status == 0, "\(shard.error)")
            paths.append(try temporaryFile(shard.output, name: "part-\(index).json"))
        }
        let merged = await impressions(arguments: ["merge"] + paths.reversed() + ["--sections-out", directory + "/merged.csv"])
        #expect(merged.status == 0 && merged.output == whole.output, "\(merged.error)")
        #expect(try String(contentsOfFile: directory + "/merged.csv", encoding: .utf8)
            == String(contentsOfFile: directory + "/whole.csv", encoding: .utf8))
        // A shard of the same run without --signals is of another run.
        let plain = await impressions(arguments: Array(base.dropLast()) + ["--shard", "1/3"])
        let mixed = await impressions(arguments: ["merge", paths[0], try temporaryFile(plain.output, name: "plain-1.json"), paths[2]])
        #expect(mixed.status == 1 && mixed.error.contains("exposure signals (--signals) not measured vs measured"), "\(mixed.error)")
    }
}
