import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("Bad traces: the line number and the problem, status 1, nothing on standard output")
struct TraceErrorTests {
    static let header = #"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#
    static let layout = #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,300]]},{"id":"b","cells":[[0,310,390,300]]}]}"#
    static let viewport = #"{"t":0,"type":"viewport","rect":[0,0,390,844]}"#

    /// Replays `lines` from a file; returns the status, standard output and error.
    static func replay(_ lines: [String], _ flags: String...) async throws -> (status: Int32, output: String, error: String) {
        let path = try temporaryFile(lines.joined(separator: "\n") + "\n")
        let io = CapturedIO()
        let status = await ImpressionsCommand.run(arguments: ["replay", path, "--policy", "default"] + flags, io: io)
        return (status, io.standardOutput, io.standardError)
    }

    @Test("each bad line is named with its number and its problem", arguments: [
        ([#"{"format":"impressions-trace","version":2,"sampleIntervalMs":100}"#], "line 1: unsupported trace version 2 (this tool reads version 1)"),
        ([header, layout, #"{"t":10,"type":"viewport","rect":[0,0,390,844]"#], "line 3: malformed JSON"),
        ([header, layout, #"{"t":10,"type":"viewport"}"#], "line 3: missing field 'rect'"),
        ([header, layout, #"{"type":"appear"}"#], "line 3: missing field 't'"),
        ([header, layout, #"{"t":10,"type":"viewport","rect":[0,1e999,390,844]}"#], "line 3:"),
        ([header, layout, #"{"t":10,"type":"viewport","rect":[0,"x",390,844]}"#], "line 3: field 'rect[1]' must be a number"),
        ([header, layout, #"{"t":10,"type":"viewport","rect":[0,0,390]}"#], "line 3: rect: a rect must be [x, y, width, height], got 3 numbers"),
        ([header, layout, viewport, #"{"t":500,"type":"appear"}"#, #"{"t":400,"type":"disappear"}"#],
         "line 5: times must not go backwards: 400 ms after 500 ms"),
        ([header, #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,-5]]}]}"#],
         #"line 2: the engine refused the layout: section "a" (index 0): cell 0 has a negative size"#),
        ([header, #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[]},{"id":"a","cells":[]}]}"#],
         "line 2: the engine refused the layout: section \"a\" (index 1): duplicate id"),
        ([header, layout, #"{"t":5,"type":"contentOffset","container":"nope","offset":[1,0]}"#],
         #"line 3: the engine refused the content offset: container "nope": no container with this id"#),
        ([header, layout, #"{"t":5,"type":"jump"}"#], "line 3: unknown event type 'jump'"),
        ([header, layout, #"{"t":-1,"type":"appear"}"#], "line 3: time 't' must be in 0...10000000000 ms, got -1"),
        ([layout], "line 1: expected the header first"),
        ([header, header], "line 2: a second header"),
        ([header, layout, #"{"t":100,"type":"end"}"#, #"{"t":200,"type":"appear"}"#], "line 4: a line after the end of the session"),
        ([#"{"format":"impressions-trace","version":1,"sampleIntervalMs":0}"#], "line 1: sampleIntervalMs must be more than 0"),
        ([header, #"{"t":0,"type":"layout","sections":[{"id":"a","policy":{"ratio":2,"durationMs":0}}]}"#],
         "line 2: field 'sections[0].policy': invalid policy"),
        ([header, #"{"t":0,"type":"layout","sections":[],"containers":[{"id":"a","frame":[0,0,1,1],"parent":"a"}]}"#],
         "line 2: container \"a\" is nested more than 32 deep (or in a cycle)"),
        ([], "the trace is empty"),
    ])
    func badLine(lines: [String], message: String) async throws {
        let result = try await Self.replay(lines)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.hasPrefix("impressions replay: "))
    }

    @Test("a line past the length limit is refused, and so is a layout past the section limit")
    func limits() async throws {
        let long = #"{"t":5,"type":"obstructions","rects":["# + Array(repeating: "[0,0,1,1]", count: 5000).joined(separator: ",") + "]}"
        let tooLong = try await Self.replay([Self.header, Self.layout, long], "--max-line-bytes", "1000")
        #expect(tooLong.status == 1 && tooLong.output.isEmpty)
        #expect(tooLong.error.contains("line 3: the line is longer than the limit of 1000 bytes"))
        let tooMany = try await Self.replay([Self.header, Self.layout], "--max-sections", "1")
        #expect(tooMany.status == 1 && tooMany.error.contains("line 2: the layout has 2 sections, more than the limit of 1"))
    }

    @Test("--keep-going skips and counts bad lines and replays the rest")
    func keepGoing() async throws {
        let lines = [Self.header, Self.layout, Self.viewport, #"{"t":300,"type":"bogus"}"#,
                     #"{"t":200,"type":"appear"}"#, "not json", #"{"t":3000,"type":"end"}"#]
        let strict = try await Self.replay(lines)
        #expect(strict.status == 1 && strict.output.isEmpty && strict.error.contains("line 4:"))
        let lenient = try await Self.replay(lines, "--keep-going")
        #expect(lenient.status == 0)
        #expect(lenient.error.contains("skipped 2 bad lines (--keep-going)"))
        #expect(lenient.error.contains("line 4: unknown event type 'bogus'") && lenient.error.contains("line 6: malformed JSON"))
        // Sections a and b are both on screen from sample 0: they fire at 1 s.
        #expect(lenient.output == """
            {"policy":"default","section":"a","timeMs":1000,"ratio":1,"seenMs":1000,"visit":1}
            {"policy":"default","section":"b","timeMs":1000,"ratio":1,"seenMs":1000,"visit":1}

            """)
    }

    @Test("bad flags are usage errors with status 2; a missing file is status 1")
    func usage() async {
        let noFile = await impressions("replay")
        #expect(noFile.status == 2 && noFile.error.contains("missing the trace to replay"))
        let twoFiles = await impressions("replay", "a", "b")
        #expect(twoFiles.status == 2)
        let badPolicy = await impressions("replay", "x", "--policy", "ratio=2")
        #expect(badPolicy.status == 2 && badPolicy.error.contains("--policy"))
        let missing = await impressions("replay", "/nonexistent/trace.jsonl")
        #expect(missing.status == 1 && missing.error.contains("cannot open /nonexistent/trace.jsonl"))
        let help = await impressions("replay", "--help")
        #expect(help.status == 0 && help.output.contains("--keep-going"))
    }
}
