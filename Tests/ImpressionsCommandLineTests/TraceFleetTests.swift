import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// `simulate --traces` over the edges a real collection of uploads has: copies, cut
/// lines, gaps, paths that do not exist, directories of other files, a stream.
@Suite("a fleet run counts each session once and says what it read", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct TraceFleetTests {
    /// Three sessions' traces as `--trace-out` writes them (no session id), line by line.
    static func traces() async throws -> [[String]] {
        try await recording.value
    }

    // Simulated once per test process, on the suite's threads: every test here starts
    // from these lines.
    private static let recording = Task(executorPreference: OwnThreadsExecutor.current) {
        let directory = try temporaryDirectory()
        let written = await impressions(arguments: ["simulate", "--sessions", "3", "--sections", "100", "--seconds", "20",
                                                    "--seed", "5", "--trace-out", directory])
        guard written.status == 0 else { throw SimulateTracesTests.RecordingFailed(error: written.error) }
        // The simulator names each trace's session: without it, copies are known by their lines.
        return try FileAccess.files(in: directory, endingIn: "jsonl").map {
            let lines = try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init)
            return [lines[0].replacingOccurrences(of: #""session":"[^"]*","#, with: "", options: .regularExpression)] + lines.dropFirst()
        }
    }

    static func write(_ lines: [String], to path: String, newlineAtEnd: Bool = true) throws {
        try Data((lines.joined(separator: "\n") + (newlineAtEnd ? "\n" : "")).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `lines` with a `session` in the header.
    static func named(_ session: String, _ lines: [String]) -> [String] {
        [lines[0].replacingOccurrences(of: #"{"format""#, with: #"{"session":"\#(session)","format""#)] + lines.dropFirst()
    }

    static func json(_ output: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// The report's figures of the sessions, without what says where they came from.
    static func figures(_ output: String) throws -> NSDictionary {
        NSDictionary(dictionary: try json(output).filter { ["policies", "sessions", "sessionSeconds"].contains($0.key) })
    }

    @Test("one file named twice, or reached twice through its directory, is read once and listed")
    func pathsNamedTwice() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        for (index, lines) in traces.enumerated() { try Self.write(lines, to: "\(directory)/s\(index).jsonl") }
        let once = await impressions(arguments: ["simulate", "--traces", directory, "--json"])
        for arguments in [[directory + "/s0.jsonl", directory + "/s0.jsonl", directory + "/s1.jsonl", directory + "/s2.jsonl"],
                          [directory, directory + "/s0.jsonl"], [directory, directory + "/../" + URL(fileURLWithPath: directory).lastPathComponent]] {
            let run = await impressions(arguments: ["simulate", "--traces"] + arguments + ["--json"])
            #expect(run.status == 0, "\(run.error)")
            #expect(try Self.figures(run.output) == Self.figures(once.output), "\(arguments)")
            let read = try #require(try Self.json(run.output)["traces"] as? [String: Any])
            #expect(read["read"] as? Int == 3)
            #expect((read["repeatedPaths"] as? [String])?.isEmpty == false)
        }
    }

    @Test("copies without a session id are known by their lines: one counts, each other is listed with the one it copies")
    func copiesByContent() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        try Self.write(traces[0], to: directory + "/a.jsonl")
        try Self.write(traces[1], to: directory + "/b.jsonl")
        try Self.write(traces[0], to: directory + "/c-copy-of-a.jsonl")
        // The same lines written with CRLF are the same trace.
        try Data((traces[0].map { $0 + "\r\n" }.joined()).utf8).write(to: URL(fileURLWithPath: directory + "/d-crlf.jsonl"))
        let run = await impressions(arguments: ["simulate", "--traces", directory, "--json"])
        #expect(run.status == 0, "\(run.error)")
        let read = try #require(try Self.json(run.output)["traces"] as? [String: Any])
        #expect(try Self.json(run.output)["sessions"] as? Int == 2)
        let duplicates = [
            ["trace": directory + "/c-copy-of-a.jsonl", "copyOf": directory + "/a.jsonl"],
            ["trace": directory + "/d-crlf.jsonl", "copyOf": directory + "/a.jsonl"],
        ]
        #expect(read["duplicates"] as? [[String: String]] == duplicates)
        // A whole run finds these copies as it counts; a shard reads every trace's lines
        // before it counts its slice: the same copies.
        var shardSessions = 0
        var shardDuplicates: [[String: String]] = []
        for index in 0..<2 {
            let shard = await impressions(arguments: ["simulate", "--traces", directory, "--json", "--shard", "\(index)/2"])
            #expect(shard.status == 0, "\(shard.error)")
            shardSessions += try Self.json(shard.output)["sessions"] as? Int ?? 0
            shardDuplicates += (try Self.json(shard.output)["traces"] as? [String: Any])?["duplicates"] as? [[String: String]] ?? []
        }
        #expect(shardSessions == 2)
        #expect(shardDuplicates.sorted { $0["trace"]! < $1["trace"]! } == duplicates)
        let table = await impressions(arguments: ["simulate", "--traces", directory])
        #expect(table.output.contains("traces: 4 read, 2 copies left out"))
        #expect(table.output.contains("left out as copies of a session counted (2):\n  \(directory)/c-copy-of-a.jsonl: a copy of \(directory)/a.jsonl"))
    }

    @Test("traces without a session id that differ in one byte, anywhere in a line, or by a line, are not copies")
    func almostCopiesByContent() async throws {
        let original = try await Self.traces()[0]
        let directory = try temporaryDirectory()
        /// `original` with the byte at `offset` of line `line` changed: the same length.
        func changed(line: Int, at offset: Int) -> [String] {
            var lines = original
            var bytes = Array(lines[line].utf8)
            bytes[offset] ^= 0x01
            lines[line] = String(decoding: bytes, as: UTF8.self)
            return lines
        }
        // A line whose last bytes do not fill a word of eight.
        let ragged = try #require(original.indices.dropFirst().first { original[$0].utf8.count % 8 != 0 })
        let variants: [[String]] = [
            original,
            changed(line: ragged, at: 1),  // in a line's first eight bytes
            changed(line: ragged, at: 9),  // in its second eight
            changed(line: ragged, at: original[ragged].utf8.count - 1),  // in its last few
            original + [""],  // a blank line more
        ]
        for (index, lines) in variants.enumerated() { try Self.write(lines, to: "\(directory)/v\(index).jsonl") }
        let run = await impressions(arguments: ["simulate", "--traces", directory, "--json", "--keep-going"])
        #expect(run.status == 0, "\(run.error)")
        let read = try #require(try Self.json(run.output)["traces"] as? [String: Any])
        #expect(read["read"] as? Int == variants.count)
        #expect((read["duplicates"] as? [[String: String]] ?? []).isEmpty, "\(read)")
    }

    @Test("of copies of one session the most complete counts, whatever their order, with --keep-going or not, from files or a stream",
          arguments: [false, true])
    func mostCompleteCopyCounts(keepGoing: Bool) async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        let full = Self.named("s-1", traces[0])
        try Self.write(full, to: directory + "/full.jsonl")
        // A bad first upload (a line no reader knows), and one cut short (no end line).
        try Self.write(Array(full.prefix(3)) + [#"{"t":1,"type":"bogus"}"#] + full.dropFirst(3), to: directory + "/bad.jsonl")
        try Self.write(Array(full.prefix(full.count / 2)), to: directory + "/cut.jsonl")
        try Self.write(traces[1], to: directory + "/other.jsonl")
        let alone = await impressions(arguments: ["simulate", "--traces", directory + "/full.jsonl", directory + "/other.jsonl", "--json"])
        #expect(alone.status == 0)
        let flag = keepGoing ? ["--keep-going"] : []
        for order in [["bad", "full"], ["full", "bad"], ["cut", "full"], ["full", "cut"], ["bad", "cut", "full"], ["cut", "full", "bad"]] {
            let paths = order.map { "\(directory)/\($0).jsonl" } + [directory + "/other.jsonl"]
            let run = await impressions(arguments: ["simulate", "--traces"] + paths + ["--json"] + flag)
            #expect(run.status == 0, "\(order): \(run.error)")
            #expect(try Self.figures(run.output) == Self.figures(alone.output), "\(order)")
            let read = try #require(try Self.json(run.output)["traces"] as? [String: Any])
            let copies = try #require(read["duplicates"] as? [[String: String]])
            #expect(Set(copies.map { $0["trace"]! }) == Set(order.filter { $0 != "full" }.map { "\(directory)/\($0).jsonl" }))
            #expect(copies.allSatisfy { $0["copyOf"] == directory + "/full.jsonl" })
            #expect((read["leftOut"] as? [Any])?.isEmpty == true && (read["cutShort"] as? [Any])?.isEmpty == true)

            let stream = try temporaryFile(try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined())
            let streamed = try await SimulateTracesTests.simulate(standardInput: stream, ["--json"] + flag)
            #expect(streamed.status == 0, "\(order): \(streamed.error)")
            #expect(try Self.figures(streamed.output) == Self.figures(alone.output), "\(order) on standard input")
        }
    }

    @Test("a run that counts nothing, or names a path that does not exist, fails naming why, with --keep-going too",
          arguments: [false, true])
    func nothingIsNotAResult(keepGoing: Bool) async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        try Self.write(traces[0], to: directory + "/good.jsonl")
        try Self.write(Array(traces[1].prefix(2)) + ["{not json"] + traces[1].dropFirst(2), to: directory + "/bad.jsonl")
        let flag = keepGoing ? ["--keep-going"] : []
        let missing = await impressions(arguments: ["simulate", "--traces", directory + "/good.jsonl", directory + "/nope.jsonl"] + flag)
        #expect(missing.status == 1 && missing.output.isEmpty)
        #expect(missing.error == "impressions simulate: \(directory)/nope.jsonl: no such file or directory\n")
        let allBad = await impressions(arguments: ["simulate", "--traces", directory + "/bad.jsonl"] + flag)
        #expect(allBad.status == 1 && allBad.output.isEmpty)
        #expect(allBad.error.hasPrefix(keepGoing
            ? "impressions simulate: no session counted (traces: 1 read, 1 left out (--keep-going)): \(directory)/bad.jsonl: line 3: malformed JSON"
            : "impressions simulate: \(directory)/bad.jsonl: line 3: malformed JSON"), "\(allBad.error)")
        let sweep = await impressions(arguments: ["sweep", "--traces", directory + "/bad.jsonl"] + flag)
        #expect(sweep.status == 1 && sweep.output.isEmpty, "\(sweep.error)")
    }

    @Test("a last line cut mid-line is a file cut off: counted to the line before, and said where")
    func lastLineCutMidLine() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        let lines = traces[0]
        let whole = Array(lines.prefix(lines.count - 2))
        try Self.write(whole, to: directory + "/whole.jsonl")
        let cutLine = String(lines[lines.count - 2].prefix(7))
        try Self.write(whole + [cutLine], to: directory + "/cut.jsonl", newlineAtEnd: false)
        for flag in [[String](), ["--keep-going"]] {
            let cut = await impressions(arguments: ["simulate", "--traces", directory + "/cut.jsonl", "--json"] + flag)
            #expect(cut.status == 0, "\(cut.error)")
            let expected = await impressions(arguments: ["simulate", "--traces", directory + "/whole.jsonl", "--json"])
            #expect(try Self.figures(cut.output) == Self.figures(expected.output))
            let read = try #require(try Self.json(cut.output)["traces"] as? [String: Any])
            #expect(read["cutShort"] as? [[String: String]] == [[
                "trace": directory + "/cut.jsonl",
                "reason": "line \(lines.count - 1) is cut off mid-line: counted to line \(lines.count - 2)",
            ]])
        }
        // `replay` reads it so too, with --keep-going or not.
        let replayedWhole = await impressions(arguments: ["replay", directory + "/whole.jsonl"])
        for flag in [[String](), ["--keep-going"]] {
            let replayed = await impressions(arguments: ["replay", directory + "/cut.jsonl"] + flag)
            #expect(replayed.status == 0 && replayed.output == replayedWhole.output, "\(replayed.error)")
            #expect(replayed.error.hasPrefix("impressions replay: \(directory)/cut.jsonl: line \(lines.count - 1) is cut off mid-line: "
                + "the session was cut short (a file cut off while written), replayed to line \(lines.count - 2)"), "\(replayed.error)")
            #expect(!replayed.error.contains("skipped"))
        }
        // The same bad line ended by a newline is a bad line, not a cut.
        try Self.write(whole + [cutLine], to: directory + "/bad.jsonl")
        let bad = await impressions(arguments: ["simulate", "--traces", directory + "/bad.jsonl"])
        #expect(bad.status == 1 && bad.error.contains("bad.jsonl: line \(lines.count - 1): malformed JSON"), "\(bad.error)")
    }

    @Test("a gap line stops the session there and says what it lost; with --keep-going the run reads on past it, as replay does")
    func gapLines() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        let lines = traces[0]
        let time = SimulateTracesTests.time(of: lines[20])
        let gapped = Array(lines.prefix(21)) + [#"{"t":\#(time),"type":"gap","lines":8}"#] + lines.dropFirst(21)
        try Self.write(gapped, to: directory + "/gap.jsonl")
        let stopped = await impressions(arguments: ["simulate", "--traces", directory + "/gap.jsonl", "--json"])
        #expect(stopped.status == 0, "\(stopped.error)")
        let stoppedRead = try #require(try Self.json(stopped.output)["traces"] as? [String: Any])
        #expect(stoppedRead["cutShort"] as? [[String: String]] == [[
            "trace": directory + "/gap.jsonl", "reason": "line 22: 8 lines lost while recording (a gap): counted to line 21",
        ]])
        let readOn = await impressions(arguments: ["simulate", "--traces", directory + "/gap.jsonl", "--json", "--keep-going"])
        let replayed = await impressions(arguments: ["replay", directory + "/gap.jsonl", "--keep-going"])
        let readOnReport = try Self.json(readOn.output)
        let policies = try #require(readOnReport["policies"] as? [[String: Any]])
        let replayedDefault = replayed.output.split(separator: "\n").filter { $0.contains(#""policy":"default""#) }.count
        #expect(policies.first?["impressions"] as? Int == replayedDefault && replayedDefault > 0)
        let read = try #require(readOnReport["traces"] as? [String: Any])
        #expect((read["cutShort"] as? [Any])?.isEmpty == true)
        #expect(read["readPastGaps"] as? [[String: String]] == [["trace": directory + "/gap.jsonl", "reason": "a gap at line 22: 8 lines lost"]])
    }

    @Test("directories are read with their subdirectories, in name order; other files are skipped and counted; a .gz says to pipe it")
    func directories() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/day/b-later", withIntermediateDirectories: true)
        try Self.write(traces[0], to: directory + "/day/a.jsonl")
        try Self.write(traces[1], to: directory + "/day/b-later/c.jsonl")
        try Self.write(traces[2], to: directory + "/day/z.JSONL")
        try Self.write(["{}"], to: directory + "/day/notes.json")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x0A, 0x41]).write(to: URL(fileURLWithPath: directory + "/day/d.jsonl.gz"))
        let run = await impressions(arguments: ["simulate", "--traces", directory + "/day", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let files = await impressions(arguments: ["simulate", "--traces", directory + "/day/a.jsonl", directory + "/day/b-later/c.jsonl", "--json"])
        #expect(try Self.figures(run.output) == Self.figures(files.output))
        let read = try #require(try Self.json(run.output)["traces"] as? [String: Any])
        #expect(read["skippedFiles"] as? [String] == ["day/d.jsonl.gz", "day/notes.json", "day/z.JSONL"].map { directory + "/" + $0 })
        let table = await impressions(arguments: ["simulate", "--traces", directory + "/day"])
        #expect(table.output.contains("traces: 2 read, 3 other files skipped"))
        #expect(table.output.contains("zcat DIR/*.gz | impressions simulate --traces -"))

        let named = await impressions(arguments: ["simulate", "--traces", directory + "/day/d.jsonl.gz"])
        #expect(named.status == 1 && named.error == "impressions simulate: \(directory)/day/d.jsonl.gz: compressed (gzip): read it from "
            + "standard input: zcat \(directory)/day/d.jsonl.gz | impressions simulate --traces -\n")
    }

    @Test("on standard input, a line is numbered as its trace's, with the stream's beside it")
    func streamLineNumbers() async throws {
        let traces = try await Self.traces()
        let second = Array(traces[1].prefix(4)) + [#"{"t":5,"type":"bogus"}"#] + traces[1].dropFirst(4)
        let stream = try temporaryFile((traces[0] + second).map { $0 + "\n" }.joined())
        let run = try await SimulateTracesTests.simulate(standardInput: stream, [])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("impressions simulate: standard input, trace 2: line 5 (line \(traces[0].count + 5) of the stream): "
            + "unknown event type 'bogus'"), "\(run.error)")

        // A line past the limit, whose bytes the stream drops, is numbered so too.
        let long = #"{"t":5,"type":"viewport","rect":[0,0,390,844],"pad":""# + String(repeating: "x", count: 5_000) + #""}"#
        let third = Array(traces[2].prefix(3)) + [long] + traces[2].dropFirst(3)
        let longStream = try temporaryFile((traces[0] + traces[1] + third).map { $0 + "\n" }.joined())
        let refused = try await SimulateTracesTests.simulate(standardInput: longStream, ["--max-line-bytes", "4096"])
        #expect(refused.status == 1)
        #expect(refused.error == "impressions simulate: standard input, trace 3: line 4 (line \(traces[0].count + traces[1].count + 4) "
            + "of the stream): the line is longer than the limit of 4096 bytes (--max-line-bytes)\n", "\(refused.error)")
    }

    @Test("a run cancelled before every trace is read fails and reports nothing, rather than a count of the traces it reached")
    func cancelledRun() async throws {
        let traces = try await Self.traces()
        let directory = try temporaryDirectory()
        // Twenty sessions, so that one worker reads them in several chunks and a cancel
        // stops it after the first.
        for index in 0..<20 { try Self.write(Self.named("s\(index)", traces[index % 3]), to: "\(directory)/s\(index).jsonl") }
        for command in ["simulate", "sweep"] {
            // On the suite's threads, as every other run here: the cooperative pool is busy.
            let run = await Task(executorPreference: OwnThreadsExecutor.current) {
                withUnsafeCurrentTask { $0?.cancel() }
                return await impressions(arguments: [command, "--traces", directory, "--workers", "1", "--json"])
            }.value
            #expect(run.status == 1, "\(command): \(run.output)")
            #expect(run.output.isEmpty, "\(command)")
            #expect(run.error == "impressions \(command): cancelled before every trace was read: nothing is reported\n", "\(command)")
        }
    }
}
