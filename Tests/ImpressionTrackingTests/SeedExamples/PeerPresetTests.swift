import Testing
@testable import ImpressionTracking

/// The presets named after other engines' defaults, each on a worked example. The screen
/// is 320 × 600; a 200-point section at y = 500 shows 100 of its 200 points (half its
/// area), one at y = 501 and 198 high of a full 200 (64,000 pt²) shows 99 (just under half).
@Suite("Presets of other engines' defaults")
struct PeerPresetTests {
    /// Half on screen from sample 0: the samples at 0, 0.1, ..., 0.5 s see it, and at
    /// 0.5 s it has been seen for 0.5 s. The MRC display rule waits for 1.0 s.
    @Test("MRC sub-second newsfeed: half the area, fired at 0.5 s where MRC display fires at 1.0 s")
    func newsfeed() throws {
        var newsfeed = try makeEngine(policy: .mrcNewsfeedSubSecond, showing: [section("ad", y: 500)])
        #expect(newsfeed.advance(to: ms(400)) == [])
        #expect(newsfeed.advance(to: ms(500)) == [impression("ad", at: ms(500), ratio: 0.5, seen: ms(500))])
        var display = try makeEngine(policy: .mrcDisplay, showing: [section("ad", y: 500)])
        #expect(display.advance(to: ms(900)) == [])
        #expect(display.advance(to: ms(1000)) == [impression("ad", at: .seconds(1), ratio: 0.5, seen: .seconds(1))])
    }

    /// Compose's defaults want every pixel: the section at y = 300 (all 200 points on
    /// screen) fires at the first sample; the one at y = 500 (half) never does.
    @Test("Compose onVisibilityChanged defaults: all of it, at once")
    func compose() throws {
        var engine = try makeEngine(policy: .composeVisibilityChanged,
                                    showing: [section("whole", y: 300), section("half", y: 500)])
        #expect(engine.advance(to: ms(3000)) == [impression("whole", at: .zero)])
    }

    /// Compose divides by the smaller of the element's and the viewport's area: a 390 ×
    /// 2000 section on a 390 × 844 screen, filling it, reads 1.0 and fires at once (by its
    /// own area it would read 844 / 2000 = 0.42 and never fire).
    @Test("Compose onVisibilityChanged: a section taller than the screen counts once it fills it")
    func composeLargerThanTheViewport() throws {
        var engine = try ImpressionEngine<String>(policy: .composeVisibilityChanged)
        try engine.setViewport(Rect(x: 0, y: 500, width: 390, height: 844))
        try engine.setLayout([TrackedSection(id: "tall", cells: [Rect(x: 0, y: 0, width: 390, height: 2000)])])
        #expect(engine.snapshot().sections.first?.visibleRatio == 1)
        #expect(engine.advance(to: ms(100)).map(\.sectionID) == ["tall"])
        var ownArea = try ImpressionEngine<String>(policy: ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero,
                                                                             measure: .area))
        try ownArea.setViewport(Rect(x: 0, y: 500, width: 390, height: 844))
        try ownArea.setLayout([TrackedSection(id: "tall", cells: [Rect(x: 0, y: 0, width: 390, height: 2000)])])
        #expect(ownArea.snapshot().sections.first?.visibleRatio == 844.0 / 2000.0)
        #expect(ownArea.advance(to: ms(3000)).isEmpty)
    }

    /// SwiftUI's default threshold is half: the half-shown section fires at once; the one
    /// just under half (99 of 200 points) never does.
    @Test("SwiftUI onScrollVisibilityChange default: half of it, at once")
    func swiftUI() throws {
        var engine = try makeEngine(policy: .swiftUIScrollVisibility, showing: [
            section("half", y: 500),
            TrackedSection(id: "justUnder", cells: [rect(0, 501, 320, 198)], fullArea: 320 * 200),
        ])
        #expect(engine.advance(to: ms(3000)) == [impression("half", at: .zero, ratio: 0.5)])
    }

    /// Epoxy FOCUSED_VISIBLE on the 320 × 600 screen (192,000 pt², half 96,000): "tall"
    /// (320 × 900 = 288,000 ≥ 96,000) counts once 300 of its points (96,000 pt²) show; "small"
    /// (320 × 200 = 64,000 < 96,000) only when all of it shows, at 400...600, not at 401.
    @Test("Epoxy FOCUSED_VISIBLE: half the viewport, or all of a smaller section")
    func epoxyFocusedVisible() throws {
        var engine = try makeEngine(policy: .epoxyFocusedVisible, showing: [
            section("tall", y: 300, height: 900), section("small", y: 401), section("fits", y: 0),
        ])
        #expect(engine.advance(to: ms(100)) == [impression("tall", at: .zero), impression("fits", at: .zero)])
        #expect(row("small", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 199.0 / 200.0, required: 1))
        try engine.setViewport(screen(scrolledTo: 1))
        #expect(engine.advance(to: ms(200)) == [impression("small", at: ms(200))])
    }
}
