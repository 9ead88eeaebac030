import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Traces: simulate, write, read and replay give the direct run's impressions")
struct TraceRoundTripTests {
    @Test("simulated sessions replay from their trace text to the same impressions", arguments: [
        (UInt64(1), FeedLayout.Scope.window(marginScreens: 2)), (7, .window(marginScreens: 0)), (42, .wholeFeed),
    ])
    func simulatedSessions(seed: UInt64, scope: FeedLayout.Scope) throws {
        let feed = Feed(sectionCount: 400, seed: seed)
        let runner = try SessionRunner(feed: feed, policies: tracePolicies, scope: scope)
        let generator = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(90))
        var total = 0
        for index in 0..<6 {
            let session = generator.session(seed: seed, index: index)
            let direct = runner.run(session).impressions.map { $0.map(\.withTextID) }
            let trace = runner.trace(of: session, source: "seed \(seed), session \(index)")
            let text = trace.encoded()
            let decoded = try decodeTrace(text)
            #expect(decoded == trace)
            #expect(decoded.encoded() == text)
            let replayed = try TraceReplayer.impressions(of: decoded, policies: tracePolicies)
            #expect(replayed == direct, "seed \(seed), session \(index)")
            total += direct.reduce(0) { $0 + $1.count }
        }
        #expect(total > 100)
    }

    @Test("carousels are recorded as containers and swipes as content offsets")
    func carouselsInTraces() throws {
        let feed = Feed(sectionCount: 300, seed: 5)
        let runner = try SessionRunner(feed: feed, policies: NamedPolicy.defaults)
        let generator = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(120))
        let text = (0..<4).map { runner.trace(of: generator.session(seed: 5, index: $0)).encoded() }.joined()
        #expect(text.contains("\"containers\":[{\"id\":\"carousel-"))
        #expect(text.contains("\"type\":\"contentOffset\",\"container\":\"carousel-"))
        #expect(text.contains("\"nested\":[{\"container\":\"carousel-"))
    }

    @Test("scripted sessions with every kind of input replay to what the engine gives directly", arguments: 0..<40)
    func everyInput(seed: UInt64) throws {
        var random = SplitMix64(seed: seed, stream: 99)
        let inputs = RandomScript.inputs(using: &random)
        let end = (inputs.last?.time ?? .zero) + .milliseconds(random.nextInt(below: 3000))
        var total = 0
        // Lifecycle calls come often here, so a policy without a duration keeps firing.
        let instant = NamedPolicy(name: "instant", policy: ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero))
        for named in tracePolicies.prefix(4) + tracePolicies.suffix(2) + [instant] {
            var engine = try ImpressionEngine<String>(policy: named.policy)
            var direct: [Impression<String>] = []
            for input in inputs {
                if input.time > .zero { direct += engine.advance(to: input.time) }
                try? engine.apply(input.input)
            }
            direct += engine.advance(to: end)
            total += direct.count
            // Refused inputs are left out of the trace, as replay would refuse them too.
            let accepted = try RandomScript.accepted(inputs, policy: named.policy)
            let trace = Trace(header: TraceHeader(), inputs: accepted, end: end)
            let decoded = try decodeTrace(trace.encoded())
            #expect(decoded == trace, "seed \(seed)")
            #expect(try TraceReplayer.impressions(of: decoded, policies: [named]) == [direct], "seed \(seed), \(named.name)")
        }
        #expect(total > 0, "seed \(seed) fired nothing: the comparison proves little")
    }
}

