import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import Testing

/// `impressions audit --om-log`: an OM SDK's `geometryChange` log set against the
/// geometry of a replay of the trace.
@Suite("audit --om-log sets an OM SDK log against the replay's geometry")
struct OMLogAuditCommandTests {
    /// The trace of ``GeometryReplayCommandTests``, its claims (what replay prints) and
    /// the log `replay --geometry` writes of it.
    static func files() async throws -> (trace: String, claims: String, log: String, lines: [String]) {
        let trace = try temporaryFile(GeometryReplayCommandTests.trace)
        let directory = try temporaryDirectory()
        let log = directory + "/om.jsonl"
        let replay = await impressions("replay", trace, "--policy", "default", "--geometry", log)
        #expect(replay.status == 0, "\(replay.error)")
        let claims = try temporaryFile(replay.output, name: "claims.jsonl")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return (trace, claims, log, lines)
    }

    static func audit(_ files: (trace: String, claims: String, log: String, lines: [String]), log: String,
                      _ more: String...) async -> (status: Int32, output: String, error: String) {
        await impressions(arguments: ["audit", files.trace, "--claimed", files.claims, "--policy", "default", "--om-log", log] + more)
    }

    @Test("the log replay --geometry writes of a trace audits clean against that trace")
    func cleanLog() async throws {
        let files = try await Self.files()
        #expect(files.lines == GeometryReplayCommandTests.expected)
        let audit = await Self.audit(files, log: files.log)
        #expect(audit.status == 0, "\(audit.error)")
        #expect(audit.output.contains("OM log \(files.log): 7 geometryChange events, tolerance 1 percentage point\n"
            + "  clean: every percentageInView within the tolerance of ours at the sample at or before it\n"), "\(audit.output)")
        #expect(audit.output.hasSuffix("passed: no claim early, phantom or duplicate, the OM log agrees\n"))
        let json = await Self.audit(files, log: files.log, "--json")
        #expect(json.output.contains(#""omLog":{"file":"\#(files.log)","tolerance":1,"events":7,"otherEvents":0,"clean":true,"differences":[]}"#),
                "\(json.output)")
    }

    @Test("the native SDKs' reasons beside the typedefs' (notAttached, noWindowFocus) are read; the percentages decide")
    func nativeReasons() async throws {
        let files = try await Self.files()
        let lines = files.lines.enumerated().map { index, line in
            line.replacingOccurrences(of: #""reasons":["#,
                                      with: index.isMultiple(of: 2) ? #""reasons":["noWindowFocus","# : #""reasons":["notAttached","#)
                .replacingOccurrences(of: ",]", with: "]")
        }
        #expect(lines != files.lines)
        let log = try temporaryFile(lines.joined(separator: "\n") + "\n", name: "native.jsonl")
        let audit = await Self.audit(files, log: log)
        #expect(audit.status == 0, "\(audit.error)")
        #expect(audit.output.contains("  clean: every percentageInView within the tolerance of ours"), "\(audit.output)")
    }

    @Test("a doctored log: the two percentages changed, and only they, with our reasons; within the tolerance, clean")
    func doctoredLog() async throws {
        let files = try await Self.files()
        var lines = files.lines
        // The card at 0 ms: 30 % ours; the banner at 600 ms, hidden: 0 % ours.
        lines[0] = lines[0].replacingOccurrences(of: #""percentageInView":30"#, with: #""percentageInView":45"#)
        lines[3] = lines[3].replacingOccurrences(of: #""percentageInView":0"#, with: #""percentageInView":100"#)
        // Another event type is skipped.
        lines.insert(#"{"adSessionId":"card","timestamp":0,"type":"impression","data":{"impressionType":"viewable"}}"#, at: 1)
        let doctored = try temporaryFile(lines.joined(separator: "\n") + "\n", name: "doctored.jsonl")
        let audit = await Self.audit(files, log: doctored)
        #expect(audit.status == 1)
        #expect(audit.output.contains("""
            OM log \(doctored): 7 geometryChange events (1 of other types skipped), tolerance 1 percentage point
              2 differ:
              line 1: card at 0 ms: SDK 45 %, ours 30 % (since 0 ms), viewport, obstructed
              line 5: banner at 600 ms: SDK 100 %, ours 0 % (since 600 ms), hidden
            failed: 2 OM percentages off

            """), "\(audit.output)")
        // 15 points off is within a tolerance of 15, not of 14.9; 100 points, within 100.
        let card = try temporaryFile(lines[0] + "\n", name: "card.jsonl")
        #expect(await Self.audit(files, log: card, "--om-tolerance", "15").status == 0)
        #expect(await Self.audit(files, log: card, "--om-tolerance", "14.9").status == 1)
    }

    @Test("an event is set against the last sample at or before its time")
    func sampleAtOrBefore() async throws {
        let files = try await Self.files()
        // The banner is hidden at 500 ms and 0 % from the sample at 600 ms: an SDK saying
        // 100 % at 599.9 ms agrees, at 600 ms it does not.
        func event(_ time: String, _ percentage: Int) -> String {
            #"{"adSessionId":"banner","timestamp":\#(time),"type":"geometryChange","data":{"adView":{"percentageInView":\#(percentage)}}}"#
        }
        let log = try temporaryFile([event("0", 100), event("599.9", 100), event("600", 100), event("1099", 0)]
            .joined(separator: "\n") + "\n", name: "banner.jsonl")
        let audit = await Self.audit(files, log: log)
        #expect(audit.status == 1)
        #expect(audit.output.contains("  1 differs:\n  line 3: banner at 600 ms: SDK 100 %, ours 0 % (since 600 ms), hidden\n"),
                "\(audit.output)")
    }

    @Test("bad logs name the file, the line and the value; status 1", arguments: [
        (#"{"adSessionId":"card","#, "line 1: not JSON"),
        (#"{"adSessionId":"card","timestamp":0,"type":"geometryChange","data":{"adView":{"percentageInView":5,"inView":true}}}"#,
         "line 1: data.adView.inView: unknown key"),
        (#"{"adSessionId":"card","timestamp":0,"type":"geometryChange","extra":1,"data":{"adView":{"percentageInView":5}}}"#,
         "line 1: extra: unknown key"),
        (#"{"adSessionId":"ad-9","timestamp":0,"type":"geometryChange","data":{"adView":{"percentageInView":5}}}"#,
         #"line 1: adSessionId "ad-9" is not a section of the trace"#),
        (#"{"adSessionId":"card","timestamp":0,"type":"geometryChange","data":{"adView":{"percentageInView":150}}}"#,
         "line 1: data.adView.percentageInView: must be in 0...100, got 150"),
        (#"{"adSessionId":"card","timestamp":0,"type":"geometryChange","data":{"adView":{"percentageInView":-1}}}"#,
         "line 1: data.adView.percentageInView: must be in 0...100, got -1"),
        (#"{"adSessionId":"card","timestamp":0,"type":"geometryChange","data":{"adView":{"percentageInView":30,"reasons":["offscreen"]}}}"#,
         #"line 1: data.adView.reasons[0]: not an OM reason"#),
    ])
    func badLine(line: String, message: String) async throws {
        let files = try await Self.files()
        let log = try temporaryFile(line + "\n", name: "bad.jsonl")
        let audit = await Self.audit(files, log: log)
        #expect(audit.status == 1)
        #expect(audit.error.contains("impressions audit: \(log): \(message)"), "\(audit.error)")
        #expect(audit.output.isEmpty)
    }

    @Test("an ad's times out of order name both lines; other ads' times are their own")
    func outOfOrder() async throws {
        let files = try await Self.files()
        func event(_ id: String, _ time: Int) -> String {
            #"{"adSessionId":"\#(id)","timestamp":\#(time),"type":"geometryChange","data":{"adView":{"percentageInView":0}}}"#
        }
        let log = try temporaryFile([event("banner", 700), event("card", 100), event("banner", 650)].joined(separator: "\n"),
                                    name: "order.jsonl")
        let audit = await Self.audit(files, log: log)
        #expect(audit.status == 1)
        #expect(audit.error.contains(#"\#(log): line 3: timestamp 650 of "banner" is before 700 on line 1"#), "\(audit.error)")
    }

    @Test("usage errors: --om-tolerance alone or out of range, several traces, standard input")
    func usage() async throws {
        let files = try await Self.files()
        let alone = await impressions("audit", files.trace, "--claimed", files.claims, "--policy", "default", "--om-tolerance", "2")
        #expect(alone.status == 2 && alone.error.contains("--om-tolerance 2 without --om-log"), "\(alone.error)")
        let range = await Self.audit(files, log: files.log, "--om-tolerance", "101")
        #expect(range.status == 2 && range.error.contains("'101' for --om-tolerance"), "\(range.error)")
        let other = try temporaryFile(GeometryReplayCommandTests.trace, name: "other.jsonl")
        let two = await impressions("audit", files.trace, other, "--claimed", files.claims, "--policy", "default",
                                    "--om-log", files.log)
        #expect(two.status == 2 && two.error.contains("--om-log '\(files.log)'") && two.error.contains("got 2 traces"), "\(two.error)")
        let missing = await Self.audit(files, log: files.log + ".absent")
        #expect(missing.status == 1 && missing.error.contains(files.log + ".absent"), "\(missing.error)")
    }
}
