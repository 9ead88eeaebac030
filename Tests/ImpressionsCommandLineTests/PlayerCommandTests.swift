import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `impressions replay --player` and `--snapshot-at`: the page's data is the engine's,
/// frame by frame, and bad input is refused as everywhere else. The page itself is
/// checked in headless Chromium by Tests/Player/check-player-in-browser.sh.
@Suite("The session player and --snapshot-at on the command line")
struct PlayerCommandTests {
    /// The session data embedded in a player page.
    static func sessionData(of page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"session\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("the example trace's page: a frame per sample, the layout, and at each sample the rows --snapshot-at prints")
    func pageFramesAreTheEnginesSnapshots() async throws {
        let directory = try temporaryDirectory()
        let page = directory + "/player.html"
        let replay = await impressions("replay", "docs/trace-example.jsonl", "--player", page, "--policy", "default", "--policy", "abema")
        #expect(replay.status == 0, "\(replay.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Nothing fetched: the one address is the SVG namespace the script creates elements in.
        let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        #expect(!withoutNamespace.contains("http://") && !withoutNamespace.contains("https://") && !html.contains(" src="))
        let data = try Self.sessionData(of: html)
        let frames = try #require(data["frames"] as? [[String: Any]])
        #expect(frames.count == 131)   // samples 0, 0.1, ..., 13.0 s
        #expect((data["layouts"] as? [Any])?.count == 1)
        #expect((data["policies"] as? [[String: Any]])?.map { $0["name"] as? String } == ["default", "abema"])

        // Rebuild the rows of sample 25 from the deltas and compare with the engine's own.
        var rows: [String: [Any]] = [:]
        for frame in frames.prefix(26) {
            if frame["layout"] != nil { rows = [:] }
            for row in frame["rows"] as? [[Any]] ?? [] {
                let key = "\(row[0])/\(row[1])"
                if row[2] as? String == "offscreen" { rows[key] = nil } else { rows[key] = row }
            }
        }
        let snapshot = await impressions("replay", "docs/trace-example.jsonl", "--policy", "default", "--policy", "abema",
                                         "--snapshot-at", "2.55s")
        #expect(snapshot.status == 0)
        let expected = snapshot.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["visibility"] as? String != "offscreen" }
        #expect(expected.count == rows.count && !expected.isEmpty, "\(expected) vs \(rows)")
        let sections = ["hero", "picks", "ad-1", "story"]
        for line in expected {
            let key = "\(line["policy"]!)/\(sections.firstIndex(of: line["section"] as! String)!)"
            let row = try #require(rows[key], "no row \(key)")
            #expect(row[2] as? String == line["visibility"] as? String && row[7] as? String == line["counting"] as? String)
            // The page's words and --snapshot-at's are the same: how it shows, then its counting.
            let words = (row[2] as! String).replacingOccurrences(of: "-", with: " ") + ", " + (row[8] as! String)
            #expect(words == line["shown"] as? String)
            #expect(abs((row[3] as! Double) - (line["ratio"] as! Double)) <= 0.0005)
            #expect(row[4] as? Int == line["samples"] as? Int && row[5] as? Int == line["required"] as? Int)
            #expect(line["sample"] as? Int == 25)
        }
    }

    @Test("a trace longer than the player plays is refused, naming the limit; nothing is written")
    func tooLongForThePlayer() async throws {
        let trace = #"""
            {"format":"impressions-trace","version":1,"sampleIntervalMs":100}
            {"t":0,"type":"viewport","rect":[0,0,390,844]}
            {"t":3600000,"type":"end"}

            """#
        let path = try temporaryFile(trace)
        let page = try temporaryDirectory() + "/player.html"
        let replay = await impressions("replay", path, "--player", page)
        #expect(replay.status == 1)
        #expect(replay.error.contains("the player plays at most 36,000 samples (3,600.0 s); this trace is longer"), "\(replay.error)")
        #expect(!FileManager.default.fileExists(atPath: page))
        #expect(replay.output.isEmpty)
        // An hour less one sample plays.
        let shorter = try temporaryFile(trace.replacingOccurrences(of: "3600000", with: "3599900"))
        #expect(await impressions("replay", shorter, "--player", page).status == 0)
    }

    @Test("--snapshot-at: a bad time is a usage error; a time after the session's end says so")
    func snapshotAtErrors() async throws {
        let bad = await impressions("replay", "docs/trace-example.jsonl", "--snapshot-at", "soon")
        #expect(bad.status == 2)
        #expect(bad.error.contains("--snapshot-at") && bad.error.contains("soon"), "\(bad.error)")
        let late = await impressions("replay", "docs/trace-example.jsonl", "--snapshot-at", "20s")
        #expect(late.status == 1)
        #expect(late.error.contains("the session ends at 13.0 s, before --snapshot-at 20.0 s"), "\(late.error)")
    }
}
