import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// What the help and the reports say about re-measuring recorded sessions, checked
/// against what the commands do.
// Whole commands in process, CPU-bound for seconds: on threads of their own, so that they
// do not hold the cooperative pool that other suites' awaits need.
@Suite("re-measuring: the help and the reports' words", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct ReMeasuringWordsTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the top-level help says simulate also re-measures recorded traces; simulate's help lists --shard with --traces")
    func helpTexts() async throws {
        let tool = await impressions("--help")
        #expect(tool.status == 0)
        let simulateEntry = try #require(tool.output.split(separator: "\n\n").first { $0.contains("  simulate ") })
        #expect(simulateEntry.contains("re-measure") && simulateEntry.contains("--traces"), "\(simulateEntry)")

        let simulate = await impressions("simulate", "--help")
        #expect(simulate.status == 0)
        // The usage of a run over traces: from its line to the options.
        let usage = try #require(simulate.output.range(of: "impressions simulate --traces PATH..."))
        let options = try #require(simulate.output.range(of: "OPTIONS:"))
        let tracesUsage = simulate.output[usage.lowerBound..<options.lowerBound]
        #expect(tracesUsage.contains("[--shard I/N]"), "\(tracesUsage)")
        // --shard's own text says what it slices with --traces.
        let shard = try #require(simulate.output.range(of: "  --shard I/N"))
        let traces = try #require(simulate.output.range(of: "  --traces PATH..."))
        #expect(simulate.output[shard.lowerBound..<traces.lowerBound].contains("With --traces, slice I of the"))
    }

    @Test("a run over one trace says 'the same session', in the table and on the page; the page's heading of traces cut short does not call them not counted")
    func oneSessionWords() async throws {
        let example = Self.root.appendingPathComponent("docs/trace-example.jsonl").path
        let directory = try temporaryDirectory()
        let run = await impressions(arguments: ["simulate", "--traces", example, "--policy", "default", "--policy", "abema",
                                                "--report", directory + "/one.html"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("paired differences, the same session (95 % bootstrap intervals)\n"), "\(run.output)")
        #expect(!run.output.contains("the same 1 sessions"))
        let page = try String(contentsOfFile: directory + "/one.html", encoding: .utf8)
        #expect(page.contains("Each policy against the first on the same recorded session: "))
        #expect(!page.contains("same 1 recorded sessions"))

        // Two sessions keep the number; a trace without its end line is counted, cut short.
        let lines = try String(contentsOfFile: example, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
        let traces = try temporaryDirectory()
        try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: traces + "/a.jsonl"))
        try Data(lines.dropLast().joined().utf8).write(to: URL(fileURLWithPath: traces + "/b-cut.jsonl"))
        let two = await impressions(arguments: ["simulate", "--traces", traces, "--policy", "default", "--policy", "abema",
                                                "--report", directory + "/two.html"])
        #expect(two.status == 0, "\(two.error)")
        #expect(two.output.contains("paired differences, the same 2 sessions (95 % bootstrap intervals)\n"))
        #expect(two.output.contains("1 cut short (counted)"))
        let twoPage = try String(contentsOfFile: directory + "/two.html", encoding: .utf8)
        #expect(twoPage.contains("on the same 2 recorded sessions: "))
        #expect(twoPage.contains(">Traces cut short or left out<"))
        #expect(!twoPage.contains("not counted"))
    }

    @Test("sweep --traces --feed reads the feed as simulate --traces does: the same counts, the feed named, a bad file refused")
    func sweepTracesWithFeed() async throws {
        let feed = Self.root.appendingPathComponent("docs/feed-example.json").path
        let directory = try temporaryDirectory()
        let recorded = await impressions("simulate", "--feed", feed, "--sessions", "6", "--seconds", "30", "--seed", "4",
                                         "--trace-out", directory + "/traces")
        #expect(recorded.status == 0, "\(recorded.error)")
        let grid = ["--ratios", "50%,80%", "--durations", "1s,2s", "--json"]
        let withFeed = await impressions(arguments: ["sweep", "--traces", directory + "/traces", "--feed", feed] + grid)
        let withoutFeed = await impressions(arguments: ["sweep", "--traces", directory + "/traces"] + grid)
        #expect(withFeed.status == 0, "\(withFeed.error)")
        #expect(withoutFeed.status == 0, "\(withoutFeed.error)")
        let named = try #require(JSONSerialization.jsonObject(with: Data(withFeed.output.utf8)) as? [String: NSObject])
        let unnamed = try #require(JSONSerialization.jsonObject(with: Data(withoutFeed.output.utf8)) as? [String: NSObject])
        // The traces' layouts give the sections and their policies: the feed changes no count.
        #expect(named["cells"] == unnamed["cells"] && named["presets"] == unnamed["presets"])
        #expect((named["cells"] as? [[String: Any]])?.contains { ($0["impressions"] as? Int ?? 0) > 0 } == true)
        #expect((named["source"] as? String)?.hasSuffix(", feed \(feed)") == true, "\(String(describing: named["source"]))")
        // Each cell is what simulate --traces --feed counts under its definition.
        let simulated = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", feed, "--json",
                                                      "--policy", "ratio=0.8,duration=2s"])
        let policies = try #require((JSONSerialization.jsonObject(with: Data(simulated.output.utf8)) as? [String: Any])?["policies"]
            as? [[String: Any]])
        let cell = try #require((named["cells"] as? [[String: Any]])?.last)
        #expect(cell["ratio"] as? Double == 0.8 && cell["durationSeconds"] as? Double == 2)
        #expect(cell["impressions"] as? Int == policies.first?["impressions"] as? Int)

        // A bad feed file stops the sweep naming it, as it stops simulate --traces.
        let bad = try temporaryFile(#"{"format":"impressions-feed","version":1,"sections":[{"kind":"card","height":-4}]}"#,
                                    name: "bad-feed.json")
        let refused = await impressions(arguments: ["sweep", "--traces", directory + "/traces", "--feed", bad])
        let simulateRefused = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", bad])
        #expect(refused.status == 1 && simulateRefused.status == 1 && refused.output.isEmpty)
        #expect(simulateRefused.error.hasPrefix("impressions simulate: \(bad): "), "\(simulateRefused.error)")
        #expect(refused.error == simulateRefused.error.replacingOccurrences(of: "impressions simulate: ", with: "impressions sweep: "),
                "\(refused.error)")
        // The ads' policy is the traces' (their layout lines), not the --feed file's, as the
        // article says: the same feed without it re-measures the same.
        var withoutPolicy = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed)))
            as? [String: Any])
        var inserts = try #require(withoutPolicy["insert"] as? [[String: Any]])
        var slot = try #require(inserts.first?["section"] as? [String: Any])
        #expect(slot.removeValue(forKey: "policy") != nil)
        inserts[0]["section"] = slot
        withoutPolicy["insert"] = inserts
        let plainFeed = directory + "/feed-without-policy.json"
        try JSONSerialization.data(withJSONObject: withoutPolicy).write(to: URL(fileURLWithPath: plainFeed))
        let remeasure = ["simulate", "--traces", directory + "/traces", "--policy", "default", "--policy", "abema", "--feed"]
        let ownPolicy = await impressions(arguments: remeasure + [feed])
        let plain = await impressions(arguments: remeasure + [plainFeed])
        #expect(ownPolicy.status == 0 && plain.output == ownPolicy.output, "\(plain.error)")
        #expect(ownPolicy.output.contains("\n  ad "))

        // The options of generated sessions are still refused with traces.
        let sessions = await impressions(arguments: ["sweep", "--traces", directory + "/traces", "--feed", feed, "--sessions", "5"])
        #expect(sessions.status == 2 && sessions.error.contains("--sessions and --traces"), "\(sessions.error)")
    }
}

