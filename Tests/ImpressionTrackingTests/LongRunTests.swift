@testable import ImpressionTracking
import Testing

/// Long runs: a week of 100 ms samples through the tracker with its memory flat, time
/// exact at the end, and counters that cannot wrap.
@Suite("Long runs: a week on a manual clock, and the ends of time", .catchesHangs)
struct LongRunTests {
    static let week = Duration.seconds(7 * 24 * 3_600)
    static let sectionCount = 1_000
    static let sectionHeight = 100.0
    static let screen = Rect(x: 0, y: 0, width: 320, height: 800)

    /// What a lazy list reports around `viewport`: the sections within one screen of it,
    /// every fifth one counted once per visit.
    static func lazyLayout(around viewport: Rect) -> [TrackedSection<Int>] {
        let first = max(0, Int((viewport.minY - screen.height) / sectionHeight))
        let last = min(sectionCount - 1, Int((viewport.maxY + screen.height) / sectionHeight))
        return (first...last).map { id in
            TrackedSection(id: id, cells: [Rect(x: 0, y: Double(id) * sectionHeight, width: 320, height: sectionHeight)],
                           policy: id % 5 == 0 ? ImpressionPolicy(recurrence: .oncePerVisit) : nil)
        }
    }

    /// The engine's buffers and tables: what grows if anything leaks.
    struct Footprint: CustomStringConvertible {
        var values: [String: Int]

        init(_ engine: ImpressionEngine<Int>, subscribers: Int) {
            values = [
                "counters": engine.table.counters.capacity,
                "departedStates": engine.departed[0].entries.count,
                "departedStates capacity": engine.departed[0].entries.capacity,
                "slotsInRun": engine.table.slotsInRun.capacity,
                "departedInRun": engine.departed[0].inRun.capacity,
                "departedExitIDs": engine.departed[0].exited.capacity,
                "candidates": engine.table.loop.candidates.capacity,
                "openRuns": engine.table.loop.openRuns.capacity,
                "records": engine.table.records.capacity,
                "subscribers": subscribers,
            ]
        }

        /// The larger of each value.
        func union(_ other: Footprint) -> Footprint {
            var result = self
            result.values.merge(other.values, uniquingKeysWith: max)
            return result
        }

        var description: String {
            values.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    @Test("a week at 100 ms (6,048,000 samples) through the tracker: the engine's impressions, exact times, memory flat after day 1")
    func simulatedWeek() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(clock: clock)
        var engine = try ImpressionEngine<Int>()
        var iterator = await tracker.impressions().makeAsyncIterator()
        let neverRead = await tracker.impressions(bufferingPolicy: .bufferingNewest(100))
        var random = SplitMix64(seed: 7)
        var viewport = Self.screen
        var expectedToday: [Impression<Int>] = []
        var total = 0
        var firstDay: Footprint?
        var laterDays: Footprint?

        // Inputs every 5 simulated minutes; the 3,000 samples in between are evaluated together.
        for minute in stride(from: 5, through: 7 * 24 * 60, by: 5) {
            let time = Duration.seconds(minute * 60)
            clock.advance(to: ManualClock.Instant(offset: time))
            expectedToday += engine.advance(to: time)
            // Scroll somewhere in the feed; the lazy list follows.
            viewport.y = Double(random.int(in: 0...Int(Double(Self.sectionCount) * Self.sectionHeight - Self.screen.height)))
            let layout = Self.lazyLayout(around: viewport)
            try engine.setViewport(viewport)
            try engine.setLayout(layout)
            try await tracker.setViewport(viewport)
            try await tracker.setLayout(layout)
            // Every hour a push and pop (a new visit); every six hours the background.
            if minute % 60 == 0 {
                engine.disappear(); engine.appear()
                await tracker.disappear(); await tracker.appear()
                let footprint = Footprint(await tracker.engine, subscribers: await tracker.subscriberCount)
                if minute <= 24 * 60 {
                    firstDay = firstDay.map { $0.union(footprint) } ?? footprint
                } else {
                    laterDays = laterDays.map { $0.union(footprint) } ?? footprint
                }
            }
            if minute % 360 == 0 {
                engine.enterBackground(); engine.enterForeground()
                await tracker.enterBackground(); await tracker.enterForeground()
            }
            if minute % (24 * 60) == 0 {
                // A day ends: what the tracker published that day is the engine's, exactly.
                var received: [Impression<Int>] = []
                while received.count < expectedToday.count, let impression = await iterator.next() {
                    received.append(impression)
                }
                #expect(received == expectedToday, "day \(minute / (24 * 60))")
                total += expectedToday.count
                expectedToday.removeAll()
            }
        }
        await tracker.finish()
        #expect(await iterator.next() == nil)

        // About 6 million samples, every one evaluated, and time exact at the end.
        #expect(await tracker.time == Self.week)
        #expect(await tracker.engine.inputs.nextSample == 6_048_001)
        #expect(await tracker.visit == 1 + 7 * 24 + 7 * 4)
        #expect(total > 10_000, "only \(total) impressions in a week")
        // Every count saturates or stays below Int.max; the drop count too.
        #expect(neverRead.droppedCount == total - 100)

        // Memory flat: after the first day no buffer grows past one more doubling (how
        // much a busier hour needs, rounded by the allocator), where a leak of one entry
        // a minute would grow sevenfold.
        let first = try #require(firstDay)
        let later = try #require(laterDays)
        for (name, value) in later.values where name != "departedStates" {
            #expect(value <= 2 * first.values[name]!, "\(name) grew: day 1 \(first), later \(later)")
        }
        // Sections that left the layout are remembered within a visit, by id: bounded by
        // the feed, not by time.
        #expect(later.values["departedStates"]! <= Self.sectionCount)
    }

