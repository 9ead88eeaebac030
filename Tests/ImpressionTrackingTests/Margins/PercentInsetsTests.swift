import Foundation
import Testing
@testable import ImpressionTracking

// Worked examples of relative insets and containers' clip insets, at 100 ms samples on
// the 320 × 600 screen, default policy (half the height for 1 s) unless said. A percentage
// inset is a share of the inset rect's size, resolved whenever it is inset:
// IntersectionObserver's `rootMargin: "10%"` is `Insets.percent(top: -10, ...)`.

@Suite("Percentage insets: margins in percent of the viewport and of a container")
struct PercentInsetsTests {
    @Test("a margin of 10 % grows the 600-point viewport by 60 points at top and bottom")
    func percentGrowsTheViewport() throws {
        // The section spans 560...760. Bare, 40 of its 200 points show (0.2); with the
        // viewport grown to -60...660, 100 do (0.5): it fires at 1.0 s.
        var grown = try makeEngine(policy: .default, showing: [section("below", y: 560)])
        try grown.setViewportInsets(.percent(top: -10, bottom: -10))
        #expect(grown.advance(to: ms(1000)) == [impression("below", at: ms(1000), ratio: 0.5, seen: .seconds(1))])
        var bare = try makeEngine(policy: .default, showing: [section("below", y: 560)])
        #expect(bare.advance(to: ms(1000)) == [])
        #expect(row("below", in: bare.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.2, required: 0.5))
    }

    @Test("a percentage follows the viewport: 10 % of a 300-point viewport is 30 points")
    func percentFollowsTheViewport() throws {
        // The section spans 280...480. With the viewport 0...300 grown by 10 % (30 points):
        // -30...330, 50 of 200 points show (0.25). At full height, 0...600 grown to
        // -60...660, all of it shows.
        var engine = try makeEngine(policy: .default, showing: [section("middle", y: 280)],
                                    viewport: Rect(x: 0, y: 0, width: 320, height: 300))
        try engine.setViewportInsets(.percent(top: -10, bottom: -10))
        #expect(engine.advance(to: ms(450)) == [])
        #expect(row("middle", in: engine.snapshot())?.visibleRatio == 0.25)
        try engine.setViewport(screen)
        #expect(row("middle", in: engine.snapshot())?.visibleRatio == 1)
        // Visible from 0.5 s: fires at 1.5 s.
        #expect(engine.advance(to: ms(1500)) == [impression("middle", at: ms(1500), seen: .seconds(1))])
    }

    @Test("points and percentages add up: 44 points at the top, 25 % of the height at the bottom")
    func pointsPlusPercentages() throws {
        // The effective viewport is 44...450 (600 - 150). "top" spans 0...200: 156 of 200
        // points show (0.78); "bottom" spans 400...600: 50 of 200 (0.25).
        var engine = try makeEngine(policy: .default, showing: [section("top", y: 0), section("bottom", y: 400)])
        try engine.setViewportInsets(Insets(top: 44, bottomPercent: 25))
        let snapshot = engine.snapshot()
        #expect(row("top", in: snapshot)?.visibleRatio == 156.0 / 200.0)
        #expect(row("bottom", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 0.25, required: 0.5))
    }

