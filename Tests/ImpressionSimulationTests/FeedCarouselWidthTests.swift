import ImpressionSimulation
import ImpressionTracking
import Testing

/// The simulator's carousels under the width measure: like `fullArea`, a carousel's
/// `fullWidth` is what it shows at rest, so a carousel at rest on screen is fully seen.
@Suite("Simulated carousels by width")
struct FeedCarouselWidthTests {
    @Test("a carousel at rest reads 1.0 by width; other sections give no fullWidth")
    func atRest() throws {
        let feed = Feed(kinds: [.carousel, .card])
        let layout = FeedLayout(feed: feed)
        let carousel = feed.sections[0]
        let frame = try #require(carousel.carouselFrame)
        // The cards start inside the frame and run off its right edge: at rest the row
        // shows from the first card's left edge to the frame's right edge.
        let firstCard = try #require(carousel.cards.first)
        #expect(layout.sections[0].fullWidth == frame.maxX - max(frame.minX, firstCard.minX))
        #expect(layout.sections[1].fullWidth == nil)

        var engine = try ImpressionEngine<Int>(policy: ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .width))
        try engine.setLayout(layout.sections, containers: layout.containers)
        try engine.setViewport(feed.screen.viewport(atOffset: 0))
        #expect(engine.snapshot().sections[0].visibleRatio == 1)
        #expect(engine.advance(to: .zero).map(\.sectionID).contains(0))
    }
}