    @Test("the times of a week's impressions are exact multiples of the interval")
    func exactTimes() throws {
        // 30 ms does not divide a second in binary floating point; Duration is exact.
        var engine = try ImpressionEngine<Int>(policy: .anyPixel, sampleInterval: .milliseconds(30))
        var impressions = engine.advance(to: .zero)   // sample 0 is done before any input
        for hour in 1...(7 * 24) {
            try? engine.setViewport(Self.screen)
            try? engine.setLayout([TrackedSection(id: hour, cells: [Self.screen])])
            impressions += engine.advance(to: .seconds(hour * 3_600))
        }
        #expect(impressions.count == 7 * 24)
        for (index, impression) in impressions.enumerated() {
            // Set at the hour, visible from the next 30 ms sample, which fires at once.
            let hourStart = Duration.seconds(index * 3_600)
            let sample = hourStart.attoseconds / Duration.milliseconds(30).attoseconds + 1
            #expect(impression.time == .milliseconds(30) * Int(sample))
            #expect(impression.time.attoseconds % Duration.milliseconds(30).attoseconds == 0)
        }
        #expect(engine.time == Self.week)
        #expect(engine.inputs.nextSample == 20_160_001)
    }

    @Test("advancing past 2^63 seconds saturates instead of wrapping or trapping (Duration.components used to trap)")
    func endOfTime() throws {
        var engine = try ImpressionEngine<Int>()
        try engine.setViewport(Self.screen)
        try engine.setLayout([TrackedSection(id: 1, cells: [Self.screen])])
        let farFuture = Duration.seconds(Int64.max)
        let events = engine.advanceWithEvents(to: farFuture)
        // It fires once, at 1 s, however far the jump.
        #expect(events.compactMap(\.impression).map(\.time) == [.seconds(1)])
        // The count saturates: still visible, no wrap to a negative count.
        #expect(engine.table.counters[0].consecutiveSamples > 0)
        #expect(engine.inputs.nextSample == Int.max)
        try engine.setViewport(Rect(x: 0, y: 10_000, width: 320, height: 800))
        // No sample is left to evaluate: nothing happens, time stays where it was.
        #expect(engine.advanceWithEvents(to: farFuture + .seconds(1)).isEmpty)
        #expect(engine.time == farFuture + .seconds(1))
        #expect(engine.advance(to: .zero).isEmpty)
        #expect(engine.time == farFuture + .seconds(1))
    }

    @Test("a million visits count exactly")
    func manyVisits() throws {
        var engine = try ImpressionEngine<Int>()
        for _ in 0..<1_000_000 {
            engine.disappear()
            engine.appear()
        }
        #expect(engine.visit == 1_000_001)
    }
}
