import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("Audit shards: audit --shard i/n, then merge, prints exactly what one audit prints")
struct AuditShardMergeTests {
    /// Runs every audit shard of `count` with `arguments` (traces and options), writes
    /// each output to a file, returns the paths.
    static func shardFiles(_ arguments: [String], count: Int, in directory: String) async throws -> [String] {
        var paths: [String] = []
        for index in 0..<count {
            let result = await impressions(arguments: ["audit"] + arguments + ["--shard", "\(index)/\(count)"])
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            let path = directory + "/audit-\(count)-\(index).json"
            try Data(result.output.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    @Test("merged, 1, 2, 3 and 5 shards print the audit's text and JSON byte for byte, with its exit status")
    func mergeEqualsOneAudit() async throws {
        let day = try await AuditDayFixture.make(sessions: 4)
        // Wrong claims in several traces, a bad line and a claim of no section, kept going.
        var claims = day.perturbed
        claims.append(["trace": "session-000001", "section": "no-such-section", "timeMs": 2000])
        var log = try String(contentsOfFile: try day.write(claims, name: "wrong.jsonl"), encoding: .utf8)
        log += "{\"trace\":\"session-000003\",\"section\":\n"
        let wrong = day.directory + "/wrong.jsonl"
        try Data(log.utf8).write(to: URL(fileURLWithPath: wrong))
        let right = try day.write(day.claims, name: "right.jsonl")

        for (claimsPath, extra, status) in [(wrong, ["--keep-going"], Int32(1)), (wrong, ["--keep-going", "--json"], 1),
                                            (right, ["--their-interval", "200ms"], 0)] {
            let arguments = day.traces + ["--claimed", claimsPath, "--policy", "default"] + extra
            let single = await impressions(arguments: ["audit"] + arguments)
            #expect(single.status == status, "\(single.error)")
            for count in [1, 2, 3, 5] {
                let paths = try await Self.shardFiles(arguments, count: count, in: day.directory)
                let merged = await impressions(arguments: ["merge"] + paths.reversed())
                #expect(merged.status == status && merged.error.isEmpty, "\(merged.error)")
                #expect(merged.output == single.output, "\(count) shards of \(extra)")
            }
        }
        let single = await impressions(arguments: ["audit"] + day.traces + ["--claimed", wrong, "--policy", "default", "--keep-going"])
        #expect(single.output.contains("skipped 2 bad lines (--keep-going):\n"))
        #expect(single.output.contains("section \"no-such-section\" is in no layout of trace session-000001"))
    }

    @Test("merge refuses other options, a missing or repeated shard, simulate shards mixed in, --sections-out; naming the file")
    func refusals() async throws {
        let day = try await AuditDayFixture.make(sessions: 3)
        let claims = try day.write(day.claims, name: "day.jsonl")
        let base = day.traces + ["--claimed", claims, "--policy", "default"]
        let parts = try await Self.shardFiles(base, count: 3, in: day.directory)
        let others = try await Self.shardFiles(day.traces + ["--claimed", claims, "--policy", "abema", "--their-interval", "200ms"],
                                               count: 3, in: try temporaryDirectory())
        let simulated = await impressions("simulate", "--sessions", "2", "--sections", "50", "--seconds", "5", "--shard", "0/1")
        let simulateShard = try temporaryFile(simulated.output, name: "part-0.json")

        let cases: [([String], String)] = [
            ([parts[0], others[1], parts[2]], "\(others[1]) is a shard of another audit than \(parts[0]): policy abema: "),
            ([parts[0], parts[2]], "missing shard 1/3"),
            ([parts[0], parts[1], parts[1], parts[2]], "shard 1/3 is given twice: \(parts[1]) and \(parts[1])"),
            ([parts[0], simulateShard], "\(simulateShard) is not a shard of 'impressions audit --shard', \(parts[0]) is"),
            ([simulateShard, parts[0]], "\(parts[0]) is a shard of 'impressions audit --shard', \(simulateShard) of 'impressions simulate --shard'"),
        ]
        for (files, message) in cases {
            let merged = await impressions(arguments: ["merge"] + files)
            #expect(merged.status == 1 && merged.output.isEmpty)
            #expect(merged.error.hasPrefix("impressions merge: " + message), "\(merged.error)")
        }
        let withInterval = await impressions(arguments: ["merge", parts[0], others[1], parts[2]])
        #expect(withInterval.error.contains("--their-interval 200 ms vs none"))
        let csv = await impressions(arguments: ["merge"] + parts + ["--sections-out", day.directory + "/s.csv"])
        #expect(csv.status == 2 && csv.error.hasPrefix("impressions merge: --sections-out: an audit has no per-section results"))
    }
}
