import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("audit --report: the audit as an HTML page, from one run or merged from its shards")
struct AuditReportTests {
    @Test("the page holds the verdict, the counts per class and every discrepancy, names escaped; the output is unchanged")
    func page() async throws {
        let day = try await AuditDayFixture.make(sessions: 3)
        let claims = try day.write(day.perturbed, name: "sdk<b>&.jsonl")
        let arguments = ["audit"] + day.traces + ["--claimed", claims, "--policy", "default"]
        let plain = await impressions(arguments: arguments)
        let page = day.directory + "/audit.html"
        let reported = await impressions(arguments: arguments + ["--report", page])
        #expect(reported.status == plain.status && reported.output == plain.output && reported.error.isEmpty)
        let html = try String(contentsOfFile: page, encoding: .utf8)

        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("sdk&lt;b&gt;&amp;.jsonl") && !html.contains("sdk<b>"))
        // The verdict line and the counts the text prints, in the page.
        let verdict = try #require(plain.output.split(separator: "\n").last.map(String.init))
        #expect(html.contains("<dd>\(verdict)</dd>"))
        for line in plain.output.split(separator: "\n") where line.hasPrefix("  claims ") {
            let matched = try #require(line.split(separator: ":")[1].split(separator: ",").first).split(separator: " ")[0]
            #expect(html.contains("<td class=\"name\">matched</td><td>\(matched)</td>"))
        }
        // A row per discrepancy the text lists.
        let discrepancies = plain.output.split(separator: "\n").drop { $0 != "discrepancies:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.count
        #expect(discrepancies > 0)
        let tableRows = html.components(separatedBy: "id=\"discrepancies\"")[1].components(separatedBy: "</table>")[0]
            .components(separatedBy: "<tr>").count - 2
        #expect(tableRows == discrepancies)
    }

    @Test("merge --report writes the page the unsharded audit writes, without its command line")
    func merged() async throws {
        let day = try await AuditDayFixture.make(sessions: 4)
        let claims = try day.write(day.perturbed, name: "day.jsonl")
        let arguments = day.traces + ["--claimed", claims, "--policy", "default", "--json"]
        let single = day.directory + "/single.html"
        _ = await impressions(arguments: ["audit"] + arguments + ["--report", single])
        let paths = try await AuditShardMergeTests.shardFiles(arguments, count: 3, in: day.directory)
        let mergedPage = day.directory + "/merged.html"
        let merged = await impressions(arguments: ["merge"] + paths + ["--report", mergedPage])
        #expect(merged.error.isEmpty)
        let withoutCommand = try String(contentsOfFile: single, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<dt>command</dt>") }
            .joined(separator: "\n")
        #expect(try String(contentsOfFile: mergedPage, encoding: .utf8) == withoutCommand)
    }

    @Test("a page that cannot be written fails the audit with the path, printing nothing")
    func unwritable() async throws {
        let day = try await AuditDayFixture.make(sessions: 1)
        let claims = try day.write(day.claims, name: "day.jsonl")
        let result = await impressions(arguments: ["audit"] + day.traces
            + ["--claimed", claims, "--policy", "default", "--report", "/no/such/directory/audit.html"])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error.hasPrefix("impressions audit: ") && result.error.contains("/no/such/directory/audit.html"))
    }
}
