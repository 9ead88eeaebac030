// Imports only the public API (no @testable): if the contract the manual documents (its
// Getting started, The rules and Sending inputs articles, in ImpressionTracking.docc)
// stops compiling as written, this target fails to build.
import Foundation
import ImpressionTracking
import Testing

@Suite("The public contract the manual documents")
struct PublicContractTests {
    @Test("Rect, policy, section and impression have the contract's shapes")
    func valueTypes() throws {
        var rect = Rect(x: 0, y: 10, width: 100, height: 50)
        rect.x = 1
        #expect(rect.minX == 1 && rect.maxX == 101 && rect.minY == 10 && rect.maxY == 60)
        #expect(rect.area == 5000 && !rect.isEmpty)
        #expect(rect.union(Rect(x: 0, y: 0, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 101, height: 60))
        #expect(rect.intersection(Rect(x: 200, y: 0, width: 1, height: 1)) == nil)

        let policy = ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2),
                                      measure: .area, recurrence: .oncePerVisit)
        let defaults: ImpressionPolicy = .default
        #expect(defaults.minimumVisibleRatio == 0.5)
        #expect(defaults.minimumDuration == .seconds(1))
        #expect(defaults.measure == ImpressionPolicy.Measure.height)
        #expect(defaults.recurrence == ImpressionPolicy.Recurrence.onEveryEntry)
        _ = ImpressionPolicy.Recurrence.oncePerTracker

        let section = TrackedSection(id: "hero", cells: [rect], fullHeight: 100, fullArea: nil, policy: policy)
        #expect(section.id == "hero" && section.cells == [rect] && section.fullHeight == 100)
        #expect(section.fullArea == nil && section.policy == policy)

        let impression = Impression(sectionID: "hero", time: .seconds(1), visibleRatio: 0.5,
                                    visibleDuration: .seconds(1), visit: 1)
        #expect(impression.sectionID == "hero" && impression.visit == 1)
        let decoded = try roundTrip(impression)
        #expect(decoded == impression)
    }

    @Test("the engine runs the ZOZO timeline through its public API")
    func engine() throws {
        var engine = try ImpressionEngine<Int>(policy: .default, sampleInterval: .milliseconds(100))
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        try engine.setLayout([TrackedSection(id: 7, cells: [Rect(x: 0, y: 0, width: 100, height: 50)])])
        engine.appear()
        engine.disappear()
        engine.appear()
        engine.enterBackground()
        engine.enterForeground()
        engine.setCovered(true)
        engine.setCovered(false)
        engine.beginRefresh()
        engine.endRefresh()
        engine.reset()
        #expect(engine.advance(to: .milliseconds(900)).isEmpty)
        let fired = engine.advance(to: .seconds(1))
        #expect(fired.map(\.sectionID) == [7])
        #expect(engine.time == .seconds(1))
    }

    @Test("exposure signals are opt-in and reach impressions, exits and statistics through the public API")
    func exposureSignals() throws {
        #expect(try !ImpressionEngine<Int>().measuresExposureSignals)
        var engine = try ImpressionEngine<Int>(policies: [.default], sampleInterval: .milliseconds(100),
                                               recorder: nil, rememberedSectionLimit: 10,
                                               measuresExposureSignals: true)
        #expect(engine.measuresExposureSignals)
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        try engine.setLayout([TrackedSection(id: 7, cells: [Rect(x: 0, y: 0, width: 100, height: 50)])])
        let fired = try #require(engine.advance(to: .seconds(1)).first)
        let signals: ExposureSignals = try #require(fired.signals)
        // One rule for durations: at its 11th sample, 1.0 s in view, as its visibleDuration.
        #expect(fired.visibleDuration == .seconds(1))
        #expect(signals.timeInView == .seconds(1) && signals.timeAtRatio == .seconds(1))
        #expect(signals.longestRun == .seconds(1) && signals.timeInViewAtRest == .seconds(1))
        #expect(signals.meanVisibleRatio == 1 && signals.peakVisibleRatio == 1)
        #expect(signals.meanScreenShare == 0.5 && signals.peakScreenShare == 0.5 && signals.meanScrollSpeed == 0)
        #expect(ExposureSignals.restingSpeed == 20)
        #expect(try roundTrip(signals) == signals)
        try engine.setViewport(Rect(x: 0, y: 1000, width: 100, height: 100))
        let exit = engine.advanceWithEvents(to: .milliseconds(1100)).first
        guard case .exited(_, _, _, _, _, _, let exitSignals)? = exit else {
            Issue.record("no exit: \(String(describing: exit))")
            return
        }
        // The exit at the 12th sample: the 11 samples' intervals have all passed, 1.1 s, as
        // its stay; the means are those of the same samples.
        var atExit = signals
        (atExit.timeInView, atExit.timeAtRatio, atExit.longestRun, atExit.timeInViewAtRest) =
            (.milliseconds(1100), .milliseconds(1100), .milliseconds(1100), .milliseconds(1100))
        #expect(exitSignals == atExit)
        #expect(engine.snapshot().sections.first?.statistics.signals == atExit)
        let statistics = SectionStatistics(signals: ExposureSignals())
        #expect(statistics.signals?.timeInView == .zero)
        let impression = Impression(sectionID: 1, time: .zero, visibleRatio: 1, visibleDuration: .zero, visit: 1,
                                    policy: 0, signals: signals)
        #expect(impression.signals == signals)
    }

    @Test("the tracker and ManualClock work through their public API", .timeLimit(.minutes(45)))   // catches hangs only: past a whole TSan run (17 min on a loaded 2-core machine)
    func tracker() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(policy: .default, sampleInterval: .milliseconds(100), clock: clock)
        let measuring = try ImpressionTracker<String>(policy: .default, clock: clock, measuresExposureSignals: true)
        await measuring.finish()
        let stream = await tracker.impressions()
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        try await tracker.setLayout([TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        await tracker.appear()
        await tracker.disappear()
        await tracker.appear()
        await tracker.enterBackground()
        await tracker.enterForeground()
        await tracker.setCovered(true)
        await tracker.setCovered(false)
        await tracker.beginRefresh()
        await tracker.endRefresh()
        await tracker.reset()
        // Inputs at t = 0 follow the sample at 0: the first visible sample is at 0.1 s.
        clock.advance(by: .milliseconds(1100))
        await tracker.flush()
        await tracker.finish()
        var received: [Impression<String>] = []
        for await impression in stream { received.append(impression) }
        #expect(received.map(\.sectionID) == ["a"])
        #expect(received.first?.time == .milliseconds(1100))

        let defaultTracker = try ImpressionTracker<Int>()
        await defaultTracker.finish()
    }

    @Test("the tracker of several policies of the manual works through its public API", .timeLimit(.minutes(45)))
    func multiPolicyTracker() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policies: [.default, .mrcDisplay, .mrcVideo], clock: clock)
        let impressions: TrackerSubscription<Impression<Int>> = await tracker.impressions()
        let events: TrackerSubscription<VisibilityEvent<Int>> = await tracker.events(bufferingPolicy: .bufferingNewest(100))
        let running = Task { try await tracker.run() }
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try await tracker.setLayout([TrackedSection(id: 7, cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
        await tracker.appear()
        tracker.send(.lifecycle(.appear))
        clock.advance(by: .milliseconds(2100))
        await tracker.flush()
        #expect(await tracker.snapshot(policy: 1).sections.map(\.hasFiredThisVisit) == [true])
        await tracker.finish()
        // run() began before finish() and returned, or began after it and threw.
        do {
            try await running.value
        } catch let error as ImpressionTrackerError {
            #expect(error == .finished)
        }
        var received: [String] = []
        for await fired in impressions {
            received.append("\(tracker.policies[fired.policy] == .mrcVideo ? "video" : "display") \(fired.sectionID)")
        }
        // .default and .mrcDisplay need 1 s (fired at 1.1 s), .mrcVideo 2 s (2.1 s).
        #expect(received == ["display 7", "display 7", "video 7"])
        var tags: [Int] = []
        for await event in events where event.impression != nil { tags.append(event.policy) }
        #expect(tags == [0, 1, 2])
        #expect(throws: ConfigurationError.noPolicies) { try ImpressionTracker<Int>(policies: []) }
        await #expect(throws: ImpressionTrackerError.finished) { try await tracker.run() }
    }
}

private func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}
