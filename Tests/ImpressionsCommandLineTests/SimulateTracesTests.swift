import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// `impressions simulate --traces`: recorded sessions re-measured as a simulation
/// measures generated ones.
// Each test runs whole commands in process, CPU-bound for seconds: on threads of their own,
// so that they do not hold the cooperative pool that other suites' awaits need.
@Suite("simulate --traces re-measures recorded sessions", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct SimulateTracesTests {
    /// A simulation's own traces, with the feed file of its feed, in a directory of the
    /// test's own (`traces/`, `feed.json`), where it may write what it likes.
    static func recordedRun(signals: Bool = false) async throws -> (directory: String, feed: String, run: [String]) {
        let recorded = try await (signals ? recordingWithSignals : recording).value
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: recorded.directory + "/traces", toPath: directory + "/traces")
        try FileManager.default.copyItem(atPath: recorded.directory + "/feed.json", toPath: directory + "/feed.json")
        return (directory, directory + "/feed.json", recorded.run)
    }

    // Each recording is simulated once per test process, not once per test: a dozen tests
    // re-measure it, and under the thread sanitizer each simulation costs seconds. It runs
    // on the threads of the suite that asks first: on the cooperative pool it would wait
    // behind the other suites' CPU-bound tests, as these suites' own work did.
    private static let recording = Task(executorPreference: OwnThreadsExecutor.current) { try await record(signals: false) }
    private static let recordingWithSignals = Task(executorPreference: OwnThreadsExecutor.current) {
        try await record(signals: true)
    }

    private static func record(signals: Bool) async throws -> (directory: String, run: [String]) {
        let directory = try temporaryDirectory()
        let exported = await impressions("feed", "--export", "--sections", "300", "--seed", "3")
        try Data(exported.output.utf8).write(to: URL(fileURLWithPath: directory + "/feed.json"))
        let run = ["--sessions", "12", "--sections", "300", "--seconds", "40", "--seed", "3",
                   "--policy", "default", "--policy", "abema"] + (signals ? ["--signals"] : [])
        let written = await impressions(arguments: ["simulate"] + run + ["--trace-out", directory + "/traces"])
        guard written.status == 0 else { throw RecordingFailed(error: written.error) }
        return (directory, run)
    }

    /// The simulation that records the traces failed: its standard error.
    struct RecordingFailed: Error, CustomStringConvertible {
        let error: String
        var description: String { "recording the traces failed: \(error)" }
    }

    /// The members of a report's JSON that say what the sessions gave, without those that
    /// say where they came from (the run's summary, the traces read).
    static func measured(_ json: String) throws -> [String: NSObject] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: NSObject])
        return object.filter { ["policies", "deepestPosition", "feed", "sections", "rejectedInputs"].contains($0.key) }
    }

    @Test("a simulation's traces, re-measured with its feed file: the same impressions, rendered counts, time in view, signals and per-section rows")
    func tracesOfASimulationGiveItsReport() async throws {
        let (directory, feed, run) = try await Self.recordedRun(signals: true)
        let simulated = await impressions(arguments: ["simulate"] + run + ["--json", "--sections-out", directory + "/simulated.csv"])
        let policies = ["--policy", "default", "--policy", "abema", "--signals"]
        let remeasured = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", feed, "--json",
                                                       "--sections-out", directory + "/remeasured.csv"] + policies)
        #expect(simulated.status == 0 && remeasured.status == 0, "\(simulated.error)\(remeasured.error)")
        // Every figure the sessions gave: each policy's counts by position and kind, first
        // impressions, viewability, exposure signals; and every section's row.
        #expect(try Self.measured(simulated.output) == Self.measured(remeasured.output))
        let csv = try String(contentsOfFile: directory + "/simulated.csv", encoding: .utf8)
        #expect(csv == (try String(contentsOfFile: directory + "/remeasured.csv", encoding: .utf8)))
        #expect(csv.split(separator: "\n").count == 1 + 300 * 2)
        // Not degenerate: sessions counted, and the report says they are recorded ones.
        #expect(remeasured.output.contains("\"read\": 12"))
        #expect(remeasured.output.contains("\"policy\": \"abema\",\n      \"minus\": \"default\""))
    }

    @Test("the same bytes on any number of workers, from files, a directory or standard input")
    func sameBytesAnyWay() async throws {
        let (directory, feed, _) = try await Self.recordedRun()
        let traces = try FileAccess.files(in: directory + "/traces", endingIn: "jsonl")
        let one = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", feed, "--workers", "1"])
        let many = await impressions(arguments: ["simulate", "--traces"] + traces + ["--feed", feed, "--workers", "4"])
        #expect(one.status == 0 && one.output == many.output)
        let stream = try temporaryFile(try traces.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined())
        let streamed = try await Self.simulate(standardInput: stream, ["--feed", feed, "--workers", "3"])
        #expect(streamed.status == 0 && streamed.output == one.output, "\(streamed.error)")
    }

    @Test("shards of the traces, merged, print the one run's JSON and CSV, with and without a feed; shards of another list are refused")
    func shardsMergeExactly() async throws {
        let (directory, feed, _) = try await Self.recordedRun(signals: true)
        let traces = directory + "/traces"
        for feedArguments in [["--feed", feed], []] {
            let run = ["simulate", "--traces", traces, "--policy", "default", "--policy", "abema", "--signals"] + feedArguments
            var shards: [String] = []
            for index in 0..<3 {
                let shard = await impressions(arguments: run + ["--shard", "\(index)/3", "--workers", "\(index + 1)"])
                #expect(shard.status == 0, "\(shard.error)")
                shards.append(try temporaryFile(shard.output, name: "part-\(index).json"))
            }
            let merged = await impressions(arguments: ["merge"] + shards + ["--sections-out", directory + "/merged.csv"])
            let one = await impressions(arguments: run + ["--json", "--sections-out", directory + "/one.csv"])
            #expect(merged.status == 0 && merged.output == one.output, "\(merged.error)")
            #expect(try String(contentsOfFile: directory + "/merged.csv", encoding: .utf8)
                == String(contentsOfFile: directory + "/one.csv", encoding: .utf8))
            // A shard of a shorter list of traces is another run.
            let files = try FileAccess.files(in: traces, endingIn: "jsonl")
            let other = await impressions(arguments: ["simulate", "--traces"] + files.dropLast() + Array(run.dropFirst(3)) + ["--shard", "2/3"])
            let mixed = await impressions(arguments: ["merge", shards[0], shards[1], try temporaryFile(other.output, name: "other.json")])
            #expect(mixed.status == 1 && mixed.error.contains("is a shard of another run than") && mixed.error.contains("traces 11"),
                    "\(mixed.error)")
        }
    }

    @Test("sweep --traces reads a directory as simulate --traces does: each cell counts what simulate --traces counts under that definition")
    func sweepOverTraces() async throws {
        let (directory, _, _) = try await Self.recordedRun()
        let traces = directory + "/traces"
        let sweep = await impressions(arguments: ["sweep", "--traces", traces, "--ratios", "50%,80%", "--durations", "1s,2s",
                                                  "--presets", "none", "--json", "--workers", "2"])
        #expect(sweep.status == 0, "\(sweep.error)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(sweep.output.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.count == 4 && (object["traces"] as? [String: Any])?["read"] as? Int == 12)
        for cell in cells {
            let ratio = try #require(cell["ratio"] as? Double), duration = try #require(cell["durationSeconds"] as? Double)
            let simulated = await impressions(arguments: ["simulate", "--traces", traces, "--json",
                                                          "--policy", "ratio=\(ratio),duration=\(duration)s"])
            let policies = try #require((JSONSerialization.jsonObject(with: Data(simulated.output.utf8)) as? [String: Any])?["policies"]
                as? [[String: Any]])
            #expect(cell["impressions"] as? Int == (try #require(policies.first))["impressions"] as? Int, "ratio \(ratio), duration \(duration)")
        }
        #expect(cells.contains { ($0["impressions"] as? Int ?? 0) > 0 })
    }

    @Test("without a feed, sections are counted by id: every impression is in a row, rows sorted by id")
    func withoutFeedByID() async throws {
        let (directory, _, run) = try await Self.recordedRun()
        let simulated = await impressions(arguments: ["simulate"] + run + ["--json"])
        let byID = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--policy", "default",
                                                 "--policy", "abema", "--sections-out", directory + "/by-id.csv"])
        #expect(byID.status == 0, "\(byID.error)")
        #expect(byID.output.contains("sections: ") && !byID.output.contains("by section kind"))
        let rows = try String(contentsOfFile: directory + "/by-id.csv", encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let ids = rows.map { String($0[0]) }
        #expect(ids == ids.sorted() && !ids.isEmpty)
        let impressed = rows.filter { $0[3] == "default" }.map { Int($0[7])! }.reduce(0, +)
        let object = try #require(JSONSerialization.jsonObject(with: Data(simulated.output.utf8)) as? [String: Any])
        let policies = try #require(object["policies"] as? [[String: Any]])
        // A row counts the sessions a section was impressed in; the simulation's distinct sections per session × sessions.
        let distinct = try #require(policies.first?["distinctSectionsPerSession"] as? Double) * 12
        #expect(Double(impressed) == distinct.rounded())
    }

    @Test("bad traces stop the run naming the file and line; --keep-going leaves them out and lists them, with the cut short and the duplicates")
    func badTraces() async throws {
        let (directory, _, _) = try await Self.recordedRun()
        let traces = try FileAccess.files(in: directory + "/traces", endingIn: "jsonl")
        let lines = try traces.map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init) }
        let bad = try temporaryDirectory()
        func write(_ name: String, _ lines: [String]) throws {
            try Data((lines.map { $0 + "\n" }.joined()).utf8).write(to: URL(fileURLWithPath: bad + "/" + name))
        }
        let header = #"{"format":"impressions-trace","version":1,"sampleIntervalMs":100,"session":"s-1"}"#
        try write("a.jsonl", lines[0])
        try write("b-no-end.jsonl", Array(lines[1].prefix(40)))
        try write("c-gap.jsonl", Array(lines[2].prefix(30)) + [#"{"t":9000,"type":"gap","lines":8}"#] + lines[2].suffix(3))
        try write("d1.jsonl", [header] + lines[3].dropFirst())
        try write("d2.jsonl", [header] + lines[4].dropFirst())
        try write("e-bad-line.jsonl", Array(lines[5].prefix(5)) + [#"{"t":5,"type":"bogus"}"#])
        try write("f-other-interval.jsonl", [#"{"format":"impressions-trace","version":1,"sampleIntervalMs":50}"#] + lines[6].dropFirst())
        try write("g-empty.jsonl", [])

        let stopped = await impressions(arguments: ["simulate", "--traces", bad])
        #expect(stopped.status == 1 && stopped.output.isEmpty)
        #expect(stopped.error == "impressions simulate: \(bad)/e-bad-line.jsonl: line 6: unknown event type 'bogus' (types: layout, "
            + "viewport, contentOffset, insets, obstructions, section, appear, disappear, enterBackground, enterForeground, cover, "
            + "uncover, beginRefresh, endRefresh, reset, interact, end)\n")

        let kept = await impressions(arguments: ["simulate", "--traces", bad, "--keep-going", "--json"])
        #expect(kept.status == 0, "\(kept.error)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(kept.output.utf8)) as? [String: Any])
        let read = try #require(object["traces"] as? [String: Any])
        #expect(object["sessions"] as? Int == 4)
        #expect(read["read"] as? Int == 8)
        #expect(read["cutShort"] as? [[String: String]] == [["trace": "\(bad)/b-no-end.jsonl", "reason": "no end line: counted to line 40, its last"]])
        // With --keep-going a gap is read past, as `replay --keep-going` reads past it.
        #expect(read["readPastGaps"] as? [[String: String]] == [["trace": "\(bad)/c-gap.jsonl", "reason": "a gap at line 31: 8 lines lost"]])
        // Of two copies of session s-1, the one with more lines counts (the first of equals).
        let (counted, copy) = lines[4].count > lines[3].count ? ("d2", "d1") : ("d1", "d2")
        #expect(read["duplicates"] as? [[String: String]] == [["trace": "\(bad)/\(copy).jsonl", "copyOf": "\(bad)/\(counted).jsonl"]])
        let leftOut = try #require(read["leftOut"] as? [[String: String]])
        try #require(leftOut.count == 3, "\(leftOut)")
        #expect(leftOut.map { $0["trace"] } == ["\(bad)/e-bad-line.jsonl", "\(bad)/f-other-interval.jsonl", "\(bad)/g-empty.jsonl"])
        #expect(leftOut[1]["reason"] == "line 1: the trace samples every 50 ms, the run every 100 ms (its first trace's): "
            + "re-measure traces of each interval in a run of their own")
        #expect(leftOut[2]["reason"] == "the trace is empty: expected the header line")

        let table = await impressions(arguments: ["simulate", "--traces", bad, "--keep-going"])
        #expect(table.output.contains("traces: 8 read, 1 cut short (counted), 1 read past gaps (counted), 3 left out (--keep-going), 1 copy left out"))

        // A cut-short trace counts its sessions to its last input: as the same trace ended there.
        let cut = await impressions(arguments: ["simulate", "--traces", bad + "/b-no-end.jsonl", "--json"])
        let ended = try temporaryFile((lines[1].prefix(40) + [#"{"t":"# + Self.time(of: lines[1][39]) + #","type":"end"}"#])
            .map { $0 + "\n" }.joined())
        let whole = await impressions(arguments: ["simulate", "--traces", ended, "--json"])
        #expect(try Self.measured(cut.output) == Self.measured(whole.output))
    }

    @Test("paths and options that cannot make a run are refused by name")
    func refusals() async throws {
        let empty = try temporaryDirectory()
        let noTraces = await impressions(arguments: ["simulate", "--traces", empty])
        #expect(noTraces.status == 1
            && noTraces.error == "impressions simulate: \(empty): a directory with no traces (*.jsonl files, in it or its subdirectories)\n")
        let missing = await impressions(arguments: ["simulate", "--traces", empty + "/none.jsonl"])
        #expect(missing.status == 1 && missing.error == "impressions simulate: \(empty)/none.jsonl: no such file or directory\n")
        for (arguments, message) in [
            (["--traces", empty, "--sessions", "4"], "--sessions with --traces: the traces are the sessions"),
            (["--traces", "-", "--shard", "0/2"], "--shard with --traces -: a shard takes its slice of a list of traces"),
            (["--keep-going"], "--keep-going without --traces"),
        ] {
            let refused = await impressions(arguments: ["simulate"] + arguments)
            #expect(refused.status == 2 && refused.error.contains(message), "\(refused.error)")
        }
    }

    @Test("a stream of traces on standard input: each from its header, a stream ending inside a trace counts it as cut short")
    func streamEndingInsideATrace() async throws {
        let (directory, _, _) = try await Self.recordedRun()
        let traces = try FileAccess.files(in: directory + "/traces", endingIn: "jsonl")
        let first = try String(contentsOfFile: traces[0], encoding: .utf8)
        let second = try String(contentsOfFile: traces[1], encoding: .utf8).split(separator: "\n").prefix(20).joined(separator: "\n")
        let stream = try temporaryFile(first + second + "\n")
        let result = try await Self.simulate(standardInput: stream, ["--json"])
        #expect(result.status == 0, "\(result.error)")
        let firstLines = first.split(separator: "\n").count
        #expect(result.output.contains("""
                "cutShort": [
                  {
                    "trace": "standard input, trace 2",
                    "reason": "no end line: counted to line 20 (line \(firstLines + 20) of the stream), its last"
                  }
                ]
            """), "\(result.output)")
        let empty = try await Self.simulate(standardInput: try temporaryFile(""), [])
        #expect(empty.status == 1 && empty.error == "impressions simulate: standard input: no traces (expected a trace's header line)\n")
    }

    /// `impressions simulate --traces -` reading the file at `path` as standard input.
    static func simulate(standardInput path: String, _ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let io = CapturedIO(input: descriptor)
        let status = await ImpressionsCommand.run(arguments: ["simulate", "--traces", "-"] + arguments, io: io)
        return (status, io.standardOutput, io.standardError)
    }

    /// The `t` of a trace line, as written.
    static func time(of line: String) -> String {
        let start = line.range(of: #""t":"#)!.upperBound
        return String(line[start...].prefix { $0 != "," && $0 != "}" })
    }
}