/// Random engine inputs using everything a trace can hold: sections with cells, nested
/// cells in nested containers, full sizes and their own policies; viewports, offsets,
/// insets, obstructions and every lifecycle call, at random times.
enum RandomScript {
    static func inputs(using random: inout SplitMix64) -> [TimedInput<String>] {
        var inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: layout(using: &random, refusable: false)),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
        ]
        var time = Duration.zero
        for _ in 0..<(40 + random.nextInt(below: 60)) {
            // Times on and off the sample grid, sometimes equal to the last.
            time += .microseconds(Int64(random.nextInt(below: 4) == 0 ? 0 : random.nextInt(below: 400_000)))
            let input: EngineInput<String>
            switch random.nextInt(below: 13) {
            case 0: input = layout(using: &random, refusable: true)
            case 1, 2, 3: input = .viewport(Rect(x: 0, y: random.nextUniform() * 1500, width: 390, height: 844))
            case 4, 5: input = .contentOffset(Point(x: random.nextUniform() * 900, y: 0),
                                              containerID: random.nextBool(probability: 0.9) ? "row" : "missing")
            case 6: input = .viewportInsets(Insets(top: random.nextUniform() * 100, bottom: random.nextUniform() * 80))
            case 7: input = .obstructions(random.nextBool(probability: 0.5) ? []
                                          : [Rect(x: 0, y: random.nextUniform() * 700, width: 390, height: 120)])
            case 8, 9: input = .lifecycle(LifecycleCall.allCases[random.nextInt(below: LifecycleCall.allCases.count)])
            case 12:
                // One section's state; sometimes one not laid out, or an opacity above 1 (refused).
                input = .sectionState("s\(random.nextInt(below: 12))",
                                      isLoaded: random.nextBool(probability: 0.7) ? random.nextBool(probability: 0.6) : nil,
                                      opacity: random.nextBool(probability: 0.3) ? random.nextUniform() * 1.2 : nil,
                                      isHidden: random.nextBool(probability: 0.2) ? random.nextBool(probability: 0.5) : nil)
            default:
                // The calls that make the screen active again, so sessions keep firing.
                let restoring: [LifecycleCall] = [.appear, .enterForeground, .uncover, .endRefresh]
                input = .lifecycle(restoring[random.nextInt(below: restoring.count)])
            }
            inputs.append(TimedInput(time: time, input: input))
        }
        return inputs
    }

    private static func layout(using random: inout SplitMix64, refusable: Bool) -> EngineInput<String> {
        var sections: [TrackedSection<String>] = []
        var top = 0.0
        for index in 0..<(3 + random.nextInt(below: 8)) {
            let height = 80 + random.nextUniform() * 900
            var section = TrackedSection(id: "s\(index)", cells: [Rect(x: 10, y: top, width: 370, height: height)])
            switch random.nextInt(below: 5) {
            case 0: section.fullHeight = height * (1 + random.nextUniform())
            case 1: section.fullArea = 370 * height * 1.5
            case 2: section.policy = ImpressionPolicy(minimumVisibleRatio: 0.3, minimumDuration: .milliseconds(250),
                                                      measure: .area, recurrence: .oncePerVisit, exitVisibleRatio: 0.1,
                                                      largeSectionRule: .lowerRatio(minimumArea: 50_000, ratio: 0.2))
            default: break
            }
            sections.append(section)
            top += height + 10
        }
        // A carousel of cards in a container nested in a clipping container.
        let cards = (0..<8).map { NestedCell(containerID: "row", frame: Rect(x: Double($0) * 160, y: 0, width: 150, height: 200)) }
        sections.append(TrackedSection(id: "carousel", nestedCells: cards, fullArea: 150 * 200 * 2.4))
        let containers = [
            ScrollContainer(id: "clip", frame: Rect(x: 0, y: top, width: 390, height: 220)),
            ScrollContainer(id: "row", frame: Rect(x: 0, y: 10, width: 390, height: 200), parentID: "clip",
                            contentOffset: Point(x: random.nextUniform() * 300, y: 0)),
        ]
        if refusable && random.nextInt(below: 5) == 0 {
            // Refused by the engine: a negative size.
            sections[0].cells[0].height = -1
        }
        return .layout(sections: sections, containers: containers)
    }

    /// The inputs an engine accepts, in order.
    static func accepted(_ inputs: [TimedInput<String>], policy: ImpressionPolicy) throws -> [TimedInput<String>] {
        var engine = try ImpressionEngine<String>(policy: policy)
        return inputs.filter { input in
            do { try engine.apply(input.input); return true } catch { return false }
        }
    }
}
