import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Synthetic feeds and their layout")
struct FeedTests {
    @Test("kinds appear in the proportions of the mix")
    func proportions() {
        let mix = SectionMix(banner: 1, card: 4, twoLineModule: 2, carousel: 2, video: 0, ad: 1)
        let feed = Feed(sectionCount: 20_000, parameters: FeedParameters(mix: mix), seed: 1)
        let total = mix.weights.reduce(0, +)
        for kind in SectionKind.allCases {
            let share = Double(feed.sections.count { $0.kind == kind }) / 20_000
            #expect(abs(share - mix[kind] / total) < 0.012, "\(kind)")
        }
    }

    @Test("sections are stacked with the spacing, with the sizes of their kind")
    func geometry() {
        let parameters = FeedParameters()
        let feed = Feed(kinds: [.banner, .card, .twoLineModule, .carousel, .video, .ad], parameters: parameters)
        let screen = Screen.phone
        var expectedTop = 0.0
        for section in feed.sections {
            #expect(section.frame.minY == expectedTop)
            expectedTop = section.frame.maxY + parameters.sectionSpacing
            for cell in section.cells { #expect(cell.minY >= section.frame.minY && cell.maxY <= section.frame.maxY) }
        }
        #expect(feed.contentHeight == feed.sections[5].frame.maxY)
        #expect(feed.sections[2].cells.count == 2 * parameters.twoLineColumns)
        #expect(feed.sections[2].frame.height == 2 * parameters.twoLineCellHeight + parameters.cellSpacing)
        // The video is taller than the screen; the carousel runs off its right edge.
        #expect(feed.sections[4].frame.height > screen.height)
        let carousel = feed.sections[3]
        #expect(carousel.cells.isEmpty && carousel.cards.count == parameters.carouselCardCount)
        #expect((carousel.cards.last?.maxX ?? 0) > screen.width)
        #expect(carousel.isCarousel && carousel.carouselMaximumOffset > 0)
        #expect(feed.sections[5].cells[0].width == parameters.adWidth)
        #expect(feed.sections[5].cells[0].midXForTest == screen.width / 2)
    }

    @Test("the first section below a point, found from a hint, is the one the search finds, whatever the hint")
    func firstSectionFromAHint() {
        var random = SplitMix64(seed: 11)
        for sectionCount in [0, 1, 2, 5, 300] {
            let feed = Feed(sectionCount: sectionCount, seed: UInt64(sectionCount))
            let bottoms = feed.sections.map(\.frame.maxY)
            // Exact bottoms and the points either side of them, anywhere, and no point at all.
            let points = bottoms.flatMap { [$0, $0.nextDown, $0.nextUp] }
                + (0..<200).map { _ in (random.nextUniform() * 1.2 - 0.1) * feed.contentHeight }
                + [-.infinity, .infinity, .nan, -1, 0]
            for y in points {
                let expected = feed.firstSection(endingBelow: y)
                for hint in [expected, expected - 1, expected + 1, expected - 4, expected + 4, expected - 5,
                             expected + 5, -3, 0, sectionCount, sectionCount + 3, random.nextInt(below: sectionCount + 1)] {
                    #expect(feed.firstSection(endingBelow: y, near: hint) == expected,
                            "\(sectionCount) sections, y \(y), hint \(hint)")
                }
            }
        }
    }

