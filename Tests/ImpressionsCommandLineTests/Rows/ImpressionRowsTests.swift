import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `--impressions-out`: the rows of a run are its report's impressions, one per id; the
/// same on any workers, split into shards or not, simulated or re-measured from the run's
/// traces; and a bad path or name is refused before anything runs.
@Suite("Impression rows out", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct ImpressionRowsTests {
    /// Four policies, one of them not a preset, over a small run.
    static let run = ["simulate", "--sessions", "12", "--sections", "300", "--seconds", "30", "--seed", "5",
                      "--policy", "default", "--policy", "mrc-display", "--policy", "abema",
                      "--policy", "ratio=0.3,duration=500ms,recurrence=once-per-visit,name=loose"]

    /// A CSV file of rows as dictionaries by column (the run's values hold no comma or quote).
    static func csvRows(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let columns = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let values = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(columns, values))
        }
    }

    @Test("the rows add up to the report: impressions, distinct sections, sessions per policy, and sessions impressed per section")
    func rowsEqualTheReport() async throws {
        let directory = try temporaryDirectory()
        let rowsPath = directory + "/rows.csv", sectionsPath = directory + "/sections.csv"
        let result = await impressions(arguments: Self.run + ["--json", "--impressions-out", rowsPath, "--sections-out", sectionsPath])
        #expect(result.status == 0, "\(result.error)")
        let rows = try Self.csvRows(rowsPath)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let policies = try #require(report["policies"] as? [[String: Any]])
        #expect(policies.count == 4 && rows.count > 100)
        for policy in policies {
            let name = try #require(policy["name"] as? String)
            let own = rows.filter { $0["policy"] == name }
            #expect(own.count == policy["impressions"] as? Int, "\(name)")
            #expect(own.allSatisfy { $0["fingerprint"] == policy["fingerprint"] as? String }, "\(name)")
            let sectionsPerSession = Set(own.map { [$0["session"]!, $0["section"]!] }).count
            #expect(sectionsPerSession == policy["distinctSections"] as? Int, "\(name)")
            #expect(Set(own.map { $0["session"]! }).count == policy["sessionsWithImpressions"] as? Int, "\(name)")
        }
        // Per section and policy, the sessions impressed: the per-section CSV's column.
        let sections = try Self.csvRows(sectionsPath)
        var impressed: [[String]: Set<String>] = [:]
        for row in rows { impressed[[row["section"]!, row["policy"]!], default: []].insert(row["session"]!) }
        var checked = 0
        for section in sections {
            let key = [section["section"]!, section["policy"]!]
            #expect(Int(section["impressed"]!) == impressed[key]?.count ?? 0, "\(key)")
            if impressed[key] != nil { checked += 1 }
        }
        #expect(checked == impressed.count && checked > 50)
        // One row per id, and each id is the hash of the row's own fields.
        #expect(Set(rows.map { $0["id"]! }).count == rows.count)
        let policyOf = Dictionary(uniqueKeysWithValues: zip(policies.map { $0["name"] as! String },
                                                            try SimulateOptions.parse(Array(Self.run.dropFirst())).effectivePolicies))
        for row in rows.prefix(50) {
            let impression = Impression(sectionID: row["section"]!, time: .zero, visibleRatio: 0, visibleDuration: .zero,
                                        visit: Int(row["visit"]!)!, sample: Int(row["sample"]!)!, session: row["session"]!,
                                        policyDefinition: policyOf[row["policy"]!]!.policy)
            #expect(impression.id == row["id"]!)
        }
    }

    @Test("the same bytes on one worker and on three; shards' rows together are the run's; loaded twice, one row per id is one load")
    func workersShardsAndDuplicates() async throws {
        let directory = try temporaryDirectory()
        let one = directory + "/one.jsonl", three = directory + "/three.jsonl"
        #expect(await impressions(arguments: Self.run + ["--workers", "1", "--impressions-out", one]).status == 0)
        #expect(await impressions(arguments: Self.run + ["--workers", "3", "--impressions-out", three]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: one))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: three))) && bytes.count > 10_000)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        var shardLines: [String] = []
        for shard in [2, 0, 1] {
            let path = directory + "/shard-\(shard).jsonl"
            #expect(await impressions(arguments: Self.run + ["--shard", "\(shard)/3", "--impressions-out", path]).status == 0)
            shardLines += try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(shardLines.count == lines.count && shardLines.sorted() == lines.sorted())
        // A retried upload: every row twice, in another order; keeping one row per id gives the run's rows.
        var byID: [String: String] = [:]
        for line in (lines + shardLines.reversed()) {
            let id = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as! String
            if let kept = byID[id] { #expect(kept == line) } else { byID[id] = line }
        }
        #expect(byID.count == lines.count)
    }

    @Test("a run's traces re-measured (simulate --traces, replay) give the simulated rows, id for id, signals included")
    func reMeasuredTracesGiveTheSimulatedRows() async throws {
        let directory = try temporaryDirectory()
        let simulated = directory + "/simulated.csv", remeasured = directory + "/remeasured.csv"
        let run = Self.run + ["--signals"]
        #expect(await impressions(arguments: run + ["--impressions-out", simulated, "--trace-out", directory + "/traces"]).status == 0)
        let traces = directory + "/traces"
        let policies = Array(Self.run.dropFirst(9))
        let result = await impressions(arguments: ["simulate", "--traces", traces, "--signals", "--workers", "2",
                                                   "--impressions-out", remeasured] + policies)
        #expect(result.status == 0, "\(result.error)")
        let simulatedLines = try String(contentsOfFile: simulated, encoding: .utf8).split(separator: "\n")
        let remeasuredLines = try String(contentsOfFile: remeasured, encoding: .utf8).split(separator: "\n")
        #expect(simulatedLines.first?.hasSuffix(",mean_scroll_speed") == true)
        #expect(simulatedLines.count > 100 && simulatedLines.sorted() == remeasuredLines.sorted())
        // Trace by trace, replay writes the same rows.
        var replayed: [Substring] = []
        for index in 0..<12 {
            let path = directory + "/replay-\(index).csv"
            let trace = traces + "/session-" + String(format: "%06d", index) + ".jsonl"
            let replay = await impressions(arguments: ["replay", trace, "--signals", "--impressions-out", path] + policies)
            #expect(replay.status == 0, "\(replay.error)")
            replayed += try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        }
        #expect(replayed.sorted() == simulatedLines.dropFirst().sorted())
    }

    @Test("a name of no format is a usage error (status 2) naming it; a path that cannot be written fails before the run, naming it")
    func badPaths() async throws {
        for command in [["simulate", "--sessions", "2"], ["simulate", "--traces", "docs/trace-example.jsonl"], ["replay", "x.jsonl"]] {
            let result = await impressions(arguments: command + ["--impressions-out", "rows.parquet"])
            #expect(result.status == 2 && result.error.contains("'rows.parquet' for --impressions-out"), "\(result.error)")
        }
        let directory = try temporaryDirectory()
        let missing = directory + "/no-such-directory/rows.csv"
        let trace = try temporaryFile("{\"format\":\"impressions-trace\",\"version\":1,\"sampleIntervalMs\":100}\n{\"t\":1000,\"type\":\"end\"}\n")
        for command in [["simulate", "--sessions", "2"], ["simulate", "--traces", trace], ["replay", trace]] {
            let result = await impressions(arguments: command + ["--impressions-out", missing])
            #expect(result.status == 1 && result.output.isEmpty && result.error.contains("cannot write \(missing)"), "\(result.error)")
        }
        let refused = await impressions(arguments: ["simulate", "--feed", "docs/ab/ad-at-3.json", "--feed", "docs/ab/ad-at-5.json",
                                                    "--impressions-out", directory + "/ab.csv"])
        #expect(refused.status == 2 && refused.error.contains("--impressions-out with two --feed files"), "\(refused.error)")
    }

    /// The names in `directory`, hidden ones included, sorted.
    static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test("a --traces run or a replay that stops on a bad trace leaves no rows file, and one already there as it was")
    func failedRunLeavesNoRows() async throws {
        let directory = try temporaryDirectory()
        let traces = directory + "/traces", out = directory + "/out"
        #expect(await impressions(arguments: Self.run + ["--trace-out", traces]).status == 0)
        // Last in name order, so the good traces before it have been counted and their rows made.
        let bad = traces + "/session-999999.jsonl"
        try Data("{\"format\":\"impressions-trace\",\"version\":1,\"sampleIntervalMs\":100}\n{\"t\":100,\"type\":\"bogus\"}\n".utf8)
            .write(to: URL(fileURLWithPath: bad))
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let rows = out + "/rows.csv"
        let policies = Array(Self.run.dropFirst(9))
        for workers in ["1", "3"] {
            let failed = await impressions(arguments: ["simulate", "--traces", traces, "--workers", workers,
                                                       "--impressions-out", rows] + policies)
            #expect(failed.status == 1 && failed.error.contains("session-999999.jsonl"), "\(failed.error)")
            #expect(try Self.names(in: out).isEmpty)
        }
        let replay = await impressions(arguments: ["replay", bad, "--impressions-out", rows])
        #expect(replay.status == 1 && replay.error.contains("session-999999.jsonl"), "\(replay.error)")
        #expect(try Self.names(in: out).isEmpty)
        // A file of an earlier run is left as it was, and nothing is left beside it.
        try Data("earlier rows\n".utf8).write(to: URL(fileURLWithPath: rows))
        let again = await impressions(arguments: ["simulate", "--traces", traces, "--impressions-out", rows] + policies)
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: rows, encoding: .utf8) == "earlier rows\n" && Self.names(in: out) == ["rows.csv"])
        // Leaving the bad trace out, the run ends well: its rows replace the file, and nothing else is there.
        let kept = await impressions(arguments: ["simulate", "--traces", traces, "--keep-going", "--impressions-out", rows] + policies)
        #expect(kept.status == 0, "\(kept.error)")
        let written = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
        #expect(written.first?.hasPrefix("id,session,section,policy,fingerprint") == true && written.count > 100)
        #expect(try Self.names(in: out) == ["rows.csv"])
        // Readable by all, as the file was when written in place.
        let permissions = try FileManager.default.attributesOfItem(atPath: rows)[.posixPermissions] as? Int
        #expect(permissions == 0o644)
    }

    @Test("replay --snapshot-at with --impressions-out is a usage error (status 2) naming both; no file is made")
    func snapshotWithRows() async throws {
        let directory = try temporaryDirectory()
        let rows = directory + "/rows.jsonl"
        let result = await impressions(arguments: ["replay", "docs/trace-example.jsonl", "--snapshot-at", "1.5s",
                                                   "--impressions-out", rows])
        #expect(result.status == 2 && result.output.isEmpty, "\(result.error)")
        #expect(result.error.contains("--impressions-out '\(rows)' with --snapshot-at 1.5"), "\(result.error)")
        #expect(try Self.names(in: directory).isEmpty)
        // Each alone runs.
        #expect(await impressions(arguments: ["replay", "docs/trace-example.jsonl", "--snapshot-at", "1.5s"]).status == 0)
        #expect(await impressions(arguments: ["replay", "docs/trace-example.jsonl", "--impressions-out", rows]).status == 0)
        #expect(try Self.names(in: directory) == ["rows.jsonl"])
    }
}

