import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("impressions audit of many traces: each claim routed to the trace it names")
struct AuditManyTracesTests {
    @Test("a day's claims, interleaved, audit as all matched over every trace; wrong ones name their trace")
    func routing() async throws {
        let day = try await AuditDayFixture.make(sessions: 3)
        let right = try day.write(day.claims, name: "day.jsonl")
        // Given in any order, the traces are audited in name order.
        let audited = await impressions(arguments: ["audit"] + day.traces.reversed() + ["--claimed", right, "--policy", "default"])
        #expect(audited.status == 0, "\(audited.error)")
        let count = day.claims.count
        #expect(audited.output.hasPrefix("audit of \(right) against 3 traces\n"))
        #expect(audited.output.contains("claims    \(count): \(count) matched, 0 early, 0 late, 0 phantom, 0 duplicate"))
        #expect(audited.output.contains("expected  \(count): \(count) matched"))

        let wrong = try day.write(day.perturbed, name: "wrong.jsonl")
        let failed = await impressions(arguments: ["audit"] + day.traces + ["--claimed", wrong, "--policy", "default"])
        #expect(failed.status == 1 && failed.error.isEmpty, "\(failed.error)")
        #expect(failed.output.contains(": section 3 claimed at "))
        let lines = failed.output.split(separator: "\n").filter { $0.hasPrefix("  early") || $0.hasPrefix("  phantom") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" session-00000") })
        #expect(lines.contains { $0.contains("session-000002: line ") && $0.contains("section 0 claimed at 15000 ms") })
        // The discrepancies are listed trace by trace.
        let traceOrder = lines.map { $0.split(separator: ":")[0].split(separator: " ").last ?? "" }
        #expect(traceOrder == traceOrder.sorted())

        let json = await impressions(arguments: ["audit"] + day.traces + ["--claimed", wrong, "--policy", "default", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["traces"] as? [String] == day.traces && report["trace"] == nil)
        let discrepancies = try #require(report["discrepancies"] as? [[String: Any]])
        #expect(discrepancies.allSatisfy { ($0["trace"] as? String)?.hasPrefix("session-00000") == true })
    }

    @Test("with one trace the key is optional, and may name it; a claim naming another trace is an error")
    func oneTrace() async throws {
        let day = try await AuditDayFixture.make(sessions: 2)
        let first = day.claims.filter { $0["trace"] as? String == "session-000000" }
        let withKey = try day.write(first, name: "with.jsonl")
        let withoutKey = try day.write(first.map { $0.filter { $0.key != "trace" } }, name: "without.jsonl")
        let named = await impressions("audit", day.traces[0], "--claimed", withKey, "--policy", "default")
        let unnamed = await impressions("audit", day.traces[0], "--claimed", withoutKey, "--policy", "default")
        #expect(named.status == 0 && unnamed.status == 0)
        #expect(named.output.replacingOccurrences(of: withKey, with: withoutKey) == unnamed.output)
        #expect(unnamed.output.hasPrefix("audit of \(withoutKey) against \(day.traces[0])\n"))

        let all = try day.write(day.claims, name: "all.jsonl")
        let other = await impressions("audit", day.traces[0], "--claimed", all, "--policy", "default")
        #expect(other.status == 1 && other.output.isEmpty)
        #expect(other.error.contains(": line ") && other.error.contains("trace \"session-000001\" is not among the 1 trace audited"))
    }

    @Test("with several traces, a claim naming none or an unknown one is a line-numbered error; --keep-going skips and counts it")
    func badTraceKeys() async throws {
        let day = try await AuditDayFixture.make(sessions: 2)
        var claims = day.claims
        claims.append(["section": "0", "timeMs": 1000.5])                         // no trace
        claims.append(["trace": "session-000009", "section": "0", "timeMs": 1000.25])   // no such trace
        let path = try day.write(claims, name: "bad.jsonl")
        let text = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let missingLine = try #require(text.firstIndex { !$0.contains("\"trace\"") }) + 1
        let unknownLine = try #require(text.firstIndex { $0.contains("session-000009") }) + 1

        let failed = await impressions(arguments: ["audit"] + day.traces + ["--claimed", path, "--policy", "default"])
        #expect(failed.status == 1 && failed.output.isEmpty)
        let first = min(missingLine, unknownLine)
        #expect(failed.error.hasPrefix("impressions audit: \(path): line \(first): "), "\(failed.error)")
        let lenient = await impressions(arguments: ["audit"] + day.traces + ["--claimed", path, "--policy", "default", "--keep-going"])
        #expect(lenient.status == 0, "\(lenient.error)")
        #expect(lenient.output.contains("skipped 2 bad lines (--keep-going):\n"))
        #expect(lenient.output.contains("\(path): line \(missingLine): missing field 'trace': with 2 traces audited, each claim names its trace"))
        #expect(lenient.output.contains("\(path): line \(unknownLine): trace \"session-000009\" is not among the 2 traces audited"))
        #expect(lenient.output.contains("claims    \(day.claims.count): \(day.claims.count) matched"))
    }

    @Test("usage: traces of one name, standard input among several, a bad --shard exit 2")
    func usage() async throws {
        for arguments in [["audit", "a/s.jsonl", "b/s.jsonl", "--claimed", "c.jsonl", "--policy", "default"],
                          ["audit", "a/s.jsonl", "a/s.jsonl", "--claimed", "c.jsonl", "--policy", "default"],
                          ["audit", "-", "b/s.jsonl", "--claimed", "c.jsonl", "--policy", "default"],
                          ["audit", "a/s.jsonl", "--claimed", "c.jsonl", "--policy", "default", "--shard", "2/2"],
                          ["audit", "a/s.jsonl", "--claimed", "c.jsonl", "--policy", "default", "--shard", "x"]] {
            let result = await impressions(arguments: arguments)
            #expect(result.status == 2 && result.output.isEmpty, "\(arguments)")
            #expect(result.error.hasPrefix("impressions audit: ") && result.error.hasSuffix("Run 'impressions audit --help' for usage.\n"))
        }
        let options = try AuditOptions.parse(["z/b.jsonl", "y/a.json", "c", "--claimed", "c.jsonl", "--policy", "default"])
        #expect(options.traceNames == ["a", "b", "c"] && options.paths == ["y/a.json", "z/b.jsonl", "c"])
    }
}
