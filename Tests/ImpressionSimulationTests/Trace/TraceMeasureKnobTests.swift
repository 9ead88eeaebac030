@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Traces carry the width measure, a section's `fullWidth` and the focus rule, write
/// them only when used, and refuse bad values with the field and the value.
@Suite("Traces: the width measure, fullWidth and focus")
struct TraceMeasureKnobTests {
    static let header = TraceTimingKnobTests.header

    /// The first section of the trace's one layout line.
    static func section(of lines: [String]) throws -> TrackedSection<String>? {
        let trace = try decodeTrace(lines.joined(separator: "\n") + "\n")
        guard case .layout(let sections, _) = trace.inputs.first?.input else { return nil }
        return sections.first
    }

    @Test("width, fullWidth and focus are written and read back the same, and replay as the engine fires")
    func roundTrip() throws {
        let focused = ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .height,
                                       exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 0.5))
        var card = TrackedSection(id: "card", cells: [Rect(x: 200, y: 0, width: 390, height: 300)],
                                  policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero, measure: .width))
        card.fullWidth = 780
        let story = TrackedSection(id: "story", cells: [Rect(x: 0, y: 310, width: 390, height: 2000)], policy: focused)
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout(sections: [card, story], containers: [])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
            TimedInput(time: .milliseconds(250), input: .viewport(Rect(x: 200, y: 0, width: 390, height: 844))),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(1))
        let text = trace.encoded()
        #expect(text.contains(#""fullWidth":780"#) && text.contains(#""measure":"width""#)
                && text.contains(#""largeSection":{"focus":0.5}"#), "\(text)")
        #expect(try decodeTrace(text) == trace)

        // card: 200...590 on a 0...390 screen shows 200...390, 190 of fullWidth 780,
        // 0.24; the screen at 200...590 (from 0.3 s) shows all 390, 0.5: fires at 0.3 s. story: 534 of 2000
        // on screen, over min(2000, 0.5 × 844 = 422): fires at 0.0.
        let direct = try directImpressions(of: inputs, until: .seconds(1))
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["story@0.0 seconds", "card@0.3 seconds"])
        #expect(try TraceReplayer.impressions(of: decodeTrace(text), policies: [NamedPolicy(name: "default", policy: .default)]) == [direct])
    }

    @Test("a section without them is written as before; capToViewport is still \"viewport\"")
    func oldTracesReadTheSame() throws {
        #expect(TraceEncoder.policy(.viewportRelative).contains(#""largeSection":"viewport""#))
        let old = try Self.section(of: [Self.header, TraceTimingKnobTests.layout(policy: #"{"ratio":0.5,"durationMs":1000}"#)])
        #expect(old?.fullWidth == nil && old?.policy?.measure == .height && old?.policy?.largeSectionRule == nil)
    }

    @Test("a bad measure, focus fraction or fullWidth is refused with the field and the value", arguments: [
        (#""policy":{"ratio":0.5,"durationMs":0,"measure":"depth"}"#, "measure must be height, area or width, got 'depth'"),
        (#""policy":{"ratio":1,"durationMs":0,"largeSection":{"focus":1.5}}"#, "the focus rule's fraction must be in (0, 1], got 1.5"),
        (#""policy":{"ratio":1,"durationMs":0,"largeSection":{"focus":0}}"#, "the focus rule's fraction must be in (0, 1], got 0.0"),
        (#""policy":{"ratio":1,"durationMs":0,"largeSection":{"focus":"half"}}"#, "focus"),
        (#""fullWidth":"wide""#, "fullWidth"),
    ])
    func badValues(field: String, message: String) {
        let line = #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,300]],"# + field + "}]}"
        do {
            _ = try Self.section(of: [Self.header, line])
            Issue.record("accepted \(field)")
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }
}
