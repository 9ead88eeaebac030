@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Traces carry the load gate, opacity and hidden flags of sections and containers and
/// a policy's minimum opacity, write them only when not at their defaults, and replay
/// them as the engine fires.
@Suite("Traces: the load gate, opacity and hidden")
struct TraceGateKnobTests {
    static let header = TraceTimingKnobTests.header

    @Test("loaded, opacity, hidden and minOpacity are written and read back the same, and replay as the engine fires")
    func roundTrip() throws {
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero)
        policy.minimumOpacity = 0.1
        var ad = TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 200)])
        ad.isLoaded = false
        var card = TrackedSection(id: "card", nestedCells: [NestedCell(containerID: "carousel", frame: Rect(x: 0, y: 0, width: 390, height: 200))],
                                  policy: policy)
        card.opacity = 0.15
        var hidden = TrackedSection(id: "hidden", cells: [Rect(x: 0, y: 500, width: 390, height: 100)])
        hidden.isHidden = true
        var carousel = ScrollContainer(id: "carousel", frame: Rect(x: 0, y: 250, width: 390, height: 200))
        carousel.opacity = 0.5
        var shown = carousel
        shown.opacity = 1
        var loaded = ad
        loaded.isLoaded = true
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout(sections: [ad, card, hidden], containers: [carousel])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
            TimedInput(time: .milliseconds(350), input: .layout(sections: [loaded, card, hidden], containers: [shown])),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(3))
        let text = trace.encoded()
        #expect(text.contains(#""loaded":false"#) && text.contains(#""opacity":0.15"#) && text.contains(#""hidden":true"#)
                && text.contains(#""minOpacity":0.1"#) && text.contains(#""opacity":0.5"#), "\(text)")
        // The second layout is all defaults but the card's opacity and the hidden section.
        let second = text.split(separator: "\n").filter { $0.contains("\"layout\"") }[1]
        #expect(!second.contains("loaded") && !second.contains(#""opacity":0.5"#), "\(second)")
        #expect(try decodeTrace(text) == trace)

        // ad: not loaded until 0.35, then fires under the default (1 s) at 1.4. card:
        // 0.15 x 0.5 = 0.075 < 0.1 until the carousel is opaque at 0.35; then 0.15 >= 0.1,
        // fires at 0.4. hidden: never.
        let direct = try directImpressions(of: inputs, until: .seconds(3))
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["card@0.4 seconds", "ad@1.4 seconds"])
        #expect(try TraceReplayer.impressions(of: decodeTrace(text), policies: [NamedPolicy(name: "default", policy: .default)]) == [direct])
    }

    @Test("a trace without them reads as before: loaded, opaque, shown, no minimum")
    func oldTracesReadTheSame() throws {
        let trace = try decodeTrace([Self.header, TraceTimingKnobTests.layout(policy: #"{"ratio":0.5,"durationMs":1000}"#)]
            .joined(separator: "\n") + "\n")
        guard case .layout(let sections, _) = trace.inputs.first?.input, let section = sections.first else {
            Issue.record("no layout")
            return
        }
        #expect(section.isLoaded && section.opacity == 1 && !section.isHidden && section.policy?.minimumOpacity == 0)
        #expect(!TraceEncoder.policy(.default).contains("minOpacity"))
    }

    @Test("a bad minOpacity, loaded or hidden is refused with the field", arguments: [
        (#""policy":{"ratio":0.5,"durationMs":0,"minOpacity":1.5}"#, "minimumOpacity must be in 0...1, got 1.5"),
        (#""loaded":"yes""#, "loaded"),
        (#""hidden":1"#, "hidden"),
        (#""opacity":"half""#, "opacity"),
    ])
    func badValues(field: String, message: String) {
        let line = #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,300]],"# + field + "}]}"
        do {
            _ = try decodeTrace([Self.header, line].joined(separator: "\n") + "\n")
            Issue.record("accepted \(field)")
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }
}
