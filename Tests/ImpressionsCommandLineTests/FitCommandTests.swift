import Foundation
@testable import ImpressionSimulation
import ImpressionsCommandLine
import Testing

@Suite("impressions fit and simulate --users")
struct FitCommandTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/users-example.json").path

    @Test("traces simulated from a users file are fitted back to it; the fit runs simulate as it is")
    func fitWhatSimulateWrote() async throws {
        let directory = try temporaryDirectory()
        let simulated = await impressions("simulate", "--users", Self.example, "--sessions", "60", "--seconds", "10m",
                                          "--sections", "1000", "--seed", "5", "--trace-out", directory)
        #expect(simulated.status == 0)
        let paths = try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }
        #expect(paths.count == 60)
        let fitted = await impressions(arguments: ["fit"] + paths)
        #expect(fitted.status == 0, "\(fitted.error)")
        #expect(fitted.error.hasPrefix("fitted 60 traces ("))
        #expect(fitted.error.contains("medianFlingSpeed             from "))
        let model = try UserFile.decode(Array(fitted.output.utf8))
        let truth = try UserFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: Self.example))))
        #expect(model.frameRate == 120)
        #expect(abs(model.medianFlingSpeed / truth.medianFlingSpeed - 1) < 0.06)
        #expect(abs(model.meanReadingPause.inSeconds / truth.meanReadingPause.inSeconds - 1) < 0.1)
        let length = try #require(model.sessionLength)
        #expect(abs(length.median.inSeconds / 45 - 1) < 0.25)
        // The fitted file is a users file simulate reads as it is.
        let users = try temporaryFile(fitted.output, name: "users.json")
        let rerun = await impressions("simulate", "--users", users, "--sessions", "20", "--sections", "300")
        #expect(rerun.status == 0 && rerun.output.hasPrefix("20 sessions of up to 60 s (log-normal, median "), "\(rerun.output.prefix(80))")
    }

    @Test("simulate --users prints the same bytes on any number of workers")
    func usersDeterministic() async {
        let run = ["simulate", "--users", Self.example, "--sessions", "40", "--sections", "400", "--seconds", "5m", "--json"]
        let one = await impressions(arguments: run + ["--workers", "1"])
        let four = await impressions(arguments: run + ["--workers", "4"])
        #expect(one.status == 0 && one.output == four.output)
        let builtIn = await impressions(arguments: ["simulate", "--sessions", "40", "--sections", "400", "--seconds", "5m", "--json"])
        #expect(builtIn.output != one.output)
    }

    @Test("a bad users file fails with status 1, naming the file and the key")
    func badUsersFile() async throws {
        let path = try temporaryFile(#"{"format": "impressions-users", "version": 1, "frameRate": 0}"#, name: "users.json")
        let run = await impressions("simulate", "--users", path)
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.error == "impressions simulate: \(path): frameRate: must be in 1...1000, got 0.0\n")
    }

    @Test("a bad trace line stops fit with its number and nothing on standard output; --keep-going skips it")
    func badTrace() async throws {
        let directory = try temporaryDirectory()
        _ = await impressions("simulate", "--sessions", "3", "--seconds", "2m", "--sections", "300", "--trace-out", directory)
        let good = directory + "/session-000000.jsonl"
        var lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines[5] = #"{"t": "soon", "type": "viewport"}"#
        let bad = try temporaryFile(lines.joined(separator: "\n"), name: "bad.jsonl")
        let stopped = await impressions("fit", directory + "/session-000001.jsonl", bad)
        #expect(stopped.status == 1 && stopped.output.isEmpty)
        #expect(stopped.error.hasPrefix("impressions fit: \(bad): line 6: "), "\(stopped.error)")
        let skipped = await impressions("fit", directory + "/session-000001.jsonl", bad, directory + "/session-000002.jsonl",
                                        "--keep-going")
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(skipped.error.contains("skipped 1 bad line (--keep-going):\n  line 6: "))
    }

    @Test("too few flings: status 1, saying what was found")
    func tooLittle() async throws {
        let directory = try temporaryDirectory()
        _ = await impressions("simulate", "--sessions", "1", "--seconds", "5", "--sections", "300", "--trace-out", directory)
        let run = await impressions("fit", directory + "/session-000000.jsonl")
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.error.hasPrefix("impressions fit: found "), "\(run.error)")
    }

    @Test("usage errors: status 2", arguments: [["fit"], ["fit", "-", "-"], ["fit", "a.jsonl", "--bogus"]])
    func usage(arguments: [String]) async {
        let run = await impressions(arguments: arguments)
        #expect(run.status == 2 && run.output.isEmpty && run.error.hasPrefix("impressions fit: "), "\(run.error)")
    }
}
