import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

@Suite("The manual: auditing a naive SDK")
struct AuditManualExampleTests {
    @Test("the naive SDK's claims on session 0 of simulate --seconds 90 --seed 101, audited, print the manual's report")
    func readmeExample() async throws {
        let directory = try temporaryDirectory()
        let simulated = await impressions("simulate", "--sessions", "1", "--seconds", "90", "--seed", "101",
                                          "--trace-out", directory + "/traces", "--json")
        #expect(simulated.status == 0)
        let tracePath = directory + "/traces/session-000000.jsonl"
        let trace = try decodeTraceFile(tracePath)
        let claimsPath = directory + "/naive.jsonl"
        try Data(NaiveImpressionSDK.claims(for: trace).utf8).write(to: URL(fileURLWithPath: claimsPath))
        let audited = await impressions("audit", tracePath, "--claimed", claimsPath, "--policy", "default", "--their-interval", "200ms")
        let output = audited.output.replacingOccurrences(of: directory + "/", with: "")
        #expect(audited.status == 1)
        let article = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/ImpressionSimulation/ImpressionSimulation.docc/Auditing.md"), encoding: .utf8)
        #expect(article.contains("```\n" + output + "```\n"), "the manual's audit example should read:\n\(output)")
        #expect(output.contains("phantom    line 46: section 0 claimed at 83000 ms (visit 2): inactive (refreshing)"))
    }
}

/// The trace at `path`, decoded line by line.
func decodeTraceFile(_ path: String) throws -> Trace {
    var decoder = TraceDecoder()
    var inputs: [TimedInput<String>] = []
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if case .input(let input) = try decoder.decode(Array(line.utf8), lineNumber: offset + 1) { inputs.append(input) }
    }
    let header = try #require(decoder.header)
    return Trace(header: header, inputs: inputs, end: decoder.end)
}
