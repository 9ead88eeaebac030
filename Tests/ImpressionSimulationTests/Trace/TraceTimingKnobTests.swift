@testable import ImpressionSimulation
import ImpressionTracking
import Testing

/// Traces carry the timing knobs of a section's policy (`timing`, `cooldownMs`), write
/// them only when they are on, and refuse bad values with the field and the value.
@Suite("Traces: cumulative time and cooldown in section policies")
struct TraceTimingKnobTests {
    static let header = #"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#

    /// The policy of the first section of the trace's one layout line.
    static func policy(of lines: [String]) throws -> ImpressionPolicy? {
        let trace = try decodeTrace(lines.joined(separator: "\n") + "\n")
        guard case .layout(let sections, _) = trace.inputs.first?.input else { return nil }
        return sections.first?.policy
    }

    static func layout(policy: String) -> String {
        #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,390,300]],"policy":"# + policy + "}]}"
    }

    @Test("a policy with the knobs is written and read back the same, and replays as the engine fires")
    func roundTrip() throws {
        var cumulative = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .milliseconds(500), measure: .area)
        cumulative.timing = .cumulative
        var cooled = ImpressionPolicy.cookpadShowContent
        cooled.recurrence = .onEveryEntry
        cooled.cooldown = .nanoseconds(1_333_333_333)
        let sections = [
            TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 390, height: 300)], policy: cumulative),
            TrackedSection(id: "b", cells: [Rect(x: 0, y: 310, width: 390, height: 300)], policy: cooled),
        ]
        // Both sections leave and come back twice: a cumulative sum over three stays,
        // and entries in and after the cooldown.
        var inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout(sections: sections, containers: [])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
        ]
        for (away, back) in [(250, 550), (1150, 1550)] {
            inputs.append(TimedInput(time: .milliseconds(away), input: .viewport(Rect(x: 0, y: 2000, width: 390, height: 844))))
            inputs.append(TimedInput(time: .milliseconds(back), input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))))
        }
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(3))
        let text = trace.encoded()
        #expect(text.contains(#""timing":"cumulative""#) && text.contains(#""cooldownMs":1333.333333"#), "\(text)")
        let decoded = try decodeTrace(text)
        #expect(decoded == trace)

        let direct = try directImpressions(of: inputs, until: .seconds(3))
        // a, 500 ms in all (6 samples): 0.0 ... 0.2 (3), away, 0.6 ... 0.8 (3 more): 0.8 s;
        // the sum restarts at the next entry, 1.6: 1.6 ... 2.1, 2.1 s.
        // b: fires at 0.0; enters at 0.6 (0.6 s after: dropped) and at 1.6 (fires).
        #expect(direct.map { "\($0.sectionID)@\($0.time)" } == ["b@0.0 seconds", "a@0.8 seconds", "b@1.6 seconds", "a@2.1 seconds"])
        #expect(try TraceReplayer.impressions(of: decoded, policies: [NamedPolicy(name: "default", policy: .default)]) == [direct])
    }

    @Test("a policy without the knobs is written as before, and a line without them reads as continuous, no cooldown")
    func oldTracesReadTheSame() throws {
        #expect(TraceEncoder.policy(.mrcDisplay) == #"{"ratio":0.5,"durationMs":1000,"measure":"area","recurrence":"every-entry"}"#)
        let old = try Self.policy(of: [Self.header, Self.layout(policy: #"{"ratio":0.5,"durationMs":1000,"measure":"area"}"#)])
        #expect(old == .mrcDisplay)
        let cumulative = try Self.policy(of: [Self.header, Self.layout(policy: #"{"ratio":0.5,"durationMs":1000,"timing":"cumulative","cooldownMs":30000}"#)])
        #expect(cumulative?.timing == .cumulative && cumulative?.cooldown == .seconds(30))
    }

    @Test("a bad timing or cooldown is refused with the field and the value", arguments: [
        (#"{"ratio":0.5,"durationMs":0,"timing":"sometimes"}"#, "timing must be continuous, cumulative or both-ends, got 'sometimes'"),
        (#"{"ratio":0.5,"durationMs":0,"cooldownMs":-1}"#, "field 'sections[0].policy.cooldownMs' must be in 0...86400000, got -1"),
        (#"{"ratio":0.5,"durationMs":0,"cooldownMs":1e12}"#, "field 'sections[0].policy.cooldownMs' must be in 0...86400000, got 1000000000000"),
        (#"{"ratio":0.5,"durationMs":0,"cooldownMs":"soon"}"#, "cooldownMs"),
    ])
    func badValues(policy: String, message: String) {
        do {
            _ = try Self.policy(of: [Self.header, Self.layout(policy: policy)])
            Issue.record("accepted \(policy)")
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }
}
