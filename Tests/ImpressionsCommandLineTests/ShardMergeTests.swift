import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

@Suite("Shards: simulate --shard i/n, then merge, prints exactly what one run prints")
struct ShardMergeTests {
    static let run = ["--sessions", "23", "--sections", "250", "--seconds", "20", "--seed", "4",
                      "--policy", "default", "--policy", "sarah,name=SARAH", "--policy", "ratio=80%,measure=area"]

    /// Runs every shard of `count`, writes each output to a file, returns the paths.
    static func shardFiles(count: Int, arguments: [String] = run) async throws -> [String] {
        let directory = try temporaryDirectory()
        var paths: [String] = []
        for index in 0..<count {
            let result = await impressions(arguments: ["simulate"] + arguments + ["--shard", "\(index)/\(count)", "--workers", "\(1 + index % 3)"])
            #expect(result.status == 0, "\(result.error)")
            let path = directory + "/part-\(index).json"
            try Data(result.output.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    @Test("merged shards equal the single run, byte for byte, in any order, per-section CSV included",
          arguments: [1, 2, 4, 7])
    func mergeEqualsSingleRun(count: Int) async throws {
        let directory = try temporaryDirectory()
        let single = await impressions(arguments: ["simulate"] + Self.run + ["--json", "--sections-out", directory + "/single.csv"])
        #expect(single.status == 0)
        let paths = try await Self.shardFiles(count: count)
        let merged = await impressions(arguments: ["merge"] + paths.reversed() + ["--sections-out", directory + "/merged.csv"])
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output == single.output)
        let singleCSV = try String(contentsOfFile: directory + "/single.csv", encoding: .utf8)
        #expect(try String(contentsOfFile: directory + "/merged.csv", encoding: .utf8) == singleCSV)
        // The sections the shards counted are the run's: deep ones and untouched ones.
        #expect(singleCSV.split(separator: "\n").count == 1 + 250 * 3)
        #expect(singleCSV.contains(",23,0,0,,"))
    }

    @Test("merge --report writes the one run's page, without a command line, from the shards in any order")
    func mergeReport() async throws {
        let directory = try temporaryDirectory()
        let paths = try await Self.shardFiles(count: 3)
        let merged = await impressions(arguments: ["merge"] + paths.reversed() + ["--report", directory + "/merged.html"])
        #expect(merged.status == 0, "\(merged.error)")
        let single = try Simulation(configuration: SimulateOptions.parse(Self.run).configuration).runSerially()
        let page = try String(contentsOfFile: directory + "/merged.html", encoding: .utf8)
        #expect(page == single.html())
        #expect(page.contains("SARAH") && !page.contains("impressions simulate"))
        let simulated = await impressions(arguments: ["simulate"] + Self.run + ["--shard", "0/3", "--report", directory + "/x.html"])
        #expect(simulated.status == 2 && simulated.error.contains("'impressions merge --report'"))
    }

    @Test("merge reads --sections-out anywhere, and refuses other options")
    func mergeOptions() throws {
        let options = try MergeOptions.parse(["a.json", "--sections-out=s.csv", "b.json", "--report", "r.html"])
        #expect(options.paths == ["a.json", "b.json"] && options.sectionsOutPath == "s.csv" && options.reportPath == "r.html")
        #expect(throws: CommandLineError(subcommand: "merge", "unknown option '--json'")) {
            try MergeOptions.parse(["a.json", "--json"])
        }
        #expect(throws: CommandLineError(subcommand: "merge", "missing the shard summaries to merge")) {
            try MergeOptions.parse(["--sections-out", "s.csv"])
        }
    }

    @Test("the arguments a trace's source records read back as the same run, odd session lengths included")
    func canonicalArguments() throws {
        for seconds in ["60", "0.000001", "1.5m", "86400", "0.0333"] {
            let options = try SimulateOptions.parse(Self.run + ["--seconds", seconds, "--layout", "feed", "--shard", "1/2"])
            let again = try SimulateOptions.parse(options.canonicalArguments)
            #expect(again.configuration == options.configuration, "\(seconds)")
        }
    }

    @Test("--shard reads i/n, 0 <= i < n <= 100000")
    func shardParsing() {
        #expect(Shard(parsing: "0/4") == Shard(index: 0, count: 4))
        for bad in ["4/4", "-1/4", "1/0", "a/b", "1", "1/2/3", " 1/2", "1/100001"] { #expect(Shard(parsing: bad) == nil, "\(bad)") }
    }

    @Test("a missing, repeated or foreign shard, or a file that is not one, is refused with its name")
    func refused() async throws {
        let paths = try await Self.shardFiles(count: 3)
        let missing = await impressions(arguments: ["merge", paths[0], paths[2]])
        #expect(missing.status == 1 && missing.output.isEmpty && missing.error.contains("missing shard 1/3"))
        let twice = await impressions(arguments: ["merge", paths[0], paths[1], paths[1], paths[2]])
        #expect(twice.status == 1 && twice.error.contains("shard 1/3 is given twice"))
        var other = Self.run
        other[7] = "5"   // another seed
        let foreign = try await Self.shardFiles(count: 3, arguments: other)
        let mixed = await impressions(arguments: ["merge", paths[0], foreign[1], paths[2]])
        #expect(mixed.status == 1 && mixed.error.contains("\(foreign[1]) is a shard of another run"))
        let plain = try temporaryFile((await impressions(arguments: ["simulate"] + Self.run + ["--json"])).output, name: "plain.json")
        let notShard = await impressions(arguments: ["merge", plain])
        #expect(notShard.status == 1 && notShard.error.contains("\(plain): not a shard summary") && notShard.error.contains("'shard'"))
        // Counts that do not fit the run's slice are refused, not trusted.
        let text = try String(contentsOfFile: paths[1], encoding: .utf8)
        #expect(text.components(separatedBy: "\"sessions\":8}").count == 2)
        let forged = try temporaryFile(text.replacingOccurrences(of: "\"sessions\":8}", with: "\"sessions\":9}"), name: "forged.json")
        let wrong = await impressions(arguments: ["merge", paths[0], forged, paths[2]])
        #expect(wrong.status == 1 && wrong.error.contains("holds 9 sessions, its slice of the run has 8"), "\(wrong.error)")
        // A section counted in more sessions than the shard has.
        let inflated = try temporaryFile(text.replacingOccurrences(of: "\"sections\":[[0,8,", with: "\"sections\":[[0,9,"),
                                         name: "inflated.json")
        #expect(text.contains("\"sections\":[[0,8,"))
        let tooMany = await impressions(arguments: ["merge", paths[0], inflated, paths[2]])
        #expect(tooMany.status == 1 && tooMany.error.contains("section 0 has counts that do not fit 8 sessions"), "\(tooMany.error)")
        let none = await impressions(arguments: ["merge"])
        #expect(none.status == 2)
        let badShard = await impressions(arguments: ["simulate", "--shard", "4/4"])
        #expect(badShard.status == 2 && badShard.error.contains("invalid value '4/4' for --shard"))
    }
}
