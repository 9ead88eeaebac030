import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `impressions replay --geometry`: every geometry change as an OM SDK `geometryChange`
/// line, checked against lines derived by hand from the rects.
@Suite("replay --geometry writes OM SDK geometryChange lines")
struct GeometryReplayCommandTests {
    /// A 390 × 844 pt screen with a tab bar drawn over its bottom 83 pt (an obstruction),
    /// a card from y 700 to 900 under it, a video whose controls are a friendly
    /// obstruction, a banner hidden at 500 ms, and the app in the background at 1 s.
    static let trace = #"""
        {"format":"impressions-trace","version":1,"sampleIntervalMs":100,"session":"s1"}
        {"t":0,"type":"layout","sections":[{"id":"card","cells":[[0,700,390,200]]},{"id":"video","cells":[[0,100,390,300]]},{"id":"banner","cells":[[0,420,390,100]]}]}
        {"t":0,"type":"viewport","rect":[0,0,390,844]}
        {"t":0,"type":"obstructions","rects":[[0,761,390,83]],"friendly":[{"rect":[20,350,350,40],"purpose":"videoControls","reason":"play, pause"}]}
        {"t":500,"type":"section","id":"banner","hidden":true}
        {"t":1000,"type":"enterBackground"}
        {"t":1500,"type":"end"}

