import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("impressions sweep")
struct SweepCommandTests {
    static let small = ["--sessions", "6", "--sections", "200", "--seconds", "20", "--seed", "5"]

    @Test("no flags: 70 height definitions, presets of the measure, simulate's sessions")
    func defaults() throws {
        let options = try SweepOptions.parse([])
        #expect(options.grid.count == 70 && options.grid.measure == .height)
        #expect(options.simulation.run.simulatedUsers?.sessions == 200 && options.simulation.mode == .generatedSessions)
        #expect(!options.json)
        #expect(options.effectivePresets.allSatisfy { $0.policy.measure == .height })
        #expect(options.effectivePresets.map(\.name).contains("default"))
    }

    @Test("ranges and lists, in fractions, percentages and durations")
    func gridSyntax() throws {
        let options = try SweepOptions.parse(["--measure", "area", "--ratios", "0.05:1:0.05", "--durations=0s:4.5s:0.5s"])
        #expect(options.grid.count == 200 && options.grid.measure == .area)
        let lists = try SweepOptions.parse(["--ratios", "25%,0.5, 100%", "--durations", "0,500ms,2s", "--presets", "none"])
        #expect(lists.grid.ratios == [0.25, 0.5, 1])
        #expect(lists.grid.durations == [.zero, .milliseconds(500), .seconds(2)])
        #expect(lists.effectivePresets.isEmpty)
        let percents = try SweepOptions.parse(["--ratios", "10%:100%:10%"])
        #expect(percents.grid.ratios == SweepGrid.defaultRatios)
        let traces = try SweepOptions.parse(["--traces", "a.jsonl", "b.jsonl", "--json", "--traces=c.jsonl"])
        guard case .recordedTraces(let recorded) = traces.simulation.run else {
            Issue.record("--traces sweeps recorded traces")
            return
        }
        #expect(recorded.paths == ["a.jsonl", "b.jsonl", "c.jsonl"] && traces.json)
    }

    @Test("bad grids and flags exit 2 naming the flag and the value", arguments: [
        (["--ratios", "0:1:0.1"], "invalid value '0:1:0.1' for --ratios: ratio 0.0 is outside (0, 1]"),
        (["--ratios", "1.5"], "invalid value '1.5' for --ratios: ratio 1.5 is outside"),
        (["--ratios", "0.1:1:0"], "invalid value '0.1:1:0' for --ratios: a ratio range needs"),
        (["--ratios", "0.1:1"], "invalid value '0.1:1' for --ratios: expected start:end:step"),
        (["--ratios", "nan"], "invalid value 'nan' for --ratios: 'nan' is not a ratio"),
        (["--ratios", "0.5,0.5"], "invalid value '0.5,0.5' for --ratios: ratio 50% is given twice"),
        (["--durations", "-1s"], "invalid value '-1s' for --durations: '-1s' is not a duration"),
        (["--durations", "0s:2h:1s"], "invalid value '0s:2h:1s' for --durations: '2h' is not a duration"),
        (["--durations", "3s:1s:1s"], "invalid value '3s:1s:1s' for --durations: the duration range"),
        (["--durations", "4000s"], "invalid value '4000s' for --durations: duration 4,000.0 s is outside 0...3600 s"),
        (["--ratios", "0.001:1:0.001", "--durations", "0:1:0.1"], "--ratios and --durations: the grid has 11000 definitions"),
        (["--measure", "depth"], "invalid value 'depth' for --measure: expected height, area or width"),
        (["--presets", "nope"], "invalid value 'nope' for --presets: unknown preset 'nope'"),
        (["--traces", "a.jsonl", "--sessions", "5"], "--sessions and --traces"),
        (["--sessions", "0"], "invalid value '0' for --sessions"),
        (["extra"], "unexpected argument 'extra'"),
        (["--json=yes"], "--json takes no value"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await impressions(arguments: ["sweep"] + arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("impressions sweep: "))
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("a cell's count in --json is simulate's count for that policy alone")
    func cellsEqualSimulate() async throws {
        let swept = await impressions(arguments: ["sweep"] + Self.small + ["--ratios", "0.25,0.5,1", "--durations", "0,1s,2s", "--json"])
        #expect(swept.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(swept.output.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.count == 9)
        // Cells off the diagonal too: a row/column mix-up would pass on the diagonal alone.
        let checked = [(0, "ratio=0.25,duration=0s"), (4, "ratio=0.5,duration=1s"), (2, "ratio=1,duration=0s"),
                       (6, "ratio=0.25,duration=2s")]
        for (index, policy) in checked {
            let alone = await impressions(arguments: ["simulate"] + Self.small + ["--policy", policy, "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(alone.output.utf8)) as? [String: Any])
            let summary = try #require((report["policies"] as? [[String: Any]])?.first)
            let expected = try #require(summary["impressions"] as? Int)
            #expect(expected > 0)
            #expect(cells[index]["impressions"] as? Int == expected, "\(policy)")
        }
        let presets = try #require(object["presets"] as? [[String: Any]])
        #expect(presets.contains { $0["name"] as? String == "default" && $0["cell"] as? Int == 4 })
        #expect(presets.contains { $0["name"] as? String == "sarah" && $0["onGrid"] as? Bool == false })
    }

    @Test("the table marks the presets' cells; --heatmap writes the picture; same run, same bytes")
    func tableAndHeatmap() async throws {
        let directory = try temporaryDirectory()
        let arguments = ["sweep"] + Self.small + ["--ratios", "0.5,1", "--durations", "1s,2s"]
        let first = await impressions(arguments: arguments + ["--heatmap", directory + "/a.svg"])
        let second = await impressions(arguments: arguments + ["--heatmap", directory + "/b.svg", "--workers", "1"])
        #expect(first.status == 0 && first.output == second.output)
        #expect(first.output.contains("*") && first.output.contains("default (fingerprint \(ImpressionPolicy.default.fingerprint)): 50% height 1 s"))
        let a = try String(contentsOfFile: directory + "/a.svg", encoding: .utf8)
        let b = try String(contentsOfFile: directory + "/b.svg", encoding: .utf8)
        #expect(a == b && a.hasPrefix("<svg") && a.contains("class='preset'"))
    }

    @Test("--traces sweeps recorded sessions, and the help lists the subcommand")
    func tracesAndHelp() async throws {
        let directory = try temporaryDirectory()
        let recorded = await impressions(arguments: ["simulate"] + Self.small + ["--trace-out", directory, "--policy", "default"])
        #expect(recorded.status == 0)
        let paths = (0..<6).map { directory + "/session-00000\($0).jsonl" }
        let swept = await impressions(arguments: ["sweep", "--ratios", "0.5", "--durations", "1s", "--presets", "none", "--traces"] + paths)
        #expect(swept.status == 0, "\(swept.error)")
        let simulated = await impressions(arguments: ["sweep"] + Self.small + ["--ratios", "0.5", "--durations", "1s", "--presets", "none"])
        let row = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("1 s") }.map(String.init) }
        #expect(row(swept.output) != nil && row(swept.output) == row(simulated.output))
        let missing = await impressions(arguments: ["sweep", "--traces", directory + "/nope.jsonl"])
        #expect(missing.status == 1)
        #expect((await impressions("--help")).output.contains("sweep "))
        #expect((await impressions("sweep", "--help")).output.contains("--ratios R"))
        #expect((await impressions("help", "sweep")).status == 0)
    }
}
