import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("impressions audit: claims checked against a trace replayed under a policy")
struct AuditCommandTests {
    /// A simulated session's trace, and what replay prints for it under default and sarah.
    private static func session() async throws -> (trace: String, replayed: String) {
        let directory = try temporaryDirectory()
        let simulated = await impressions("simulate", "--sessions", "1", "--sections", "300", "--seconds", "60", "--seed", "7",
                                          "--trace-out", directory, "--json")
        #expect(simulated.status == 0)
        let trace = directory + "/session-000000.jsonl"
        let replayed = await impressions("replay", trace, "--policy", "default", "--policy", "sarah")
        #expect(replayed.status == 0)
        return (trace, replayed.output)
    }

    /// The replayed lines of one policy, as `{"section","timeMs"}` objects.
    private static func lines(_ replayed: String, policy: String) throws -> [[String: Any]] {
        try replayed.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["policy"] as? String == policy ? object : nil
        }
    }

    private static func jsonl(_ objects: [[String: Any]]) throws -> String {
        try objects.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) + "\n" }.joined()
    }

    @Test("replay's own output, audited against its trace, is all matched under each policy, exit 0")
    func replayOutputMatches() async throws {
        let (trace, replayed) = try await Self.session()
        let claims = try temporaryFile(replayed, name: "claims.jsonl")
        for policy in ["default", "sarah"] {
            let count = try Self.lines(replayed, policy: policy).count
            let audited = await impressions("audit", trace, "--claimed", claims, "--policy", policy)
            #expect(audited.status == 0, "\(audited.error)")
            #expect(audited.output.contains("claims    \(count): \(count) matched, 0 early, 0 late, 0 phantom, 0 duplicate"))
            #expect(audited.output.contains("expected  \(count): \(count) matched"))
            #expect(audited.output.contains("precision 1.000, recall 1.000"))
            #expect(!audited.output.contains("discrepancies:") && audited.output.hasSuffix("passed: no claim early, phantom or duplicate\n"))
            #expect(audited.error.isEmpty)
        }
    }

    @Test("early, late, duplicate and dropped claims are listed with their lines and reasons, exit 1; --json says the same")
    func discrepancies() async throws {
        let (trace, replayed) = try await Self.session()
        var claims = try Self.lines(replayed, policy: "default").map { ["section": $0["section"]!, "timeMs": $0["timeMs"]!] }
        try #require(claims.count >= 6)
        // Sections 0 and 1 fire at 1000 ms, on screen from the start.
        #expect(claims[0]["section"] as? String == "0" && claims[0]["timeMs"] as? Int == 1000)
        claims[0]["timeMs"] = 400                      // early: visible for 400 ms of 1000 ms
        claims[1]["timeMs"] = 1150                     // late with 100 ms, on time with 200 ms
        let repeated = claims[3]
        claims.remove(at: 2)                           // missing
        let duplicate: [String: Any] = ["section": repeated["section"]!, "timeMs": (repeated["timeMs"] as! Int) + 50]
        claims.append(duplicate)                       // the same entry claimed again
        claims.sort { ($0["timeMs"] as! Int) < ($1["timeMs"] as! Int) }
        let duplicateLine = try #require(claims.firstIndex { $0["section"] as? String == duplicate["section"] as? String
                                                                && $0["timeMs"] as? Int == duplicate["timeMs"] as? Int }) + 1
        let path = try temporaryFile(try Self.jsonl(claims), name: "sdk.jsonl")
        let audited = await impressions("audit", trace, "--claimed", path, "--policy", "default")
        #expect(audited.status == 1)
        #expect(audited.output.contains("  early      line 1: section 0 claimed at 400 ms, 600 ms before the impression at 1000 ms (visit 1): visible for 400 ms of 1000 ms\n"))
        #expect(audited.output.contains("  duplicate  line \(duplicateLine): section \(duplicate["section"]!) claimed at \(duplicate["timeMs"]!) ms (visit 1): visible, already counted in this visit\n"))
        #expect(audited.output.contains("  late       line 2: section 1 claimed at 1150 ms, 150 ms after the impression at 1000 ms (visit 1)\n"))
        #expect(audited.output.contains("  missing    section "))
        #expect(audited.output.hasSuffix("failed: 1 early, 1 duplicate\n"))

        let lenient = await impressions("audit", trace, "--claimed", path, "--policy", "default", "--their-interval", "200ms", "--json")
        #expect(lenient.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lenient.output.utf8)) as? [String: Any])
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(counts == ["matched": claims.count - 2, "early": 1, "late": 0, "missing": 1, "phantom": 0, "duplicate": 1])
        #expect(report["toleranceMs"] as? Int == 200 && report["passed"] as? Bool == false)
        let first = try #require((report["discrepancies"] as? [[String: Any]])?.first)
        #expect(first["class"] as? String == "early" && first["line"] as? Int == 1 && first["claimedMs"] as? Int == 400
                && first["expectedMs"] as? Int == 1000 && first["reason"] as? String == "visible for 400 ms of 1000 ms")
    }

    @Test("bad claims fail with the file and line number and nothing on standard output; --keep-going counts and skips them",
          arguments: [
              ("{\"section\":\"0\",\"timeMs\":1000}\n{\"section\":\"0\",\"timeMs\":900}\n", "line 2: claims must be in time order: 900 ms after 1000 ms"),
              ("{\"section\":\"0\",\"timeMs\":1000}\n{\"section\":\"0\",\"timeMs\":1000}\n", "line 2: the same claim as line 1"),
              ("{\"section\":\"0\",\"timeMs\":1000}\n{\"section\":\"0\",\"timeMs\":\n", "line 2: malformed JSON"),
              ("{\"timeMs\":1000}\n", "line 1: missing field 'section'"),
              ("{\"section\":\"0\"}\n", "line 1: missing field 'timeMs'"),
              ("{\"section\":\"0\",\"timeMs\":-5}\n", "line 1: field 'timeMs' must be in 0...10000000000 ms, got -5"),
              ("{\"section\":\"0\",\"timeMs\":1000,\"ratio\":1.5}\n", "line 1: field 'ratio' must be in 0...1, got 1.5"),
              ("{\"section\":\"0\",\"timeMs\":1000,\"visit\":0}\n", "line 1: field 'visit' must be a whole number >= 1, got 0"),
              ("{\"section\":\"no-such-section\",\"timeMs\":1000}\n", "line 1: section \"no-such-section\" is in no layout of the trace"),
              ("{\"section\":\"0\",\"timeMs\":60001}\n", "line 1: time 60001 ms is after the end of the trace (60000 ms)"),
          ])
    func badClaims(text: String, message: String) async throws {
        let (trace, _) = try await Self.session()
        let good = "{\"section\":\"0\",\"timeMs\":1000}\n"
        let path = try temporaryFile(text, name: "bad.jsonl")
        let failed = await impressions("audit", trace, "--claimed", path, "--policy", "default")
        #expect(failed.status == 1 && failed.output.isEmpty)
        #expect(failed.error.hasPrefix("impressions audit: \(path): \(message)"), "\(failed.error)")
        // With --keep-going the bad line is skipped, counted and listed; the good claims are audited.
        let lenient = try temporaryFile(good + text.split(separator: "\n").dropFirst(text.hasPrefix(good) ? 1 : 0).map { $0 + "\n" }.joined(),
                                        name: "lenient.jsonl")
        let skipped = await impressions("audit", trace, "--claimed", lenient, "--policy", "default", "--keep-going")
        #expect(skipped.output.contains("skipped 1 bad line (--keep-going):\n  \(lenient): line"), "\(skipped.output)\(skipped.error)")
        #expect(skipped.output.contains("claims    1: 1 matched"), "\(skipped.output)")
    }

    @Test("usage errors exit 2 with a hint; --help prints the help; the tool's help lists audit")
    func usage() async throws {
        for arguments in [["audit"], ["audit", "t.jsonl", "--policy", "default"], ["audit", "t.jsonl", "--claimed", "c.jsonl"],
                          ["audit", "t.jsonl", "--claimed", "c.jsonl", "--policy", "default", "--policy", "abema"],
                          ["audit", "t.jsonl", "--claimed", "c.jsonl", "--policy", "default", "--their-interval", "soon"],
                          ["audit", "-", "--claimed", "-", "--policy", "default"]] {
            let result = await impressions(arguments: arguments)
            #expect(result.status == 2 && result.output.isEmpty)
            #expect(result.error.hasPrefix("impressions audit: ") && result.error.hasSuffix("Run 'impressions audit --help' for usage.\n"))
        }
        let help = await impressions("audit", "--help")
        #expect(help.status == 0 && help.output == HelpText.audit)
        #expect(help.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let tool = await impressions("help", "audit")
        #expect(tool.status == 0 && tool.output == HelpText.audit)
        #expect(HelpText.tool.contains("  audit       "))
    }
}
