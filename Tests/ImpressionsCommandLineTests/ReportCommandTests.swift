import Foundation
import Testing

@Suite("--report FILE.html on simulate, sweep and replay")
struct ReportCommandTests {
    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A file under docs/, wherever the tests run from.
    static func documented(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/\(path)").standardized.path
    }

    static let trace = documented("trace-example.jsonl")

    @Test("simulate writes the page and prints the same table as without it; the page names the run")
    func simulate() async throws {
        let path = try temporaryDirectory() + "/report.html"
        let run = ["simulate", "--sessions", "12", "--sections", "150", "--seconds", "15", "--seed", "4"]
        let with = await impressions(arguments: run + ["--report", path])
        let without = await impressions(arguments: run)
        #expect(with.status == 0 && with.output == without.output)
        let html = try Self.read(path)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("impressions simulate --sessions 12 --sections 150 --seconds 15 --seed 4</dd>"))
        #expect(html.contains("data-chart=\"run-depth\"") && html.contains("data-chart=\"run-first\""))
    }

    @Test("simulate with two feeds writes the A/B page, intervals first")
    func comparison() async throws {
        let path = try temporaryDirectory() + "/ab.html"
        let result = await impressions(arguments: ["simulate", "--feed",
                                                   Self.documented("ab/ad-at-3.json"), "--feed", Self.documented("ab/ad-at-5.json"),
                                                   "--sessions", "10", "--seconds", "10", "--policy", "default",
                                                   "--report", path])
        #expect(result.status == 0, "\(result.error)")
        let html = try Self.read(path)
        #expect(html.contains("data-chart=\"ab-intervals\"") && html.contains("ab/ad-at-5.json"))
        #expect(html.contains("data-chart=\"arm-a-depth\"") && html.contains("data-chart=\"arm-b-depth\""))
    }

    @Test("the A/B page prints the command as typed: both feeds in their places, 60 as 60, quoted for a shell, no output flags")
    func commandAsGiven() async throws {
        let directory = try temporaryDirectory()
        let feedB = directory + "/feed b's.json"
        try FileManager.default.copyItem(atPath: Self.documented("ab/ad-at-5.json"), toPath: feedB)
        let path = directory + "/ab.html"
        let result = await impressions(arguments: ["simulate", "--feed", Self.documented("ab/ad-at-3.json"), "--feed", feedB,
                                                   "--sessions", "6", "--seconds", "60", "--policy", "default",
                                                   "--workers", "2", "--report=" + path, "--sections-out", directory + "/s.csv"])
        #expect(result.status == 0, "\(result.error)")
        let html = try Self.read(path)
        let typed = "impressions simulate --feed \(Self.documented("ab/ad-at-3.json")) --feed '\(directory)/feed b'\\''s.json' "
            + "--sessions 6 --seconds 60 --policy default"
        #expect(html.contains("<dd>" + typed.replacingOccurrences(of: "'", with: "&#39;") + "</dd>"), "\(html.prefix(1500))")
    }

    @Test("sweep and replay write their pages: the heatmap, the timeline")
    func sweepAndReplay() async throws {
        let directory = try temporaryDirectory()
        let sweep = await impressions(arguments: ["sweep", "--sessions", "6", "--sections", "100", "--seconds", "10",
                                                  "--ratios", "0.5,1", "--durations", "0,1s", "--report", directory + "/sweep.html"])
        #expect(sweep.status == 0, "\(sweep.error)")
        let sweepPage = try Self.read(directory + "/sweep.html")
        #expect(sweepPage.contains("data-chart=\"sweep-heatmap\" data-mark=\"cell\" data-marks=\"4\""))
        #expect(sweepPage.contains("impressions sweep --sessions 6 --sections 100 --seconds 10 --ratios 0.5,1 --durations 0,1s</dd>"))
        let replay = await impressions(arguments: ["replay", Self.trace, "--report", directory + "/replay.html"])
        #expect(replay.status == 0, "\(replay.error)")
        let without = await impressions(arguments: ["replay", Self.trace])
        #expect(replay.output == without.output)
        let replayPage = try Self.read(directory + "/replay.html")
        #expect(replayPage.contains("data-chart=\"timeline\"") && replayPage.contains("trace-example.jsonl"))
    }

    @Test("usage errors exit 2; a file that cannot be written exits 1 and names it")
    func errors() async throws {
        for subcommand in [["simulate"], ["sweep"], ["replay", Self.trace]] {
            let missing = await impressions(arguments: subcommand + ["--report"])
            #expect(missing.status == 2 && missing.error.contains("--report"), "\(missing.error)")
        }
        let sharded = await impressions(arguments: ["simulate", "--shard", "0/2", "--report", "r.html"])
        #expect(sharded.status == 2 && sharded.error.contains("--report with --shard"))
        let unwritable = "/nonexistent-directory/report.html"
        for arguments in [["simulate", "--sessions", "2", "--sections", "50", "--seconds", "5"],
                          ["sweep", "--sessions", "2", "--sections", "50", "--seconds", "5", "--ratios", "1", "--durations", "0"],
                          ["replay", Self.trace]] {
            let failed = await impressions(arguments: arguments + ["--report", unwritable])
            #expect(failed.status == 1 && failed.error.contains(unwritable), "\(arguments[0]): \(failed.error)")
        }
    }
}
