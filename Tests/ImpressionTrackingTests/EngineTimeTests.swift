@testable import ImpressionTracking
import Testing

/// The engine's handling of time: long jumps, the end of time, and the sample grid.
@Suite("Engine time")
struct EngineTimeTests {
    static let screen = Rect(x: 0, y: 0, width: 100, height: 100)

    static func engine(policy: ImpressionPolicy = .default, interval: Duration = .milliseconds(100)) throws -> ImpressionEngine<Int> {
        var engine = try ImpressionEngine<Int>(policy: policy, sampleInterval: interval)
        try engine.setViewport(screen)
        try engine.setLayout([
            TrackedSection(id: 1, cells: [Rect(x: 0, y: 0, width: 100, height: 50)]),
            TrackedSection(id: 2, cells: [Rect(x: 0, y: 60, width: 100, height: 30)],
                           policy: ImpressionPolicy(minimumDuration: .seconds(5))),
        ])
        return engine
    }

    @Test("one long jump fires what sample-by-sample advancing fires, at the same times")
    func longJumpEqualsSmallSteps() throws {
        var jumping = try Self.engine()
        var stepping = try Self.engine()
        let jumped = jumping.advance(to: .seconds(3600))
        var stepped: [Impression<Int>] = []
        for millisecond in stride(from: 0, through: 10_000, by: 100) {
            stepped += stepping.advance(to: .milliseconds(millisecond))
        }
        #expect(jumped == stepped)
        #expect(jumped.map(\.time) == [.seconds(1), .seconds(5)])
        #expect(jumped.map(\.visibleDuration) == [.seconds(1), .seconds(5)])
    }

    @Test("nextEventTime: the next sample after an input, then each firing, then nothing until an input")
    func nextEventTimeFollowsTheRuns() throws {
        var engine = try Self.engine()        // sections 1 (1 s) and 2 (5 s) on screen
        #expect(engine.nextEventTime == .zero)   // inputs arrived: sample 0 may report
        #expect(engine.advance(to: .zero).isEmpty)
        #expect(engine.nextEventTime == .seconds(1))
        #expect(engine.advance(to: .milliseconds(999)).isEmpty)
        #expect(engine.nextEventTime == .seconds(1))
        #expect(engine.advance(to: .seconds(1)).map(\.sectionID) == [1])
        #expect(engine.nextEventTime == .seconds(5))
        #expect(engine.advance(to: .seconds(5)).map(\.sectionID) == [2])
        #expect(engine.nextEventTime == nil)    // both fired; nothing moves without input
        engine.disappear()
        #expect(engine.nextEventTime == .milliseconds(5100))
        #expect(engine.advance(to: .seconds(60)).isEmpty)
        #expect(engine.nextEventTime == nil)
    }

    @Test("advancing to the end of time neither hangs nor overflows")
    func endOfTime() throws {
        var engine = try Self.engine()
        let fired = engine.advance(to: .seconds(Int64.max))
        #expect(fired.map(\.sectionID) == [1, 2])
        #expect(engine.time == .seconds(Int64.max))
        #expect(engine.advance(to: .seconds(Int64.max)).isEmpty)
        #expect(engine.advance(to: .seconds(1)).isEmpty)   // never backwards
    }

    @Test("samples fall on the grid whatever times advance is given")
    func offGridTimes() throws {
        var engine = try Self.engine(interval: .milliseconds(250))
        // 1 s at 250 ms: 5 samples, at 0, 0.25, 0.5, 0.75, 1.0.
        #expect(engine.advance(to: .milliseconds(999)).isEmpty)
        #expect(engine.advance(to: .milliseconds(1001)).map(\.time) == [.seconds(1)])
        #expect(engine.time == .milliseconds(1001))
    }

    @Test("a negative time evaluates nothing")
    func negativeTime() throws {
        var engine = try Self.engine()
        #expect(engine.advance(to: .seconds(-5)).isEmpty)
        #expect(engine.time == .zero)
        #expect(engine.advance(to: .seconds(1)).map(\.sectionID) == [1])
    }
}
