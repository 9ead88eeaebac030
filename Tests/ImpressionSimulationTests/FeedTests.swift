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
        #expect(carousel.cells.count == parameters.carouselCardCount)
        #expect((carousel.cells.last?.maxX ?? 0) > screen.width)
        #expect(carousel.isCarousel && carousel.carouselMaximumOffset > 0)
        #expect(feed.sections[5].cells[0].width == parameters.adWidth)
        #expect(feed.sections[5].cells[0].midXForTest == screen.width / 2)
    }

    @Test("a carousel swipe moves its cards and only its cards, within its range")
    func carouselOffsets() {
        let feed = Feed(kinds: [.card, .carousel, .card])
        var layout = FeedLayout(feed: feed)
        let before = layout.sections
        let moved = layout.setCarouselOffset(158, ofSection: 1)
        #expect(moved)
        #expect(layout.sections[1].cells[0].x == before[1].cells[0].x - 158)
        #expect(layout.sections[0] == before[0] && layout.sections[2] == before[2])
        // Unchanged, not a carousel, out of range, not a number: no change.
        let ignored = [layout.setCarouselOffset(158, ofSection: 1), layout.setCarouselOffset(100, ofSection: 0),
                       layout.setCarouselOffset(100, ofSection: 99), layout.setCarouselOffset(.nan, ofSection: 1)]
        #expect(ignored == [false, false, false, false])
        layout.setCarouselOffset(1e9, ofSection: 1)
        #expect(layout.carouselOffset(ofSection: 1) == feed.sections[1].carouselMaximumOffset)
        // A carousel at rest is fully seen under the area measure.
        #expect(layout.sections[1].fullArea == feed.sections[1].restingArea)
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
        let policies = ["default", "abema", "sarah", "cookpad"].map { name in
            NamedPolicy(name: name, policy: ImpressionPolicy.preset(named: name) ?? .default)
        }
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
