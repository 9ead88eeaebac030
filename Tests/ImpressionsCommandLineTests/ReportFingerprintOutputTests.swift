import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// Every report names each policy by name and fingerprint: the text table (generated
/// sessions and `--traces`), the per-section CSV, the page, the sweep's presets, the A/B
/// report, and shards, whose merge refuses a policy of one name that counts otherwise.
/// The fingerprint shown is always ``ImpressionPolicy/fingerprint`` of the policy run.
@Suite("Every report names each policy by name and fingerprint", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct ReportFingerprintOutputTests {
    /// Three policies, two of them not presets, one with a space in its name; no two count alike.
    static let policyArguments = ["--policy", "default",
                                  "--policy", "ratio=0.3,duration=500ms,recurrence=once-per-visit,name=loose",
                                  "--policy", "name=strict again,ratio=80%,duration=2000ms,measure=area"]
    static let run = ["simulate", "--sessions", "4", "--sections", "60", "--seconds", "10", "--seed", "7"] + policyArguments

    /// The policies `run` names, as the command reads them: name and fingerprint, in order.
    static func expected() throws -> [(name: String, fingerprint: String)] {
        let policies = try SimulateOptions.parse(Array(run.dropFirst())).effectivePolicies
        return policies.map { ($0.name, $0.policy.fingerprint) }
    }

    /// The table's fingerprint lines, in order: the name, then the fingerprint, the last word.
    static func fingerprintLines(_ table: String) -> [(name: String, fingerprint: String)] {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "definition fingerprints") else { return [] }
        return lines[(heading + 1)...].prefix { $0.hasPrefix("  ") }.map { line in
            let words = line.split(separator: " ")
            return (words.dropLast().joined(separator: " "), String(words.last ?? ""))
        }
    }

    static func same(_ one: [(name: String, fingerprint: String)], _ other: [(name: String, fingerprint: String)]) -> Bool {
        one.map { [$0.name, $0.fingerprint] } == other.map { [$0.name, $0.fingerprint] }
    }

    @Test("the fingerprints expected are the definitions', one each")
    func expectedFingerprints() throws {
        let expected = try Self.expected()
        #expect(expected.map(\.name) == ["default", "loose", "strict again"])
        #expect(Set(expected.map(\.fingerprint)).count == 3)
        #expect(expected[0].fingerprint == ImpressionPolicy.default.fingerprint)
        let strict = ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2), measure: .area)
        #expect(expected[2].fingerprint == strict.fingerprint)
    }

    @Test("the table of generated sessions and of their traces re-measured: a line per policy under it, name then fingerprint")
    func tables() async throws {
        let expected = try Self.expected()
        let directory = try temporaryDirectory()
        let generated = await impressions(arguments: Self.run + ["--trace-out", directory + "/traces"])
        #expect(generated.status == 0, "\(generated.error)")
        #expect(Self.same(Self.fingerprintLines(generated.output), expected), "\(generated.output)")
        let remeasured = await impressions(arguments: ["simulate", "--traces", directory + "/traces"] + Self.policyArguments)
        #expect(remeasured.status == 0, "\(remeasured.error)")
        #expect(Self.same(Self.fingerprintLines(remeasured.output), expected), "\(remeasured.output)")
        // Under the main table, before the paired differences a run over traces adds.
        let lines = remeasured.output.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(lines.firstIndex(of: "definition fingerprints"))
        let differences = try #require(lines.firstIndex { $0.hasPrefix("paired differences") })
        #expect(heading < differences && lines[heading - 1].isEmpty && lines[heading - 2].hasPrefix("sessions without impressions"))
    }

    @Test("the per-section CSV: a fingerprint column after the policy, the policy's on every row")
    func sectionsCSV() async throws {
        let expected = Dictionary(uniqueKeysWithValues: try Self.expected().map { ($0.name, $0.fingerprint) })
        let path = try temporaryDirectory() + "/sections.csv"
        let result = await impressions(arguments: Self.run + ["--sections-out", path])
        #expect(result.status == 0, "\(result.error)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(Array(header.prefix(6)) == ["section", "kind", "position", "policy", "fingerprint", "sessions"])
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 60 * 3)
        for row in rows { #expect(row.count == header.count && expected[row[3]] == row[4], "\(row)") }
        #expect(Set(rows.map { $0[4] }) == Set(expected.values))
    }

    @Test("the page: a fingerprint row under the policies, in their order")
    func page() async throws {
        let expected = try Self.expected()
        let path = try temporaryDirectory() + "/report.html"
        let result = await impressions(arguments: Self.run + ["--report", path])
        #expect(result.status == 0, "\(result.error)")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        let row = "<tr><td class=\"name\">fingerprint</td>"
            + expected.map { "<td class=\"name\">\($0.fingerprint)</td>" }.joined() + "</tr>"
        #expect(page.contains(row))
    }

    @Test("the sweep's presets, as text, JSON and page, each with its fingerprint")
    func sweep() async throws {
        let base = ["sweep", "--sessions", "3", "--sections", "60", "--seconds", "10", "--ratios", "0.5,0.8",
                    "--durations", "1s,2s", "--presets", "default,abema"]
        let table = await impressions(arguments: base)
        #expect(table.status == 0, "\(table.error)")
        for (name, policy) in [("default", ImpressionPolicy.default), ("abema", ImpressionPolicy.abema)] {
            #expect(table.output.contains("  \(name) (fingerprint \(policy.fingerprint)): "), "\(table.output)")
        }
        let json = await impressions(arguments: base + ["--json"])
        #expect(json.output.contains("\"name\": \"abema\",\n      \"fingerprint\": \"\(ImpressionPolicy.abema.fingerprint)\""),
                "\(json.output)")
    }

    @Test("the A/B report: each arm's table and each policy's differences name the fingerprint")
    func layoutComparison() async throws {
        let result = await impressions(arguments: ["simulate", "--feed", "docs/ab/ad-at-3.json", "--feed", "docs/ab/ad-at-5.json",
                                                   "--sessions", "6", "--seconds", "10"] + Self.policyArguments)
        #expect(result.status == 0, "\(result.error)")
        // Both arms' tables.
        #expect(result.output.components(separatedBy: "definition fingerprints\n").count == 3)
        let expected = try Self.expected()
        let json = await impressions(arguments: ["simulate", "--feed", "docs/ab/ad-at-3.json", "--feed", "docs/ab/ad-at-5.json",
                                                 "--sessions", "6", "--seconds", "10", "--json"] + Self.policyArguments)
        for policy in expected {
            #expect(json.output.components(separatedBy: "\"name\": \"\(policy.name)\",").count == 4)
            #expect(json.output.components(separatedBy: "\"fingerprint\": \"\(policy.fingerprint)\"").count == 4)
        }
    }

    @Test("replay's summary and page: each policy's fingerprint after its counts, in a column")
    func replay() async throws {
        let expected = try Self.expected()
        let page = try temporaryDirectory() + "/replay.html"
        let result = await impressions(arguments: ["replay", "docs/trace-example.jsonl", "--report", page] + Self.policyArguments)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("impressions  sections  fingerprint") })
        for policy in expected {
            #expect(lines.contains { $0.hasPrefix("  \(policy.name) ") && $0.hasSuffix("  \(policy.fingerprint)") }, "\(result.error)")
        }
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for policy in expected { #expect(html.contains("<td class=\"name\">\(policy.name)</td><td>\(policy.fingerprint)</td>")) }
    }

    /// The three shards of `run` with `policies`, written to files.
    static func shards(_ policies: [String]) async throws -> [String] {
        let directory = try temporaryDirectory()
        var paths: [String] = []
        for index in 0..<3 {
            let result = await impressions(arguments: Array(run.prefix(9)) + policies + ["--shard", "\(index)/3"])
            #expect(result.status == 0, "\(result.error)")
            paths.append(directory + "/part-\(index).json")
            try Data(result.output.utf8).write(to: URL(fileURLWithPath: paths[index]))
        }
        return paths
    }

    @Test("shards carry each policy's fingerprint; merge refuses a policy of one name with another fingerprint, naming both")
    func shardsRefuseAnotherDefinition() async throws {
        let paths = try await Self.shards(Self.policyArguments)
        let expected = try Self.expected()
        let text = try String(contentsOfFile: paths[1], encoding: .utf8)
        #expect(text.contains("\"fingerprints\":[" + expected.map { "\"\($0.fingerprint)\"" }.joined(separator: ",") + "]"))
        let merged = await impressions(arguments: ["merge"] + paths)
        #expect(merged.status == 0, "\(merged.error)")
        // The same name for a policy that counts otherwise: 90 % rather than 80 %.
        var other = Self.policyArguments
        other[5] = "name=strict again,ratio=90%,duration=2000ms,measure=area"
        let others = try await Self.shards(other)
        let otherFingerprint = try NamedPolicy(parsing: other[5]).policy.fingerprint
        #expect(otherFingerprint != expected[2].fingerprint)
        let mixed = await impressions(arguments: ["merge", paths[0], others[1], paths[2]])
        #expect(mixed.status == 1 && mixed.output.isEmpty, "\(mixed.error)")
        #expect(mixed.error.contains("\(others[1]) is a shard of another run than \(paths[0]): policy 'strict again' is "
            + "fingerprint \(otherFingerprint)") && mixed.error.contains("and \(expected[2].fingerprint) ("), "\(mixed.error)")
        // A shard whose recorded fingerprint is not its knobs' (a version that counted them otherwise).
        let forged = try temporaryFile(text.replacingOccurrences(of: "\"\(expected[1].fingerprint)\",", with: "\"0123456789abcdef\","),
                                       name: "forged.json")
        let refused = await impressions(arguments: ["merge", paths[0], forged, paths[2]])
        #expect(refused.status == 1 && refused.error.contains("\(forged): policy 'loose' has fingerprint 0123456789abcdef in the "
            + "shard, but its knobs give \(expected[1].fingerprint) here"), "\(refused.error)")
    }
}
