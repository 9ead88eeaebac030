import ImpressionSimulation
import ImpressionTracking
import Testing

/// A feed file's screen may carry viewport insets, in points and in percent of the
/// screen: every simulated session sets them, traces record them, and the feed writes
/// them back.
@Suite("Feed files with screen insets")
struct FeedFileInsetsTests {
    static func feed(insets: String) throws -> Feed {
        try FeedFileTests.decode(#""screen": {"width": 390, "height": 844, "insets": \#(insets)}, "sections": [{"repeat": 60, "sections": [{"kind": "card", "height": 300}]}]"#)
    }

    @Test("points, percentages and fractions read, and write back the same")
    func roundTrip() throws {
        let feed = try Self.feed(insets: #"{"top": 91, "bottom": "-10%", "relative": {"left": 0.05, "bottom": 0.5}}"#)
        #expect(feed.screen.insets == Insets(top: 91, relative: RelativeInsets(left: 0.05, bottom: 0.4)))
        let written = FeedFile.encode(feed)
        let again = try FeedFile.decode(Array(written.utf8))
        #expect(again.screen == feed.screen && again.sections == feed.sections, "\(written.prefix(200))")
        #expect(!FeedFile.encode(Feed(sectionCount: 5, seed: 1)).contains("insets"))
    }

    @Test("every session sets the insets: the trace holds them and replays to the simulated impressions")
    func sessionsUseTheInsets() throws {
        // Grown by 20 % at the bottom (168.8 points), more sections reach half their height.
        let grown = try Self.feed(insets: #"{"bottom": "-20%"}"#)
        let bare = try Self.feed(insets: #"{}"#)
        let policies = [NamedPolicy(name: "default", policy: .default)]
        var grownTotal = 0
        var bareTotal = 0
        for index in 0..<6 {
            let session = SessionGenerator(model: UserModel(), feed: grown, duration: .seconds(30)).session(seed: 4, index: index)
            let runner = try SessionRunner(feed: grown, policies: policies)
            let simulated = runner.run(session).impressions
            let (inputs, end) = runner.engineInputs(of: session)
            #expect(inputs.contains { $0.input == .viewportInsets(grown.screen.insets) })
            let trace = Trace(header: TraceHeader(), inputs: inputs.map { TimedInput(time: $0.time, input: $0.input.mapIDs(String.init)) },
                              end: end)
            let replayed = try TraceReplayer.impressions(of: decodeTrace(trace.encoded()), policies: policies)
            #expect(replayed.map { $0.map(\.sectionID) } == simulated.map { $0.map { String($0.sectionID) } })
            grownTotal += simulated.reduce(0) { $0 + $1.count }
            bareTotal += try SessionRunner(feed: bare, policies: policies).run(session).impressions.reduce(0) { $0 + $1.count }
        }
        #expect(grownTotal > bareTotal, "grown \(grownTotal), bare \(bareTotal)")
    }

    @Test("a bad inset is named by its path", arguments: [
        (#"{"top": "ten"}"#, #"screen.insets.top: must be points (a number) or a percentage in -1000%...1000% like "-10%", got "ten""#),
        (#"{"top": "2000%"}"#, #"screen.insets.top: must be points (a number) or a percentage in -1000%...1000% like "-10%", got "2000%""#),
        (#"{"middle": 3}"#, "screen.insets.middle: unknown key"),
        (#"{"relative": {"top": 11}}"#, "screen.insets.relative.top: must be in -10...10, got 11"),
        (#"{"left": 1e9}"#, "screen.insets.left: must be in"),
    ])
    func badValues(insets: String, expected: String) {
        #expect { try Self.feed(insets: insets) } throws: { error in
            let text = (error as? FileFormatError)?.description ?? ""
            return text.hasPrefix(expected) || text.contains(expected)
        }
    }
}