/// The manual's article on re-measuring: its example's figures, made again.
// `.ci/run` skips it under Thread Sanitizer, where the example's hundred sessions take minutes.
@Suite("the manual: re-measuring recorded sessions", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct ReMeasuringManualExampleTests {
    @Test("the command the article gives makes the traces whose re-measuring prints its figures, and its prose says what they show")
    func articleExampleReproduces() async throws {
        let article = try String(contentsOf: ReMeasuringWordsTests.root.appendingPathComponent(
            "Sources/ImpressionSimulation/ImpressionSimulation.docc/ReMeasuring.md"), encoding: .utf8)
        let record = "impressions simulate --feed docs/feed-example.json --sessions 100 --seconds 90 --seed 11 \\\n"
            + "    --trace-out traces\n"
        #expect(article.contains(record))
        let feed = ReMeasuringWordsTests.root.appendingPathComponent("docs/feed-example.json").path
        let directory = try temporaryDirectory()
        let recorded = await impressions("simulate", "--feed", feed, "--sessions", "100", "--seconds", "90", "--seed", "11",
                                         "--trace-out", directory + "/traces", "--json")
        #expect(recorded.status == 0, "\(recorded.error)")
        let policies = ["--policy", "default", "--policy", "mrc-display", "--policy", "abema"]
        let run = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", feed] + policies)
        #expect(run.status == 0, "\(run.error)")

        // The article's output block, its parts between '...' lines, each in the output, in order.
        let start = try #require(article.range(of: "```\n100 recorded sessions"))
        let end = try #require(article.range(of: "\n```\n", range: start.upperBound..<article.endIndex))
        let shown = article[article.index(start.lowerBound, offsetBy: 4)...end.lowerBound]
        var rest = run.output[...]
        for part in shown.components(separatedBy: "...\n") {
            let found = rest.range(of: part)
            #expect(found != nil, "the article shows:\n\(part)\nthe run prints:\n\(run.output)")
            if let found { rest = rest[found.upperBound...] }
        }

        // The prose: which intervals exclude zero, and the ads alike under every policy.
        let json = await impressions(arguments: ["simulate", "--traces", directory + "/traces", "--feed", feed, "--json"] + policies)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let differences = try #require(object["policyDifferences"] as? [[String: Any]])
        #expect(differences.map { $0["excludesZero"] as? Bool } == [false, true])
        #expect(article.contains("`excludesZero` for each: `false` for `mrc-display`, `true` for `abema`"))
        let adRows = run.output.split(separator: "\n").filter { $0.hasPrefix("  ad ") }
        let adCounts = try #require(adRows.first).split(separator: " ").dropFirst()
        #expect(Set(adCounts).count == 1, "\(adRows)")
    }

    @Test("the recipe of 'What is not counted' makes a fleet whose run prints the lines the article shows")
    func notCountedExampleReproduces() async throws {
        let article = try String(contentsOf: ReMeasuringWordsTests.root.appendingPathComponent(
            "Sources/ImpressionSimulation/ImpressionSimulation.docc/ReMeasuring.md"), encoding: .utf8)
        #expect(article.contains("""
            impressions simulate --feed docs/feed-example.json --sessions 20 --seconds 60 --seed 4 --trace-out fleet
            cp fleet/session-000003.jsonl fleet/session-000003-retry.jsonl
            head -c 30000 fleet/session-000007.jsonl > cut && mv cut fleet/session-000007.jsonl
            sed -i '200s/"type":"viewport"/"type":"viewprt"/' fleet/session-000009.jsonl
            mkdir fleet/monday && mv fleet/session-00001[5-9].jsonl fleet/monday/
            echo "uploaded on Monday" > fleet/monday/README.txt
            impressions simulate --traces fleet --feed docs/feed-example.json --keep-going
            """))
        // The recipe, step by step, in a directory of its own.
        let feed = ReMeasuringWordsTests.root.appendingPathComponent("docs/feed-example.json").path
        let fleet = try temporaryDirectory() + "/fleet"
        let recorded = await impressions("simulate", "--feed", feed, "--sessions", "20", "--seconds", "60", "--seed", "4",
                                         "--trace-out", fleet)
        #expect(recorded.status == 0, "\(recorded.error)")
        let files = FileManager.default
        try files.copyItem(atPath: fleet + "/session-000003.jsonl", toPath: fleet + "/session-000003-retry.jsonl")
        let whole = try Data(contentsOf: URL(fileURLWithPath: fleet + "/session-000007.jsonl"))
        try whole.prefix(30_000).write(to: URL(fileURLWithPath: fleet + "/session-000007.jsonl"))
        var lines = try String(contentsOfFile: fleet + "/session-000009.jsonl", encoding: .utf8).components(separatedBy: "\n")
        lines[199] = lines[199].replacingOccurrences(of: #""type":"viewport""#, with: #""type":"viewprt""#)
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: fleet + "/session-000009.jsonl"))
        try files.createDirectory(atPath: fleet + "/monday", withIntermediateDirectories: false)
        for session in 15...19 {
            try files.moveItem(atPath: fleet + "/session-0000\(session).jsonl", toPath: fleet + "/monday/session-0000\(session).jsonl")
        }
        try Data("uploaded on Monday\n".utf8).write(to: URL(fileURLWithPath: fleet + "/monday/README.txt"))
        // Run from the recipe's directory, so that the paths read as the article's.
        let run = await impressions(arguments: ["simulate", "--traces", fleet, "--feed", feed, "--keep-going"])
        #expect(run.status == 0, "\(run.error)")
        let output = run.output.replacingOccurrences(of: fleet, with: "fleet")

        let start = try #require(article.range(of: "```\n19 recorded sessions"))
        let end = try #require(article.range(of: "\n```\n", range: start.upperBound..<article.endIndex))
        let shown = article[article.index(start.lowerBound, offsetBy: 4)...end.lowerBound]
        var rest = output[...]
        // Each part between elisions (a line of `...`, and the list of event types cut short), in order.
        for part in shown.components(separatedBy: "...") {
            let found = rest.range(of: part)
            #expect(found != nil, "the article shows:\n\(part)\nthe run prints:\n\(output)")
            if let found { rest = rest[found.upperBound...] }
        }
    }
}