    @Test("a carousel is a scroll container: a swipe moves its content offset, not the layout")
    func carouselOffsets() {
        let feed = Feed(kinds: [.card, .carousel, .card])
        var layout = FeedLayout(feed: feed)
        let before = layout.sections
        // The cards are nested cells of the carousel's container, in its coordinates.
        let carousel = feed.sections[1]
        #expect(before[1].cells.isEmpty && before[1].nestedCells.count == carousel.cards.count)
        #expect(before[1].nestedCells.allSatisfy { $0.containerID == "carousel-1" && $0.frame.y == 0 })
        #expect(layout.containers == [ScrollContainer(id: "carousel-1", frame: carousel.frame)])
        let moved = layout.setCarouselOffset(158, ofSection: 1)
        #expect(moved?.containerID == "carousel-1" && moved?.offset == Point(x: 158, y: 0))
        #expect(layout.containers.first?.contentOffset == Point(x: 158, y: 0))
        #expect(layout.sections == before)
        // Unchanged, not a carousel, out of range, not a number: nothing to do.
        let ignored = [layout.setCarouselOffset(158, ofSection: 1), layout.setCarouselOffset(100, ofSection: 0),
                       layout.setCarouselOffset(100, ofSection: 99), layout.setCarouselOffset(.nan, ofSection: 1)]
        #expect(ignored.allSatisfy { $0 == nil })
        layout.setCarouselOffset(1e9, ofSection: 1)
        #expect(layout.carouselOffset(ofSection: 1) == carousel.carouselMaximumOffset)
        // A carousel at rest is fully seen under the area measure.
        #expect(layout.sections[1].fullArea == carousel.restingArea)
    }

    @Test("a swiped carousel's cards are clipped by its container, as on screen")
    func carouselClipping() throws {
        let feed = Feed(kinds: [.carousel])
        var layout = FeedLayout(feed: feed)
        var engine = try ImpressionEngine<Int>(policy: ImpressionPolicy(minimumVisibleRatio: 0.9, measure: .area))
        try engine.setLayout(layout.sections, containers: layout.containers)
        try engine.setViewport(feed.screen.viewport(atOffset: 0))
        let atRest = engine.snapshot().sections[0].visibleRatio
        #expect(abs(atRest - 1) < 1e-9)
        // Swiped to the end: the cards showing still fill the container's width.
        if let (id, offset) = layout.setCarouselOffset(1e9, ofSection: 0) {
            try engine.setContentOffset(offset, ofContainer: id)
        }
        let swiped = engine.snapshot().sections[0].visibleRatio
        #expect(swiped > 0.9 && swiped <= 1 + 1e-9)
    }

    @Test("a window holds every section on screen and follows the viewport")
    func window() {
        let feed = Feed(sectionCount: 500, seed: 4)
        var layout = FeedLayout(feed: feed, scope: .window(marginScreens: 1))
        var offset = 0.0
        while offset < feed.maximumOffset {
            _ = layout.follow(offset: offset)
            let onScreen = feed.sections(onScreenAtOffset: offset)
            #expect(layout.window.lowerBound <= onScreen.lowerBound && onScreen.upperBound <= layout.window.upperBound)
            #expect(layout.sections.map(\.id) == Array(layout.window))
            offset += 397
        }
        #expect(layout.window.count < 40)
        #expect(FeedLayout(feed: feed).sections.count == 500)
    }

    @Test("the whole feed and a window give the same impressions")
    func windowEquivalence() throws {
        let feed = Feed(sectionCount: 300, seed: 8)
        let policies = [NamedPolicy(name: "default", policy: .default), NamedPolicy(name: "abema", policy: .abema),
                        NamedPolicy(name: "sarah", policy: .sarahCell), NamedPolicy(name: "cookpad", policy: .cookpadShowContent)]
        let generator = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(60))
        let whole = try SessionRunner(feed: feed, policies: policies, scope: .wholeFeed)
        let tight = try SessionRunner(feed: feed, policies: policies, scope: .window(marginScreens: 0))
        let wide = try SessionRunner(feed: feed, policies: policies, scope: .window(marginScreens: 2))
        var total = 0
        for index in 0..<12 {
            let session = generator.session(seed: 3, index: index)
            let expected = whole.run(session)
            #expect(tight.run(session) == expected)
            #expect(wide.run(session) == expected)
            total += expected.impressions.reduce(0) { $0 + $1.count }
        }
        #expect(total > 100)
    }
}

extension Rect {
    fileprivate var midXForTest: Double { x + width / 2 }
}
