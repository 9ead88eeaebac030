import Testing
@testable import ImpressionTracking

@Suite("Nested scroll containers")
struct NestedContainerTests {
    /// GameWith (seed 002): a feed with a header filling the screen, then a carousel of
    /// game cards, 200 wide, at 700...900. Cards are 100 × 200 every 110 points.
    static let gameWithFeed = [section("header", rect(0, 0, 320, 600))]
        + (0..<4).map { card("card\($0)", in: "games", rect(Double($0) * 110, 0, 100, 200)) }
    static let games = ScrollContainer(id: "games", frame: rect(0, 700, 200, 200))

    @Test("GameWith: a card in a horizontal carousel counts only when both the carousel and the screen show it")
    func carouselInsideAVerticalFeed() throws {
        var engine = try Engine(policy: .anyPixel)
        try engine.setViewport(screen())
        try engine.setLayout(Self.gameWithFeed, containers: [Self.games])
        // The carousel shows cards 0 and 1, but it is below the screen.
        #expect(engine.advance(to: .zero) == [impression("header", at: .zero)])
        #expect(row("card0", in: engine.snapshot())?.notVisibleReason == .offscreen)

        // The screen scrolls to 250...850: the carousel's top 150 points are on screen.
        try engine.setViewport(screen(y: 250))
        #expect(engine.advance(to: ms(100)) == [
            impression("card0", at: ms(100), ratio: 15_000.0 / 20_000.0),   // 100 × 150 of 100 × 200
            impression("card1", at: ms(100), ratio: 13_500.0 / 20_000.0),   // 110...200 of the carousel: 90 × 150
        ])
        // Card 2 is at 220...320: on screen, but beyond the carousel's right edge (200).
        // Card 3, at 330...430, is beyond both.
        let snapshot = engine.snapshot()
        #expect(row("card2", in: snapshot)?.notVisibleReason == .clippedByContainer("games"))
        #expect(row("card3", in: snapshot)?.notVisibleReason == .offscreen)
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("ZOZO: a carousel scrolled by its own content offset makes a hidden card fire, with no new layout")
    func carouselScrolledByItsOffset() throws {
        // A module carousel at 100...350, the screen's width; cards 150 wide every 160.
        var engine = try Engine(policy: .zozoModule)
        try engine.setViewport(screen())
        try engine.setLayout((0..<4).map { card("c\($0)", in: "module", rect(Double($0) * 160, 0, 150, 250)) },
                             containers: [ScrollContainer(id: "module", frame: rect(0, 100, 320, 250))])
        // c2 starts at 320, the carousel's right edge: it shows nothing.
        #expect(engine.advance(to: ms(1000)) == [
            impression("c0", at: ms(1000), seen: .seconds(1)), impression("c1", at: ms(1000), seen: .seconds(1)),
        ])
        // Swiped by 320: c2 and c3 show from the next sample (1.1 s), c0 and c1 leave.
        try engine.setContentOffset(Point(x: 320, y: 0), ofContainer: "module")
        #expect(engine.advance(to: ms(2000)) == [])
        #expect(engine.advance(to: ms(2100)) == [
            impression("c2", at: ms(2100), seen: .seconds(1)), impression("c3", at: ms(2100), seen: .seconds(1)),
        ])
        // Swiped back: c0 and c1 were out, so they fire again (on every entry).
        try engine.setContentOffset(.zero, ofContainer: "module")
        #expect(engine.advance(to: ms(3200)) == [
            impression("c0", at: ms(3200), seen: .seconds(1)), impression("c1", at: ms(3200), seen: .seconds(1)),
        ])
        #expect(engine.sectionCount == 4)
    }

    @Test("a container inside a container clips its cells by both, and each scrolls on its own")
    func nestedContainersClipByBoth() throws {
        // A shelf at (0, 100), 300 × 300, in the feed; inside it, at (200, 0) in the
        // shelf's content, a vertical list 200 × 300 scrolled down by 100. The screen
        // is 400 wide, so the shelf's right edge (300) is on screen.
        let containers = [
            ScrollContainer(id: "shelf", frame: rect(0, 100, 300, 300)),
            ScrollContainer(id: "list", frame: rect(200, 0, 200, 300), parentID: "shelf", contentOffset: Point(x: 0, y: 100)),
        ]
        let items = [
            // List content 0...100 shows at -100...0 of the shelf: above the list's top.
            card("top", in: "list", rect(0, 0, 200, 100)),
            // 50...150 of the shelf, 150...250 on screen; x 200...400 cut at the shelf's 300.
            card("middle", in: "list", rect(0, 150, 200, 100)),
            // 250...350 of the shelf, cut at the list's bottom (300), then at the shelf's
            // right edge: 100 × 50 of 200 × 100.
            card("bottom", in: "list", rect(0, 350, 200, 100)),
            // x 350...400 of the shelf: inside the list, beyond the shelf.
            card("beyond", in: "list", rect(150, 150, 50, 100)),
        ]
        var area = try Engine(policy: .anyPixel)
        var height = try Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero))
        for index in [0, 1] {
            var engine = index == 0 ? area : height
            try engine.setViewport(screen(width: 400))
            try engine.setLayout(items, containers: containers)
            if index == 0 { area = engine } else { height = engine }
        }
        #expect(area.advance(to: .zero) == [
            impression("middle", at: .zero, ratio: 10_000.0 / 20_000.0),
            impression("bottom", at: .zero, ratio: 5_000.0 / 20_000.0),
        ])
        #expect(height.advance(to: .zero) == [
            impression("middle", at: .zero, ratio: 1),        // 100 of 100 high
            impression("bottom", at: .zero, ratio: 0.5),      // 50 of 100 high
        ])
        let snapshot = area.snapshot()
        #expect(row("top", in: snapshot)?.notVisibleReason == .clippedByContainer("list"))
        #expect(row("beyond", in: snapshot)?.notVisibleReason == .clippedByContainer("shelf"))

        // The list scrolls to its top: "top" shows at 100...200 of the screen, 100 wide.
        try area.setContentOffset(.zero, ofContainer: "list")
        #expect(area.advance(to: ms(100)) == [impression("top", at: ms(100), ratio: 10_000.0 / 20_000.0)])
        // The shelf scrolls right by 100: "beyond" shows at 250...300, whole.
        try area.setContentOffset(Point(x: 100, y: 0), ofContainer: "shelf")
        #expect(area.advance(to: ms(200)).contains(impression("beyond", at: ms(200), ratio: 1)))
    }

    @Test("denominators are measured at the offsets given with the layout, not the current ones")
    func denominatorsAtLayoutOffsets() throws {
        // A 100 × 100 box and a card of a carousel 100 high at (0, 300), scrolled so the
        // card sits at 300...400: the section's full height is 0...400.
        let carousel = ScrollContainer(id: "carousel", frame: rect(0, 300, 320, 100))
        var section = TrackedSection(id: "mixed", cells: [rect(0, 0, 100, 100)],
                                     nestedCells: [NestedCell(containerID: "carousel", frame: rect(0, 0, 100, 100))])
        section.policy = ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero)
        var engine = try Engine()
        try engine.setViewport(screen())
        try engine.setLayout([section], containers: [carousel])
        #expect(engine.advance(to: .zero) == [impression("mixed", at: .zero, ratio: 1)])
        // The card scrolls out: the box alone is 100 of the 400.
        try engine.setContentOffset(Point(x: 400, y: 0), ofContainer: "carousel")
        #expect(engine.snapshot().sections.first?.visibleRatio == 100.0 / 400.0)
    }

    @Test("a bad container, parent, cycle, duplicate or offset throws, naming the container, and the previous layout stays")
    func badContainersAreRejected() throws {
        var engine = try Engine(policy: .anyPixel)
        try engine.setViewport(screen(y: 250))
        try engine.setLayout(NestedContainerTests.gameWithFeed, containers: [Self.games])
        let box = rect(0, 0, 10, 10)

        func rejects(_ sections: [TrackedSection<String>], _ containers: [ScrollContainer],
                     _ check: (InputError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                try engine.setLayout(sections, containers: containers)
                Issue.record("accepted", sourceLocation: sourceLocation)
            } catch {
                #expect(check(error), "\(error)", sourceLocation: sourceLocation)
            }
            #expect(engine.sectionCount == 5, sourceLocation: sourceLocation)
        }
        // A nested cell in a container that is not in the layout.
        rejects([card("lost", in: "nowhere", box)], [Self.games]) { error in
            error.problem == .unknownContainer(cellIndex: 0, containerID: "nowhere")
                && error.section == "lost" && "\(error)".contains("\"nowhere\"")
        }
        rejects([], [ScrollContainer(id: "child", frame: box, parentID: "ghost")]) { error in
            error == .unknownParentContainer("ghost", container: "child")
                && "\(error)" == #"container "child": unknown parent container "ghost""#
        }
        rejects([], [ScrollContainer(id: "a", frame: box, parentID: "b"), ScrollContainer(id: "b", frame: box, parentID: "a")]) { error in
            (error == .containerCycle("a") || error == .containerCycle("b"))
                && "\(error)".contains("own ancestor")
        }
        rejects([], [Self.games, ScrollContainer(id: "games", frame: box)]) { error in
            error == .duplicateContainerID("games")
        }
        rejects([], [ScrollContainer(id: "nan", frame: box, contentOffset: Point(x: .nan, y: 0))]) { error in
            error == .invalidContentOffset(Point(x: .nan, y: 0), container: "nan")
        }
        rejects([], [ScrollContainer(id: "wide", frame: rect(0, 0, .infinity, 10))]) { error in
            error == .invalidContainerFrame(rect(0, 0, .infinity, 10), container: "wide")
        }

        // Scrolling an unknown container, or to a non-finite offset, throws and changes nothing.
        #expect(throws: InputError.noSuchContainer("nowhere")) {
            try engine.setContentOffset(.zero, ofContainer: "nowhere")
        }
        do {
            try engine.setContentOffset(Point(x: 0, y: .infinity), ofContainer: "games")
            Issue.record("accepted an infinite offset")
        } catch {
            #expect(error == .invalidContentOffset(Point(x: 0, y: .infinity), container: "games"))
            #expect(error.field == "contentOffset")
        }
        // The previous layout and offset are in force: cards 0 and 1 fire, as before.
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["header", "card0", "card1"])
    }
}