/// The row's two formats: the same columns and values, CSV quoted where a value needs it.
@Suite("Impression row formats")
struct ImpressionRowFormatTests {
    @Test("CSV and JSON lines of awkward values, with and without signals")
    func formats() {
        let policy = ImpressionPolicy.default
        let impression = Impression(sectionID: "a,\"b\"\n", time: .milliseconds(1200), visibleRatio: 0.25,
                                    visibleDuration: .nanoseconds(1_016_666_667), visit: 2, sample: 12, session: nil,
                                    policyDefinition: policy)
        let row = ImpressionRow(impression, policyName: "my policy")
        #expect(ImpressionRow.Format.csv.header(signals: false)
                == "id,session,section,policy,fingerprint,sample,time_ms,visit,visible_ratio,visible_ms\n")
        #expect(ImpressionRow.Format.csv.line(row, signals: false)
                == "\(impression.id),,\"a,\"\"b\"\"\n\",my policy,\(policy.fingerprint),12,1200,2,0.25,1016.666667\n")
        #expect(ImpressionRow.Format.jsonLines.line(row, signals: false)
                == "{\"id\":\"\(impression.id)\",\"session\":null,\"section\":\"a,\\\"b\\\"\\n\",\"policy\":\"my policy\","
                + "\"fingerprint\":\"\(policy.fingerprint)\",\"sample\":12,\"time_ms\":1200,\"visit\":2,"
                + "\"visible_ratio\":0.25,\"visible_ms\":1016.666667}\n")
        // A row without signals in a file with them: the columns are there, empty.
        #expect(ImpressionRow.Format.csv.line(row, signals: true).hasSuffix("1016.666667,,,,,,,,,\n"))
        #expect(ImpressionRow.Format.csv.header(signals: true).split(separator: ",").count == 19)
        #expect(ImpressionRow.Format(path: "a/b.CSV") == .csv && ImpressionRow.Format(path: "x.ndjson") == .jsonLines
                && ImpressionRow.Format(path: "x.json") == nil && ImpressionRow.Format(path: "csv") == nil)
    }
}
