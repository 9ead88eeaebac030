import Testing
@testable import ImpressionTracking

// Worked examples of the load gate, at 100 ms samples under ZOZO's rule (half the height
// for 1 s: 11 consecutive samples). An "ad" fills 0...200 of the 320 × 600 screen. A
// section that is not loaded is not visible; loading it is a new layout, which applies
// from the next sample (the MRC's mobile guideline: measurement starts once the ad is
// fully loaded; AMP's `waitFor`).

private func ad(loaded: Bool) -> TrackedSection<String> {
    var ad = section("ad", y: 0)
    ad.isLoaded = loaded
    return ad
}

@Suite("Load gate: a section's samples count only once it is loaded")
struct LoadGateTests {
    @Test("an ad that loads at 0.35 s fires at 1.4 s, 1 s after its first loaded sample")
    func loadsLate() throws {
        // Samples 0.0 to 0.3 see it not loaded: nothing counts. Loaded at 0.35, the first
        // sample that counts is 0.4; 11 samples, 0.4 to 1.4, span 1 s: it fires at 1.4,
        // not at 1.0 as it would had it been loaded from the start. (Loaded at 0.25
        // instead, the first sample is 0.3 and it fires at 1.3.)
        var engine = try makeEngine(policy: .zozoModule, showing: [ad(loaded: false)])
        #expect(engine.advance(to: ms(350)) == [])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .notLoaded)
        try engine.setLayout([ad(loaded: true)])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == nil)
        #expect(engine.advance(to: ms(1399)) == [])
        #expect(engine.advance(to: ms(1400)) == [impression("ad", at: ms(1400), seen: .seconds(1))])
    }

    @Test("loaded at 0.25 s, the same ad fires at 1.3 s")
    func loadsEarlier() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [ad(loaded: false)])
        #expect(engine.advance(to: ms(250)) == [])
        try engine.setLayout([ad(loaded: true)])
        #expect(engine.advance(to: ms(2000)) == [impression("ad", at: ms(1300), seen: .seconds(1))])
    }

    @Test("a run open when the section becomes not loaded ends there; loaded again, it starts over")
    func unloadingEndsTheRun() throws {
        // Loaded and visible from 0.0: samples 0.0 to 0.5 are one run (6 samples). Not
        // loaded at 0.55: the sample at 0.6 ends the run, a stay of 6 x 100 ms = 0.6 s.
        // Loaded again at 0.75: a new run from 0.8; 11 samples, 0.8 to 1.8, fire at 1.8.
        var engine = try makeEngine(policy: .zozoModule, showing: [ad(loaded: true)])
        var events = engine.advanceWithEvents(to: ms(550))
        try engine.setLayout([ad(loaded: false)])
        events += engine.advanceWithEvents(to: ms(750))
        try engine.setLayout([ad(loaded: true)])
        events += engine.advanceWithEvents(to: ms(2000))
        #expect(events == [
            entered("ad", at: .zero),
            exited("ad", at: ms(600), stay: ms(600), total: ms(600)),
            entered("ad", at: ms(800)),
            .impression(impression("ad", at: ms(1800), seen: .seconds(1))),
        ])
    }

    @Test("the snapshot says not loaded even off screen; inactive comes first; hidden comes after")
    func snapshotPrecedence() throws {
        var away = ad(loaded: false)
        away.cells = [rect(0, 2000, 320, 200)]
        away.isHidden = true
        var engine = try makeEngine(policy: .zozoModule, showing: [away])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .notLoaded)
        #expect(engine.snapshot().description.contains("not loaded"))
        away.isLoaded = true
        try engine.setLayout([away])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .hidden)
        engine.disappear()
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .inactive(.disappeared))
    }

    @Test("under cumulative timing, samples before loading add nothing to the sum")
    func cumulativeIgnoresUnloadedSamples() throws {
        // 1 s in all: loaded from 0.0 to 0.45 (samples 0.0 to 0.4, 5), not loaded until
        // 1.05 (samples 0.5 to 1.0 count nothing), loaded again: samples 1.1 to 1.6 make
        // 11 in all, so it fires at 1.6, having been seen for 10 intervals.
        var policy = ImpressionPolicy.zozoModule
        policy.timing = .cumulative
        var engine = try makeEngine(policy: policy, showing: [ad(loaded: true)])
        #expect(engine.advance(to: ms(450)) == [])
        try engine.setLayout([ad(loaded: false)])
        #expect(engine.advance(to: ms(1050)) == [])
        try engine.setLayout([ad(loaded: true)])
        #expect(engine.advance(to: ms(3000)) == [impression("ad", at: ms(1600), seen: .seconds(1))])
    }

    @Test("loading is a layout attribute: equal sections compare equal however they were set")
    func defaultsCompareEqual() {
        var toggled = section("ad", y: 0)
        toggled.isLoaded = false
        toggled.isLoaded = true
        toggled.opacity = 0.5
        toggled.opacity = 1
        #expect(toggled == section("ad", y: 0))
        #expect(toggled.isLoaded && toggled.opacity == 1 && !toggled.isHidden)
    }
}
