import Foundation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("impressions simulate --feed a.json --feed b.json")
struct LayoutComparisonCommandTests {
    static func documented(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/ab/\(name)").path
    }

    static let (adAt3, adAt5) = (documented("ad-at-3.json"), documented("ad-at-5.json"))
    static let run = ["--sessions", "30", "--seconds", "20", "--seed", "4", "--policy", "default", "--policy", "abema"]

    @Test("the same bytes for 1 and 4 workers: table, JSON and the CSV with its arm column")
    func anyWorkers() async throws {
        var outputs: [String] = []
        for workers in ["1", "4"] {
            let csv = try temporaryFile("", name: "sections.csv")
            let table = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5,
                                                      "--workers", workers, "--sections-out", csv] + Self.run)
            let json = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5,
                                                     "--workers", workers, "--json"] + Self.run)
            #expect(table.status == 0 && json.status == 0 && table.error.isEmpty)
            outputs.append(table.output + json.output + (try String(contentsOfFile: csv, encoding: .utf8)))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("each arm's table is its feed's own run; then the differences, with an answer on 0")
    func table() async {
        let ab = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5] + Self.run)
        for (letter, path) in [("A", Self.adAt3), ("B", Self.adAt5)] {
            let alone = await impressions(arguments: ["simulate", "--feed", path] + Self.run)
            #expect(ab.output.contains("\(letter): \(path)\n" + alone.output))
        }
        #expect(ab.output.contains("A/B: B minus A, the same 30 users on both feeds; impressions per session"))
        #expect(ab.output.contains("paired percentile bootstrap over sessions, 2,000 resamples, seed "))
        let adRows = ab.output.split(separator: "\n").filter { $0.hasPrefix("  ad ") && $0.contains("[") }
        #expect(adRows.count == 2, "\(adRows)")
        #expect(adRows.allSatisfy { $0.hasSuffix(" yes") || $0.hasSuffix(" no") })
    }

    @Test("A against A in JSON: identical arms, every difference 0 with the interval [0, 0]")
    func sameFeedJSON() async throws {
        let result = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt3, "--json"] + Self.run)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let a = try #require(object["a"] as? NSDictionary)
        let b = try #require(object["b"] as? NSDictionary)
        #expect(a == b && a["feedFile"] as? String == Self.adAt3)
        let ab = try #require(object["ab"] as? [String: Any])
        #expect(ab["resamples"] as? Int == 2000 && ab["sessions"] as? Int == 30 && ab["confidence"] as? Double == 0.95)
        let policies = try #require(ab["policies"] as? [[String: Any]])
        #expect(policies.map { $0["name"] as? String } == ["default", "abema"])
        for policy in policies {
            let byKind = try #require(policy["byKind"] as? [String: [String: Any]])
            #expect(Set(byKind.keys) == ["banner", "card", "two-line", "carousel", "video", "ad"])
            for comparison in [try #require(policy["impressionsPerSession"] as? [String: Any])] + Array(byKind.values) {
                #expect(comparison["difference"] as? Double == 0 && comparison["lower"] as? Double == 0
                        && comparison["upper"] as? Double == 0 && comparison["excludesZero"] as? Bool == false)
            }
        }
        // The single-feed JSON is the arm's, without the feedFile member.
        let alone = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--json"] + Self.run)
        let aloneObject = try #require(try JSONSerialization.jsonObject(with: Data(alone.output.utf8)) as? NSDictionary)
        let armWithoutFeed = try #require(a.mutableCopy() as? NSMutableDictionary)
        armWithoutFeed.removeObject(forKey: "feedFile")
        #expect(armWithoutFeed == aloneObject)
    }

    @Test("--users applies to both arms: each is the run of its feed alone with the same users file")
    func usersFile() async {
        let users = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/users-example.json").path
        let ab = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5, "--users", users] + Self.run)
        let withoutUsers = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5] + Self.run)
        #expect(ab.status == 0 && ab.output != withoutUsers.output)
        for (letter, path) in [("A", Self.adAt3), ("B", Self.adAt5)] {
            let alone = await impressions(arguments: ["simulate", "--feed", path, "--users", users] + Self.run)
            #expect(alone.status == 0 && ab.output.contains("\(letter): \(path)\n" + alone.output))
        }
        let bad = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5, "--users", "/nonexistent/u.json"])
        #expect(bad.status == 1 && bad.error.contains("cannot open /nonexistent/u.json"))
    }

    @Test("--sections-out: one CSV, an arm column first, A's rows then B's")
    func sectionsCSV() async throws {
        let csv = try temporaryFile("", name: "sections.csv")
        let result = await impressions(arguments: ["simulate", "--feed", Self.adAt3, "--feed", Self.adAt5,
                                                   "--sessions", "5", "--seconds", "10", "--policy", "default",
                                                   "--sections-out", csv])
        #expect(result.status == 0)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "arm,section,kind,position,policy,fingerprint,sessions,rendered,impressed,viewable_rate,mean_time_in_view_ms")
        #expect(rows.count == 1 + 2 * 152)
        let fingerprint = ImpressionPolicy.default.fingerprint
        #expect(rows[1].hasPrefix("A,hero,banner,1,default,\(fingerprint),5,") && rows[153].hasPrefix("B,hero,banner,1,default,\(fingerprint),5,"))
        #expect(rows[3].hasPrefix("A,ad#1,ad,3,") && rows[157].hasPrefix("B,ad#1,ad,5,"))
    }

    @Test("usage errors, status 2: a third --feed, and --trace-out, --timeline with two",
          arguments: [
              (["--feed", "c.json"], "--feed given a third time ('c.json'): at most two feeds, A and B"),
              (["--trace-out", "traces"], "--trace-out with two --feed files"),
              (["--timeline", "t.svg"], "--timeline with two --feed files"),
              (["--sections", "10"], "--sections and --feed"),
          ])
    func usage(extra: [String], message: String) async {
        let result = await impressions(arguments: ["simulate", "--feed", "a.json", "--feed", "b.json"] + extra)
        #expect(result.status == 2 && result.output.isEmpty)
        #expect(result.error.hasPrefix("impressions simulate: ") && result.error.contains(message), "\(result.error)")
        #expect(result.error.hasSuffix("Run 'impressions simulate --help' for usage.\n"))
    }

    @Test("simulate --help describes layouts A/B: the flag twice, the interval, the JSON members")
    func help() async {
        let help = await impressions("simulate", "--help")
        #expect(help.status == 0)
        for phrase in ["[--feed B.json]", "Twice, --feed A.json --feed B.json", "paired percentile bootstrap over sessions, 2000",
                       "under \"a\" and \"b\"", "arm column (A or B)", "--feed ad-at-3.json --feed ad-at-5.json",
                       "sections moved, added, removed, by id", "p Holm-adjusted over"] {
            #expect(help.output.contains(phrase), "\(phrase)")
        }
    }

    @Test("a bad second feed fails as a bad first one does: status 1, its path, the JSON path and the value")
    func badSecondFeed() async throws {
        let bad = try temporaryFile(#"""
            {"format": "impressions-feed", "version": 1, "sections": [{"kind": "card", "height": -7}]}
            """#, name: "b.json")
        let result = await impressions("simulate", "--feed", Self.adAt3, "--feed", bad)
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error == "impressions simulate: \(bad): sections[0].height: must be positive, got -7\n")
        let missing = await impressions("simulate", "--feed", Self.adAt3, "--feed", "/nonexistent/b.json")
        #expect(missing.status == 1 && missing.error.contains("cannot open /nonexistent/b.json"))
    }
}
