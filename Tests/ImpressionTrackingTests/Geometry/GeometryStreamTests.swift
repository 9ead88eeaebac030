@testable import ImpressionTracking
import Testing

/// The tracker's geometry stream: what a subscription receives and when, its buffer, and
/// friendly obstructions in traces.
@Suite("Geometry stream", .catchesHangs)
struct GeometryStreamTests {
    static let rows = [TrackedSection(id: 0, cells: [Rect(x: 0, y: 0, width: 390, height: 400)]),
                       TrackedSection(id: 1, cells: [Rect(x: 0, y: 400, width: 390, height: 800)])]

    static func makeTracker() async throws -> (ImpressionTracker<Int>, ManualClock) {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(clock: clock)
        try await tracker.setLayout(rows)
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        return (tracker, clock)
    }

    static func collect<Element>(_ subscription: TrackerSubscription<Element>) async -> [Element] {
        var received: [Element] = []
        for await element in subscription { received.append(element) }
        return received
    }

    @Test("a subscription gets every section at the next sample, then only what changed, and ends with finish()")
    func subscriptionReceivesChanges() async throws {
        let (tracker, clock) = try await Self.makeTracker()
        let subscription = await tracker.geometryChanges()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        // Nothing changes for a second: nothing is sent.
        clock.advance(by: .seconds(1))
        await tracker.flush()
        // Scrolling 400 pt: row 1 (y 400...1,200) now shows whole, row 0 (y 0...400)
        // touches the viewport's top edge only, which is not in view.
        try await tracker.setViewport(Rect(x: 0, y: 400, width: 390, height: 844))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        let received = await Self.collect(subscription)
        #expect(received.map(\.sectionID) == [0, 1, 0, 1])
        #expect(received.map(\.time) == [.milliseconds(100), .milliseconds(100), .milliseconds(1_200), .milliseconds(1_200)])
        // 444 of row 1's 800 pt show at first (y 400...844), all of it after the scroll.
        #expect(received[1].heightFraction == 444.0 / 800 && received[1].reasons == .viewport)
        #expect(received[2].percentageInView == 0 && received[2].reasons == .viewport)
        #expect(received[3].percentageInView == 100 && received[3].reasons == [])
    }

    @Test("nobody subscribed: the engine works out no geometry; a cancelled subscription stops it")
    func noSubscriberNoWork() async throws {
        let (tracker, clock) = try await Self.makeTracker()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        #expect(await !tracker.engine.watchesGeometry)
        let task = Task { for await _ in await tracker.geometryChanges() {} }
        while await !tracker.engine.watchesGeometry { await Task.yield() }
        task.cancel()
        await task.value
        try await tracker.setViewport(Rect(x: 0, y: 10, width: 390, height: 844))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        #expect(await !tracker.engine.watchesGeometry)
    }

    @Test("bufferingNewest(1) keeps the last change and counts the ones it dropped")
    func boundedBuffer() async throws {
        let (tracker, clock) = try await Self.makeTracker()
        let subscription = await tracker.geometryChanges(bufferingPolicy: .bufferingNewest(1))
        for step in 1...5 {
            try await tracker.setViewport(Rect(x: 0, y: Double(step * 10), width: 390, height: 844))
            clock.advance(by: .milliseconds(100))
            await tracker.flush()
        }
        await tracker.finish()
        let received = await Self.collect(subscription)
        // Two sections changed at each of five samples: 10 sent, the last kept.
        #expect(received.count == 1 && received.first?.sectionID == 1)
        #expect(subscription.droppedCount == 9)
    }

    @Test("after finish() a subscription ends at once")
    func afterFinish() async throws {
        let (tracker, _) = try await Self.makeTracker()
        await tracker.finish()
        #expect(await Self.collect(await tracker.geometryChanges()).isEmpty)
    }

    @Test("friendly obstructions are written to a trace line and read back; a line without them reads as before")
    func friendlyObstructionsInTraces() throws {
        let friendly = [FriendlyObstruction(rect: Rect(x: 1, y: 2, width: 3, height: 4), purpose: .videoControls,
                                            detailedReason: "play \"and\" pause"),
                        FriendlyObstruction(rect: Rect(x: 5, y: 6, width: 7, height: 8), purpose: .closeAd)]
        let trace = Trace(header: TraceHeader(), inputs: [
            TimedInput(time: .milliseconds(5), input: .obstructions([Rect(x: 0, y: 0, width: 10, height: 10)], friendly: friendly)),
            TimedInput(time: .milliseconds(6), input: .obstructions([Rect(x: 0, y: 0, width: 10, height: 10)])),
        ], end: nil)
        let text = trace.encoded()
        #expect(text.contains(#""friendly":[{"rect":[1,2,3,4],"purpose":"videoControls","reason":"play \"and\" pause"}"#))
        let lines = text.split(separator: "\n")
        #expect(!lines[2].contains("friendly"))   // none: written as before
        var decoder = TraceDecoder()
        var inputs: [TimedInput<String>] = []
        for (index, line) in lines.enumerated() {
            if case .input(let input) = try decoder.decode(line.utf8, lineNumber: index + 1) { inputs.append(input) }
        }
        #expect(inputs == trace.inputs)
    }

    @Test("a friendly obstruction of an unknown purpose is refused with the line and the value")
    func unknownPurpose() throws {
        var decoder = TraceDecoder()
        _ = try decoder.decode(#"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#.utf8, lineNumber: 1)
        let line = #"{"t":0,"type":"obstructions","rects":[],"friendly":[{"rect":[0,0,1,1],"purpose":"logo"}]}"#
        do {
            _ = try decoder.decode(line.utf8, lineNumber: 2)
            Issue.record("accepted purpose logo")
        } catch {
            #expect(error.description.contains("line 2"))
            #expect(error.description.contains("'logo'"))
        }
    }
}
