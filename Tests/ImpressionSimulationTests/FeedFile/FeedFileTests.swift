import Foundation
import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Feed files: the app's own feed as JSON")
struct FeedFileTests {
    @Test("a synthetic feed written out and read back has exactly the same sections", arguments: [
        FeedParameters(),
        // Sizes that are not whole numbers: the rects must still land on the same bits.
        FeedParameters(sectionSpacing: 7.3, horizontalInset: 15.5, twoLineColumns: 4, twoLineCellHeight: 161.7,
                       carouselCardWidth: 143.9, cellSpacing: 6.1, videoHeightToScreen: 1.37),
    ])
    func roundTrip(parameters: FeedParameters) throws {
        let feed = Feed(sectionCount: 3000, parameters: parameters, seed: 5)
        let read = try FeedFile.decode(Array(FeedFile.encode(feed).utf8))
        #expect(read.sections == feed.sections)
        #expect(read.contentHeight == feed.contentHeight && read.screen == feed.screen)
        #expect(FeedFile.encode(read) == FeedFile.encode(feed))
    }

    @Test("docs/feed-example.json reads as the feed docs/feed-format.md describes")
    func documentedExample() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/feed-example.json")
        let feed = try FeedFile.decode(Data(contentsOf: url))
        // 2 sections and 20 blocks of 6 are the content; an ad takes every 5th position.
        #expect(feed.sections.count == 152)
        let ads = feed.sections.filter { $0.kind == .ad }
        #expect(ads.count == 30 && ads.map(\.index) == Array(stride(from: 4, through: 149, by: 5)))
        #expect(ads.first?.id == "ad#1" && ads.last?.id == "ad#30")
        #expect(ads.allSatisfy { $0.policy == ImpressionPolicy(measure: .area) && $0.cells[0].width == 300 })
        #expect(feed.sections.filter { $0.kind == .twoLineModule }.map(\.id) == (1...20).map { "module#\($0)" })
        #expect(feed.sections.count { $0.kind == .card } == 80 && feed.sections[2].id == "2")
        // The titled carousel: a fixed title cell, and a row of 8 cards 40 pt below the section's top.
        let picks = feed.sections[1]
        #expect(picks.id == "picks" && picks.cells == [Rect(x: 16, y: 212, width: 358, height: 32)])
        #expect(picks.carouselFrame == Rect(x: 0, y: 252, width: 390, height: 230) && picks.cards.count == 8)
        #expect(picks.carouselPageWidth == 158 && picks.carouselMaximumOffset == 1288 - 390)
        let layout = FeedLayout(feed: feed, scope: .wholeFeed)
        #expect(layout.sections[1].cells.count == 1 && layout.sections[1].nestedCells.count == 8)
        #expect(layout.containers.count == 1)
    }

    @Test("a block repeats in order; inserts take their positions; copies of a named section are numbered")
    func compactForms() throws {
        let feed = try Self.decode(#"""
            "sections": [{"repeat": 3, "sections": [{"id": "a", "kind": "card", "height": 10}, {"kind": "banner", "height": 20}]}],
            "insert": [{"every": 3, "from": 2, "section": {"id": "ad", "kind": "ad", "height": 5}},
                       {"every": 4, "section": {"kind": "video", "height": 50}}]
            """#)
        #expect(feed.sections.map(\.kind) == [.card, .ad, .banner, .video, .ad, .card, .banner, .ad, .card, .banner])
        #expect(feed.sections.map(\.id) == ["a#1", "ad#1", "2", "3", "ad#2", "a#2", "6", "ad#3", "a#3", "9"])
        #expect(feed.sections[0].cells == [Rect(x: 0, y: 0, width: 390, height: 10)])
        #expect(feed.sections[1].frame.minY == 10)
    }

    /// Decodes a file made of the format's header and `members`.
    static func decode(_ members: String) throws(FileFormatError) -> Feed {
        try FeedFile.decode(Array(#"{"format": "impressions-feed", "version": 1, \#(members)}"#.utf8))
    }
}