        """#

    /// The lines, by hand.
    ///
    /// Sample 0 (0 ms) sends every section, in layout order. The card: the screen shows
    /// y 700…844 of it, the tab bar covers 761…844, so 61 of 200 pt are in view: 390 × 61
    /// = 23,790 of 78,000 pt², 30.5 %, floored to 30; reasons `viewport` (it runs past the
    /// screen's bottom) and `obstructed`; the tab bar is listed. The video: all 390 × 300
    /// = 117,000 pt² in view, its controls listed as friendly and taking nothing away.
    /// The banner: 390 × 100 = 39,000 pt², 100 %.
    ///
    /// The banner is hidden at 500 ms; the input applies from the next sample, 600 ms:
    /// 0 %, reason `hidden`, its frame still where it was, nothing on screen (zero rect).
    /// The app goes to the background at 1,000 ms: at 1,100 ms every section is 0 % for
    /// the reason `backgrounded` alone (while inactive, the inactivity is the reason).
    static let expected: [String] = {
        let viewport = #""viewport":{"width":390,"height":844}"#
        let nothing = #""onScreenGeometry":{"x":0,"y":0,"width":0,"height":0,"pixels":0,"obstructions":[],"friendlyObstructions":[]}"#
        func line(_ id: String, _ time: Int, _ adView: String) -> String {
            #"{"adSessionId":""# + id + #"","timestamp":\#(time),"type":"geometryChange","data":{"# + viewport
                + #","adView":{"# + adView + "}}}"
        }
        let card = #""geometry":{"x":0,"y":700,"width":390,"height":200,"pixels":78000}"#
        let video = #""geometry":{"x":0,"y":100,"width":390,"height":300,"pixels":117000}"#
        let banner = #""geometry":{"x":0,"y":420,"width":390,"height":100,"pixels":39000}"#
        let backgrounded = #""percentageInView":0,"pixelsInView":0,"reasons":["backgrounded"],"#
        return [
            line("card", 0, #""percentageInView":30,"pixelsInView":23790,"reasons":["viewport","obstructed"],"# + card
                + #","onScreenGeometry":{"x":0,"y":700,"width":390,"height":61,"pixels":23790,"#
                + #""obstructions":[{"x":0,"y":761,"width":390,"height":83}],"friendlyObstructions":[]}"#),
            line("video", 0, #""percentageInView":100,"pixelsInView":117000,"reasons":[],"# + video
                + #","onScreenGeometry":{"x":0,"y":100,"width":390,"height":300,"pixels":117000,"obstructions":[],"#
                + #""friendlyObstructions":[{"x":20,"y":350,"width":350,"height":40,"#
                + #""obstructionPurpose":"videoControls","obstructionReason":"play, pause"}]}"#),
            line("banner", 0, #""percentageInView":100,"pixelsInView":39000,"reasons":[],"# + banner
                + #","onScreenGeometry":{"x":0,"y":420,"width":390,"height":100,"pixels":39000,"obstructions":[],"#
                + #""friendlyObstructions":[]}"#),
            line("banner", 600, #""percentageInView":0,"pixelsInView":0,"reasons":["hidden"],"# + banner + "," + nothing),
            line("card", 1100, backgrounded + card + "," + nothing),
            line("video", 1100, backgrounded + video + "," + nothing),
            line("banner", 1100, backgrounded + banner + "," + nothing),
        ]
    }()

    @Test("every change, as derived by hand, in sample order; the impressions still on standard output")
    func linesDerivedByHand() async throws {
        let trace = try temporaryFile(Self.trace)
        let path = try temporaryDirectory() + "/geometry.jsonl"
        let replay = await impressions("replay", trace, "--geometry", path, "--policy", "default")
        #expect(replay.status == 0, "\(replay.error)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == Self.expected.joined(separator: "\n") + "\n")
        for (mine, theirs) in zip(text.split(separator: "\n"), Self.expected) { #expect(String(mine) == theirs) }
        // The video, 100 % in view from 0 ms, fires at 1 s under the default policy.
        #expect(replay.output == #"{"policy":"default","section":"video","timeMs":1000,"ratio":1,"seenMs":1000,"visit":1}"# + "\n")
        // The same bytes again.
        let again = try temporaryDirectory() + "/again.jsonl"
        #expect(await impressions("replay", trace, "--geometry", again, "--policy", "default").status == 0)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == text)
    }

    @Test("--section keeps one section's changes")
    func oneSection() async throws {
        let trace = try temporaryFile(Self.trace)
        let path = try temporaryDirectory() + "/banner.jsonl"
        let replay = await impressions("replay", trace, "--geometry", path, "--section", "banner")
        #expect(replay.status == 0, "\(replay.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == Self.expected.filter { $0.contains(#""adSessionId":"banner""#) }.joined(separator: "\n") + "\n")
    }

    @Test("bad flags: an unknown section, --section alone, --geometry with --snapshot-at, a path that cannot be written")
    func badFlags() async throws {
        let trace = try temporaryFile(Self.trace)
        let directory = try temporaryDirectory()
        let unknown = await impressions("replay", trace, "--geometry", directory + "/g.jsonl", "--section", "ad-9")
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("--section") && unknown.error.contains("'ad-9'"), "\(unknown.error)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/g.jsonl"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)   // no partial file left

        let alone = await impressions("replay", trace, "--section", "card")
        #expect(alone.status == 2 && alone.error.contains("--section 'card' without --geometry"), "\(alone.error)")

        let snapshot = await impressions("replay", trace, "--geometry", directory + "/g.jsonl", "--snapshot-at", "1s")
        #expect(snapshot.status == 2 && snapshot.error.contains("--geometry") && snapshot.error.contains("--snapshot-at"),
                "\(snapshot.error)")

        let unwritable = directory + "/no/such/dir/g.jsonl"
        let failed = await impressions("replay", trace, "--geometry", unwritable)
        #expect(failed.status == 1 && failed.error.contains("--geometry") && failed.error.contains(unwritable), "\(failed.error)")
        #expect(failed.output.isEmpty)
    }

    @Test("every line decodes to what wrote it, and writes the same bytes again")
    func roundTrip() throws {
        for (index, text) in Self.expected.enumerated() {
            let change = try #require(try OMGeometryChange.decode(Array(text.utf8), lineNumber: index + 1))
            #expect(change.line == text)
        }
        let card = try #require(try OMGeometryChange.decode(Array(Self.expected[0].utf8), lineNumber: 1))
        #expect(card == OMGeometryChange(adSessionId: "card", timestamp: .zero, viewport: Rect(x: 0, y: 0, width: 390, height: 844),
                                         percentageInView: 30, pixelsInView: 23790, reasons: ["viewport", "obstructed"],
                                         geometry: Rect(x: 0, y: 700, width: 390, height: 200),
                                         onScreenGeometry: Rect(x: 0, y: 700, width: 390, height: 61),
                                         obstructions: [Rect(x: 0, y: 761, width: 390, height: 83)]))
        // A time with a fraction, exact to the nanosecond, and an obstruction class read from an SDK's log.
        let change = OMGeometryChange(adSessionId: "ad \"1\"", timestamp: .nanoseconds(2_016_666_667), percentageInView: 49.5,
                                      onScreenGeometry: Rect(x: 0, y: 0, width: 10, height: 10),
                                      friendlyObstructions: [.init(rect: Rect(x: 1, y: 2, width: 3, height: 4), purpose: .closeAd,
                                                                   obstructionClass: "UIButton")])
        #expect(try OMGeometryChange.decode(Array(change.line.utf8), lineNumber: 1) == change)
        #expect(change.line.contains(#""timestamp":2016.666667"#))
        // Another event type is skipped, a blank line too.
        #expect(try OMGeometryChange.decode(Array(#"{"adSessionId":"a","timestamp":5,"type":"impression","data":{"x":1}}"#.utf8),
                                            lineNumber: 1) == nil)
        #expect(try OMGeometryChange.decode(Array("  ".utf8), lineNumber: 1) == nil)
    }
}
