import Testing
@testable import ImpressionTracking

// The exposure signals worked by hand: 100 ms samples, a 390 × 800 viewport, a section of
// one 390 × 200 cell at y = 700 (its top half on screen), under the default policy (half
// of the height for 1 s: 11 samples).

private let viewportSize = (width: 390.0, height: 800.0)

private func viewport(at y: Double) -> Rect {
    Rect(x: 0, y: y, width: viewportSize.width, height: viewportSize.height)
}

@Suite("Exposure signals: worked examples, and nothing without them")
struct ExposureSignalsTests {
    /// Half on screen for 2 s while the feed rests, then scrolled past in 0.3 s.
    @Test("a section half on screen for 2 s at rest, then scrolled past in 0.3 s")
    func halfOnScreenThenScrolledPast() throws {
        var engine = try ImpressionEngine<String>(policy: .default, measuresExposureSignals: true)
        try engine.setViewport(viewport(at: 0))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 700, width: 390, height: 200)])])
        // Samples 0 ... 20 (0 to 2.0 s): 700...800 of 700...900 shows, ratio 100 / 200 = 0.5,
        // screen share 390 × 100 / (390 × 800) = 0.125; the viewport never moves (sample 0
        // has no sample before it: speed 0), so every sample is at rest.
        var events = engine.advanceWithEvents(to: ms(2000))
        #expect(events.count == 2)
        #expect(events.first == .entered(sectionID: "ad", time: .zero, visibleRatio: 0.5, visit: 1))
        // It fires at sample 10 (1.0 s), its 11th in view. Each sample stands for the
        // interval after it, up to the report: 1.0 s in view by 1.0 s, as the impression's
        // visibleDuration says, all of it at the ratio, in one run, at rest; the means are
        // over the 11 samples: every ratio 0.5, every share 0.125, speed 0.
        let impression = try #require(events.last?.impression)
        #expect(impression.time == ms(1000) && impression.visibleDuration == ms(1000))
        #expect(impression.signals == ExposureSignals(
            timeInView: ms(1000), timeAtRatio: ms(1000), longestRun: ms(1000), meanVisibleRatio: 0.5,
            peakVisibleRatio: 0.5, meanScreenShare: 0.125, peakScreenShare: 0.125, timeInViewAtRest: ms(1000),
            meanScrollSpeed: 0))
        // A snapshot at 2.0 s, 21 samples in, says 2.0 s: visible time and time in view alike.
        let atImpression = try #require(engine.snapshot(of: "ad")).statistics
        #expect(atImpression.visibleDurationThisVisit == ms(2000) && atImpression.signals?.timeInView == ms(2000))

        // Scrolled past: 400 pt per 100 ms. Sample 21 (2.1 s), viewport 400...1200: all of
        // 700...900 shows, ratio 1, share 390 × 200 / (390 × 800) = 0.25, speed 400 pt / 0.1 s
        // = 4000 pt/s. Sample 22 (2.2 s), 800...1600: 800...900 shows, ratio 0.5 (still at
        // the policy's ratio), share 0.125, 4000 pt/s. Sample 23 (2.3 s), 1200...2000:
        // nothing shows; the stay ends there.
        try engine.setViewport(viewport(at: 400))
        _ = engine.advanceWithEvents(to: ms(2100))
        try engine.setViewport(viewport(at: 800))
        _ = engine.advanceWithEvents(to: ms(2200))
        try engine.setViewport(viewport(at: 1200))
        events = engine.advanceWithEvents(to: ms(2300))
        // The exit reports samples 0 ... 22, the last of the stay: 23 in view (2.3 s), all
        // 23 at the ratio in one run; at rest, the 21 before the scroll (2.1 s).
        // Mean ratio (21 × 0.5 + 1 + 0.5) / 23 = 12 / 23, peak 1; mean share
        // (21 × 0.125 + 0.25 + 0.125) / 23 = 3 / 23, peak 0.25; mean speed
        // (21 × 0 + 4000 + 4000) / 23 = 8000 / 23 pt/s.
        let expected = ExposureSignals(
            timeInView: ms(2300), timeAtRatio: ms(2300), longestRun: ms(2300), meanVisibleRatio: 12.0 / 23,
            peakVisibleRatio: 1, meanScreenShare: 3.0 / 23, peakScreenShare: 0.25, timeInViewAtRest: ms(2100),
            meanScrollSpeed: 8000.0 / 23)
        #expect(events == [.exited(sectionID: "ad", time: ms(2300), stayDuration: ms(2300), totalVisibleDuration: ms(2300),
                                   visit: 1, signals: expected)])
        // The snapshot's statistics say the same: nothing was in view since.
        #expect(engine.snapshot().sections.first?.statistics.signals == expected)
    }

    @Test("below the policy's ratio a section is in view but not at the ratio, and its run's exit reports up to the sample before")
    func belowThePolicy() throws {
        var engine = try ImpressionEngine<String>(policy: .default, measuresExposureSignals: true)
        try engine.setViewport(viewport(at: 0))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 700, width: 390, height: 200)])])
        _ = engine.advanceWithEvents(to: ms(200))   // samples 0, 1, 2 at ratio 0.5
        // 40 pt up at 0.25 s: 700...760 shows, ratio 0.3 < 0.5, share 390 × 60 / (390 × 800)
        // = 0.075, speed 40 pt / 0.1 s = 400 pt/s, at sample 3 (0.3 s); still at 0.4.
        try engine.setViewport(viewport(at: -40))
        let events = engine.advanceWithEvents(to: ms(400))
        // The run (0, 1, 2) exits at 0.3 with the signals of samples 0, 1 and 2.
        #expect(events == [.exited(sectionID: "ad", time: ms(300), stayDuration: ms(300), totalVisibleDuration: ms(300),
                                   visit: 1, signals: ExposureSignals(
                                       timeInView: ms(300), timeAtRatio: ms(300), longestRun: ms(300),
                                       meanVisibleRatio: 0.5, peakVisibleRatio: 0.5, meanScreenShare: 0.125,
                                       peakScreenShare: 0.125, timeInViewAtRest: ms(300), meanScrollSpeed: 0))])
        // Samples 3 and 4 are in view below the ratio: 5 in view, 3 at the ratio; sample 3
        // moved (400 pt/s), sample 4 did not. Reported at sample 4, whose interval has not
        // passed: 0.4 s in view, 0.3 s at the ratio (as the visit's visible time says), 0.3 s
        // at rest (samples 0, 1, 2). Mean ratio (3 × 0.5 + 2 × 0.3) / 5, kept in units of
        // 2^-32 (0.3 is not one of them: rounded to the nearest); mean share likewise;
        // mean speed 400 / 5 = 80 pt/s.
        let statistics = try #require(engine.snapshot().sections.first?.statistics)
        let signals = try #require(statistics.signals)
        let fixed = { (value: Double) in Double(UInt64((value * 4_294_967_296).rounded())) }
        #expect(signals == ExposureSignals(
            timeInView: ms(400), timeAtRatio: ms(300), longestRun: ms(300),
            meanVisibleRatio: (3 * fixed(0.5) + 2 * fixed(0.3)) / 4_294_967_296 / 5, peakVisibleRatio: 0.5,
            meanScreenShare: (3 * fixed(0.125) + 2 * fixed(0.075)) / 4_294_967_296 / 5, peakScreenShare: 0.125,
            timeInViewAtRest: ms(300), meanScrollSpeed: 80))
        #expect(statistics.visibleDurationThisVisit == signals.timeAtRatio)
    }

    @Test("one rule for every duration: visible at samples 0 to 10, gone at 11, as the manual's table says")
    func oneRuleForDurations() throws {
        var engine = try ImpressionEngine<String>(policy: .default, measuresExposureSignals: true)
        try engine.setViewport(viewport(at: 0))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 200)])])
        // At sample 10, its 11th: the impression, its signals and the snapshot say 1.0 s.
        let impression = try #require(engine.advance(to: ms(1000)).first)
        let atTen = try #require(engine.snapshot(of: "ad")).statistics
        #expect(impression.visibleDuration == ms(1000) && impression.signals?.timeInView == ms(1000))
        #expect(atTen.visibleDurationThisVisit == ms(1000) && atTen.totalVisibleDuration == ms(1000))
        #expect(atTen.signals?.timeInView == ms(1000) && atTen.signals?.longestRun == ms(1000))
        // Gone at sample 11 (1.1 s): the exit, its signals and the snapshot say 1.1 s.
        try engine.setViewport(viewport(at: 5000))
        let events = engine.advanceWithEvents(to: ms(1100))
        guard case .exited(_, let time, let stay, let total, _, _, let signals)? = events.first else {
            Issue.record("no exit: \(events)")
            return
        }
        let atEleven = try #require(engine.snapshot(of: "ad")).statistics
        #expect(time == ms(1100) && stay == ms(1100) && total == ms(1100) && signals?.timeInView == ms(1100))
        #expect(atEleven.visibleDurationThisVisit == ms(1100) && atEleven.signals?.timeInView == ms(1100))
    }

    @Test("a mean is never above its peak, though fixed-point sums round up")
    func meanWithinPeak() throws {
        // 250 of 844 pt: a share of 0.2962085308056872, which 2^-32 units round up.
        var engine = try ImpressionEngine<String>(policy: .default, measuresExposureSignals: true)
        try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 250)])])
        let share = 250.0 / 844
        #expect(Double(UInt64((share * 4_294_967_296).rounded())) / 4_294_967_296 > share, "the case rounds up")
        let impression = try #require(engine.advance(to: ms(1000)).first)
        let signals = try #require(impression.signals)
        #expect(signals.peakScreenShare == share && signals.meanScreenShare == share)
        #expect(signals.meanVisibleRatio <= signals.peakVisibleRatio)
    }

    @Test("a new visit starts the signals again")
    func newVisit() throws {
        var engine = try ImpressionEngine<String>(policy: .default, measuresExposureSignals: true)
        try engine.setViewport(viewport(at: 0))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 700, width: 390, height: 200)])])
        _ = engine.advance(to: ms(400))   // 5 samples in visit 1
        engine.disappear()
        engine.appear()
        // The snapshot is of visit 2: nothing in view in it yet.
        #expect(engine.snapshot().sections.first?.statistics.signals == ExposureSignals())
        // The run of visit 1 is void: it exits at 0.5 with visit 1's 5 samples; visit 2
        // has samples 5 and 6, and at sample 6 only sample 5's interval has passed.
        let events = engine.advanceWithEvents(to: ms(600))
        guard case .exited(_, _, _, _, 1, _, let signals) = events.first else {
            Issue.record("no exit of visit 1: \(events)")
            return
        }
        #expect(signals?.timeInView == ms(500))
        let statistics = try #require(engine.snapshot().sections.first?.statistics)
        #expect(statistics.signals?.timeInView == ms(100) && statistics.visibleDurationThisVisit == ms(100))
    }

    @Test("without the option, nothing reports signals")
    func offByDefault() throws {
        var engine = try ImpressionEngine<String>(policies: [.default, .mrcDisplay])
        #expect(!engine.measuresExposureSignals)
        try engine.setViewport(viewport(at: 0))
        try engine.setLayout([TrackedSection(id: "ad", cells: [Rect(x: 0, y: 0, width: 390, height: 200)])])
        var events = engine.advanceWithEvents(to: ms(1500))
        try engine.setViewport(viewport(at: 5000))
        events += engine.advanceWithEvents(to: ms(1600))
        #expect(events.contains { $0.impression != nil })
        for event in events {
            switch event {
            case .impression(let impression): #expect(impression.signals == nil)
            case .exited(_, _, _, _, _, _, let signals): #expect(signals == nil)
            case .entered: break
            }
        }
        #expect(engine.snapshot().sections.allSatisfy { $0.statistics.signals == nil })
    }
}
