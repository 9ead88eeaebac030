@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Traces carry a policy's rounding and interaction gate, and the interaction itself as
/// an `interact` line; they write the knobs only when set, read traces without them as
/// before, and replay them as the engine fires.
@Suite("Traces: rounding, the interaction gate and the interaction")
struct TracePeerRuleKnobTests {
    static let header = TraceTimingKnobTests.header

    @Test("rounding, requiresInteraction and interact are written and read back the same, and replay as the engine fires")
    func roundTrip() throws {
        let policy = ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .area,
                                      rounding: .snapNearEnds, requiresInteraction: true)
        let tall = TrackedSection(id: "tall", cells: [Rect(x: 0, y: 0, width: 390, height: 10_000)], policy: policy)
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout([tall])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 1, width: 390, height: 20_000))),
            TimedInput(time: .milliseconds(450), input: .lifecycle(.interact)),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(1))
        let text = trace.encoded()
        #expect(text.contains(#""rounding":"snap-near-ends""#) && text.contains(#""requiresInteraction":true"#)
                && text.contains(#""type":"interact""#), "\(text)")
        #expect(try decodeTrace(text) == trace)
        // 0.9999 snapped to 1 meets the ratio; the interaction at 0.45 opens the gate at 0.5.
        let direct = try directImpressions(of: inputs, until: .seconds(1))
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["tall@0.5 seconds"])
        #expect(try TraceReplayer.impressions(of: decodeTrace(text), policies: [NamedPolicy(name: "default", policy: .default)]) == [direct])
    }

    @Test("React Native's whole points and viewport coverage are written and read back the same, and replay as the engine fires")
    func reactNativeRoundTrip() throws {
        var policy = ImpressionPolicy.reactNativeArea
        policy.minimumVisibleRatio = 1
        // Floored to 264 and 411 in a viewport of 411.43: wholly in view.
        let item = TrackedSection(id: "item", cells: [Rect(x: 0, y: 1767.6190185546875, width: 390, height: 147.4285888671875)],
                                  policy: policy)
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout([item])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 1503.61901855, width: 390, height: 411.4285583496094))),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(1))
        let text = trace.encoded()
        #expect(text.contains(#""rounding":"whole-points""#) && text.contains(#""largeSection":"viewportCoverage""#)
                && text.contains(#""timing":"both-ends""#), "\(text)")
        #expect(try decodeTrace(text) == trace)
        let direct = try directImpressions(of: inputs, until: .seconds(1))
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["item@0.0 seconds"])
        #expect(try TraceReplayer.impressions(of: decodeTrace(text), policies: [NamedPolicy(name: "default", policy: .default)]) == [direct])
    }

    @Test("a trace without them reads as before: exact, not waiting")
    func oldTracesReadTheSame() throws {
        let trace = try decodeTrace([Self.header, TraceTimingKnobTests.layout(policy: #"{"ratio":0.5,"durationMs":1000}"#)]
            .joined(separator: "\n") + "\n")
        guard case .layout(let sections, _) = trace.inputs.first?.input, let section = sections.first else {
            Issue.record("no layout")
            return
        }
        #expect(section.policy?.rounding == .exact && section.policy?.requiresInteraction == false)
        #expect(!TraceEncoder.policy(.default).contains("rounding") && !TraceEncoder.policy(.default).contains("requiresInteraction"))
    }

    @Test("an unknown rounding or a gate that is not a boolean is refused with the field", arguments: [
        (#"{"ratio":0.5,"durationMs":0,"rounding":"nearest"}"#, "rounding must be exact, snap-near-ends, floor-to-percent or whole-points, got 'nearest'"),
        (#"{"ratio":0.5,"durationMs":0,"requiresInteraction":"yes"}"#, "requiresInteraction"),
        (#"{"ratio":0.5,"durationMs":0,"timing":"sometimes"}"#, "timing must be continuous, cumulative or both-ends, got 'sometimes'"),
        (#"{"ratio":0.5,"durationMs":0,"largeSection":"coverage"}"#, #"largeSection must be "viewport", "viewportCoverage""#),
        (#"{"ratio":0.5,"durationMs":0,"measure":"area","rounding":"whole-points"}"#, "measure must be height or width, got area"),
    ])
    func badValues(policy: String, message: String) {
        do {
            _ = try decodeTrace([Self.header, TraceTimingKnobTests.layout(policy: policy)].joined(separator: "\n") + "\n")
            Issue.record("accepted \(policy)")
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }
}
