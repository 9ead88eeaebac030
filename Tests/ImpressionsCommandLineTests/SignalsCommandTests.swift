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

    @Test("--signals with --shard is a usage error naming both")
    func notWithShards() async {
        let result = await impressions(arguments: ["simulate", "--signals", "--shard", "0/2"])
        #expect(result.status == 2 && result.output.isEmpty)
        #expect(result.error.hasPrefix("impressions simulate: --signals with --shard: "))
    }
}
