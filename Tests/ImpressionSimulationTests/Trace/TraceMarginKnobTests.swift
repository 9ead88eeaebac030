@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Traces carry relative viewport insets and containers' clip insets, write them only
/// when used, and refuse bad values with the field.
@Suite("Traces: relative insets and clip insets")
struct TraceMarginKnobTests {
    static let header = TraceTimingKnobTests.header

    @Test("relative insets and clip insets are written and read back the same, and replay as the engine fires")
    func roundTrip() throws {
        // By area, 0.5 for 0 s. The card (150 × 200) spans 150...300 of a 200-wide carousel
        // grown by 25 % (50 points) to the right and shrunk by 4 at the top: 100 × 196
        // shows, 0.65. "below" spans
        // 800...1000 under an 844-high screen grown by 10 % (84.4 points) at the bottom:
        // 128.4 of 200 show, so it fires too.
        let byArea = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero, measure: .area)
        let carousel = ScrollContainer(id: "carousel", frame: Rect(x: 0, y: 0, width: 200, height: 200),
                                       clipInsets: Insets(top: 4, relative: RelativeInsets(right: -0.25)))
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout(sections: [
                TrackedSection(id: "card", nestedCells: [NestedCell(containerID: "carousel", frame: Rect(x: 150, y: 0, width: 150, height: 200))]),
                TrackedSection(id: "below", cells: [Rect(x: 0, y: 800, width: 390, height: 200)]),
            ], containers: [carousel])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
            TimedInput(time: .milliseconds(250), input: .viewportInsets(.percent(top: 5, bottom: -10))),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(1))
        let text = trace.encoded()
        #expect(text.contains(#""clipInsets":{"top":4,"left":0,"bottom":0,"right":0,"relative":{"top":0,"left":0,"bottom":0,"right":-0.25}}"#)
                && text.contains(#""type":"insets","top":0,"left":0,"bottom":0,"right":0,"relative":{"top":0.05,"left":0,"bottom":-0.1,"right":0}"#),
                "\(text)")
        #expect(try decodeTrace(text) == trace)

        let direct = try directImpressions(of: inputs, policy: byArea, until: .seconds(1))
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["card@0.0 seconds", "below@0.3 seconds"])
        let replayed = try TraceReplayer.impressions(of: decodeTrace(text), policies: [NamedPolicy(name: "area", policy: byArea)])
        #expect(replayed == [direct])
    }

    @Test("insets and containers without them are written as before")
    func oldTracesReadTheSame() throws {
        let line = TraceEncoder.line(TimedInput<String>(time: .zero, input: .viewportInsets(Insets(top: 44, bottom: 34))))
        #expect(line == #"{"t":0,"type":"insets","top":44,"left":0,"bottom":34,"right":0}"#)
        let layout = TraceEncoder.line(TimedInput<String>(time: .zero, input: .layout(sections: [], containers: [
            ScrollContainer(id: "c", frame: Rect(x: 0, y: 0, width: 10, height: 10)),
        ])))
        #expect(!layout.contains("clipInsets"), "\(layout)")
        let old = try decodeTrace(Self.header + "\n" + #"{"t":0,"type":"insets","top":44,"bottom":34}"# + "\n")
        #expect(old.inputs.first?.input == .viewportInsets(Insets(top: 44, bottom: 34)))
    }

    @Test("a relative inset or clip inset that is not a number is refused with the field", arguments: [
        #"{"t":0,"type":"insets","top":0,"relative":{"top":"ten"}}"#,
        #"{"t":0,"type":"insets","relative":[0.1]}"#,
        #"{"t":0,"type":"layout","sections":[],"containers":[{"id":"c","frame":[0,0,10,10],"clipInsets":{"left":"x"}}]}"#,
    ])
    func badValues(line: String) {
        do {
            _ = try decodeTrace(Self.header + "\n" + line + "\n")
            Issue.record("accepted \(line)")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("relative") || text.contains("clipInsets"), "\(error)")
        }
    }
}