    @Test("a container's negative clip insets let a card just outside it count (scrollMargin)")
    func clipInsetsGrowAContainer() throws {
        // By area: the carousel's frame is 0...200 wide, 0...200 high; the card spans
        // 150...300 of its content. Clipped to the frame, 50 × 200 of 150 × 200 shows
        // (1/3); grown by 25 % of 200 (50 points) to the right, 100 × 200 (2/3): it fires.
        let byArea = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), measure: .area)
        let card = card("card", in: "carousel", rect(150, 0, 150, 200))
        func carousel(_ clipInsets: Insets) -> ScrollContainer {
            ScrollContainer(id: "carousel", frame: rect(0, 0, 200, 200), clipInsets: clipInsets)
        }
        var grown = try Engine(policy: byArea)
        try grown.setViewport(screen)
        try grown.setLayout([card], containers: [carousel(.percent(right: -25))])
        #expect(row("card", in: grown.snapshot())?.visibleRatio == 20_000.0 / 30_000.0)
        #expect(grown.advance(to: ms(1000)) == [impression("card", at: ms(1000), ratio: 20_000.0 / 30_000.0, seen: .seconds(1))])

        var framed = try Engine(policy: byArea)
        try framed.setViewport(screen)
        try framed.setLayout([card], containers: [carousel(.zero)])
        #expect(row("card", in: framed.snapshot())?.notVisibleReason
                == .belowThreshold(ratio: 10_000.0 / 30_000.0, required: 0.5))
    }

    @Test("positive clip insets shrink what a container shows; what they hide is clipped by it")
    func clipInsetsShrinkAContainer() throws {
        // The carousel shows 100...200 of its 0...200 frame (50 % from the left): the card
        // at 0...100 is on screen but for the container.
        var engine = try Engine(policy: .default)
        try engine.setViewport(screen)
        try engine.setLayout([card("card", in: "carousel", rect(0, 0, 100, 200))], containers: [
            ScrollContainer(id: "carousel", frame: rect(0, 0, 200, 200), clipInsets: .percent(left: 50)),
        ])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .clippedByContainer("carousel"))
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("a percentage inset that is not finite is refused, naming it as a percentage; the previous insets stay",
          arguments: [Double.nan, .infinity, -.infinity])
    func badRelativeViewportInsets(percent: Double) throws {
        var engine = try makeEngine(policy: .default, showing: [section("below", y: 560)])
        try engine.setViewportInsets(.percent(bottom: -10))
        let bad = Insets(leftPercent: percent)
        #expect(throws: InputError.self) { try engine.setViewportInsets(bad) }
        do {
            try engine.setViewportInsets(bad)
        } catch {
            #expect(error.code == .invalidInsets && error.description.hasSuffix("got left \(percent) %"), "\(error)")
        }
        #expect(engine.viewportInsets == .percent(bottom: -10))
    }

    @Test("clip insets that are not finite are refused, naming the container and the value; the previous layout stays")
    func badClipInsets() throws {
        var engine = try makeEngine(policy: .default, showing: [section("kept", y: 0)])
        let carousel = ScrollContainer(id: "carousel", frame: rect(0, 200, 320, 200),
                                       clipInsets: Insets(rightPercent: .nan))
        do {
            try engine.setLayout([card("card", in: "carousel", rect(0, 0, 100, 200))], containers: [carousel])
            Issue.record("a NaN clip inset was accepted")
        } catch {
            #expect(error.code == .invalidClipInsets && error.container == "carousel")
            #expect(error.description.contains("nan"), "\(error)")
        }
        #expect(engine.snapshot().sections.map(\.sectionID) == ["kept"])
        #expect(engine.advance(to: ms(1000)).map(\.sectionID) == ["kept"])
    }

    @Test("insets written before relative insets existed decode as before; new ones round-trip")
    func codable() throws {
        let old = #"{"top":44,"left":0,"bottom":34,"right":0}"#
        #expect(try JSONDecoder().decode(Insets.self, from: Data(old.utf8)) == Insets(top: 44, bottom: 34))
        let insets = Insets(top: 44, bottomPercent: -10)
        #expect(try JSONDecoder().decode(Insets.self, from: JSONEncoder().encode(insets)) == insets)
        let container = ScrollContainer(id: "c", frame: rect(0, 0, 10, 10), clipInsets: .percent(left: 5))
        #expect(try JSONDecoder().decode(ScrollContainer.self, from: JSONEncoder().encode(container)) == container)
    }

    @Test("percentages read back as written, and insets print as written, never as a struct dump")
    func percentagesAsWritten() {
        let insets = Insets(top: 44, bottomPercent: -10)
        #expect(insets.bottomPercent == -10 && insets.topPercent == 0 && insets.top == 44)
        var built = Insets.percent(bottom: -10)
        built.top = 44
        #expect(insets == built)
        #expect("\(insets)" == "top 44 pt, bottom -10 %")
        #expect("\(Insets.zero)" == "none")
        #expect("\(Insets(left: 0.5, rightPercent: 12.5))" == "left 0.5 pt, right 12.5 %")
    }
}
