import Testing
@testable import ImpressionTracking

// Issue 3 on worked examples: nested scroll containers, viewport insets, obstructions,
// large sections, hysteresis, visibility events and snapshots, on the engine and the
// actor. Every ratio below is worked out by hand in the comments; all geometry is in
// whole points, so the engine's `Double`s equal the fractions written here.

private typealias Engine = ImpressionEngine<String>
private typealias Event = VisibilityEvent<String>

private func ms(_ milliseconds: Int) -> Duration { .milliseconds(milliseconds) }

/// A 320 × 600 screen scrolled down to `y`.
private func screen(y: Double = 0, width: Double = 320) -> Rect {
    Rect(x: 0, y: y, width: width, height: 600)
}

private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

private func impression(_ id: String, at time: Duration, ratio: Double = 1, seen: Duration = .zero,
                        visit: Int = 1) -> Impression<String> {
    Impression(sectionID: id, time: time, visibleRatio: ratio, visibleDuration: seen, visit: visit)
}

private func entered(_ id: String, at time: Duration, ratio: Double = 1, visit: Int = 1) -> Event {
    .entered(sectionID: id, time: time, visibleRatio: ratio, visit: visit)
}

private func exited(_ id: String, at time: Duration, stay: Duration, total: Duration, visit: Int = 1) -> Event {
    .exited(sectionID: id, time: time, stayDuration: stay, totalVisibleDuration: total, visit: visit)
}

/// A section whose only cell is `cell`, in root coordinates.
private func section(_ id: String, _ cell: Rect, policy: ImpressionPolicy? = nil) -> TrackedSection<String> {
    TrackedSection(id: id, cells: [cell], policy: policy)
}

/// A section whose only cell is `frame`, in the content of `container`.
private func card(_ id: String, in container: String, _ frame: Rect) -> TrackedSection<String> {
    TrackedSection(id: id, nestedCells: [NestedCell(containerID: container, frame: frame)])
}

/// The snapshot row of `id`.
private func row(_ id: String, in snapshot: EngineSnapshot<String>) -> SectionSnapshot<String>? {
    snapshot.sections.first { $0.sectionID == id }
}

// MARK: - Nested scroll containers

@Suite("Nested scroll containers")
struct NestedContainerTests {
    /// GameWith (seed 002): a feed with a header filling the screen, then a carousel of
    /// game cards, 200 wide, at 700...900. Cards are 100 × 200 every 110 points.
    static let gameWithFeed = [section("header", rect(0, 0, 320, 600))]
        + (0..<4).map { card("card\($0)", in: "games", rect(Double($0) * 110, 0, 100, 200)) }
    static let games = ScrollContainer(id: "games", frame: rect(0, 700, 200, 200))

    @Test("GameWith: a card in a horizontal carousel counts only when both the carousel and the screen show it")
    func carouselInsideAVerticalFeed() throws {
        var engine = Engine(policy: .anyPixel)
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
        var engine = Engine(policy: .zozoModule)
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
        var area = Engine(policy: .anyPixel)
        var height = Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero))
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
        var engine = Engine()
        try engine.setViewport(screen())
        try engine.setLayout([section], containers: [carousel])
        #expect(engine.advance(to: .zero) == [impression("mixed", at: .zero, ratio: 1)])
        // The card scrolls out: the box alone is 100 of the 400.
        try engine.setContentOffset(Point(x: 400, y: 0), ofContainer: "carousel")
        #expect(engine.snapshot().sections.first?.visibleRatio == 100.0 / 400.0)
    }

    @Test("a bad container, parent, cycle, duplicate or offset throws, naming the container, and the previous layout stays")
    func badContainersAreRejected() throws {
        var engine = Engine(policy: .anyPixel)
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
                && error.section == "\"lost\"" && "\(error)".contains("\"nowhere\"")
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

// MARK: - Insets and obstructions

@Suite("Viewport insets and obstructions")
struct InsetAndObstructionTests {
    /// A module of two cells under a sticky header: the left one 160 × 200, the right
    /// one 160 × 100, both from y = 1050. Full area 48,000, full height 200.
    static let module = TrackedSection(id: "module", cells: [rect(0, 1050, 160, 200), rect(160, 1050, 160, 100)])
    /// A strip entirely under the header.
    static let strip = section("strip", rect(0, 1010, 320, 50))
    /// The header, 100 high, and a floating button at (100, 120), in viewport coordinates.
    static let obstructions = [rect(0, 0, 320, 100), rect(100, 120, 40, 40)]

    @Test("a sticky header hides the top of a module: .area loses exactly what is covered, .height the box of what remains")
    func stickyHeader() throws {
        // The screen shows 1000...1600; the header covers 1000...1100, the button
        // (100...140, 1120...1160), inside the left cell's visible part.
        //   .area:   left 160 × 150 - 40 × 40 = 22,400, right 160 × 50 = 8,000: 30,400 / 48,000
        //   .height: what remains spans 1100...1250: 150 / 200
        let policy = ImpressionPolicy(minimumVisibleRatio: 0.7, minimumDuration: .zero)
        var byHeight = Engine(policy: policy)
        var policyByArea = policy
        policyByArea.measure = .area
        var byArea = Engine(policy: policyByArea)
        for index in [0, 1] {
            var engine = index == 0 ? byHeight : byArea
            try engine.setViewport(screen(y: 1000))
            try engine.setObstructions(Self.obstructions)
            try engine.setLayout([Self.module, Self.strip])
            if index == 0 { byHeight = engine } else { byArea = engine }
        }
        #expect(byHeight.advance(to: ms(500)) == [impression("module", at: .zero, ratio: 0.75)])
        #expect(byArea.advance(to: ms(500)) == [])
        let snapshot = byArea.snapshot()
        #expect(row("module", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 30_400.0 / 48_000.0, required: 0.7))
        #expect(row("strip", in: snapshot)?.notVisibleReason == .obstructed)
        #expect(row("strip", in: byHeight.snapshot())?.notVisibleReason == .obstructed)

        // Obstructions stay put on the screen while the content scrolls: at 1100...1700
        // the header covers 1100...1200 (the right cell and the left one's top), the
        // button (100...140, 1220...1260) 40 × 30 of the left cell's remaining 160 × 50.
        try byArea.setViewport(screen(y: 1100))
        try byHeight.setViewport(screen(y: 1100))
        #expect(row("module", in: byArea.snapshot())?.visibleRatio == 6_800.0 / 48_000.0)
        #expect(row("module", in: byHeight.snapshot())?.visibleRatio == 50.0 / 200.0)

        // Without obstructions the module and the strip show whole.
        try byArea.setViewport(screen(y: 1000))
        try byArea.setObstructions([])
        #expect(byArea.advance(to: ms(600)) == [impression("module", at: ms(600)), impression("strip", at: ms(600))])
    }

    @Test("insets (navigation bar, tab bar) shrink what counts as on screen")
    func tabBarInsets() throws {
        let feed = [
            section("top", rect(0, 0, 320, 100)),        // under the 91-point navigation bar but 9 points
            section("feed", rect(0, 200, 320, 200)),     // in the middle
            section("bottom", rect(0, 450, 320, 150)),   // 450...517 above the 83-point tab bar: 67 of 150
            section("under", rect(0, 530, 320, 60)),     // entirely under the tab bar
        ]
        var bare = Engine()
        try bare.setViewport(screen())
        try bare.setLayout(feed)
        #expect(bare.advance(to: ms(1000)).map(\.sectionID) == ["top", "feed", "bottom", "under"])

        var inset = Engine()
        try inset.setViewport(screen())
        try inset.setViewportInsets(Insets(top: 91, bottom: 83))
        try inset.setLayout(feed)
        #expect(inset.advance(to: ms(3000)) == [impression("feed", at: ms(1000), seen: .seconds(1))])
        let snapshot = inset.snapshot()
        #expect(row("top", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 9.0 / 100.0, required: 0.5))
        #expect(row("bottom", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 67.0 / 150.0, required: 0.5))
        #expect(row("under", in: snapshot)?.notVisibleReason == .offscreen)

        // Insets that leave no area: nothing is on screen.
        try inset.setViewportInsets(Insets(top: 300, bottom: 300))
        #expect(inset.snapshot().sections.allSatisfy { $0.notVisibleReason == .noViewport })
        #expect(inset.advance(to: ms(5000)) == [])
        // Non-finite insets are rejected; the previous ones stay.
        #expect(throws: InputError.self) { try inset.setViewportInsets(Insets(left: .nan)) }
        #expect(inset.viewportInsets == Insets(top: 300, bottom: 300))
    }
}

// MARK: - Large sections and hysteresis

@Suite("Large sections and hysteresis")
struct LargeSectionAndHysteresisTests {
    @Test("a section three screens tall fires under .capToViewport, and never without it")
    func threeScreensTall() throws {
        let video = section("video", rect(0, 0, 320, 1800))
        let capped = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1),
                                      exitVisibleRatio: nil, largeSectionRule: .capToViewport)
        for policy in [ImpressionPolicy.default, .mrcDisplay] {
            // Scrolled through from top to bottom: never more than 600 of 1800.
            var engine = Engine(policy: policy)
            try engine.setLayout([video])
            for (step, y) in [0.0, 300, 600, 900, 1200].enumerated() {
                try engine.setViewport(screen(y: y))
                #expect(engine.advance(to: .seconds(2 * step + 2)) == [], "\(policy)")
            }
            #expect(row("video", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 1.0 / 3.0, required: 0.5))
        }
        for policy in [capped, .viewportRelative] {
            var engine = Engine(policy: policy)
            try engine.setViewport(screen())
            try engine.setLayout([video])
            #expect(engine.advance(to: ms(1000)) == [impression("video", at: ms(1000), seen: .seconds(1))], "\(policy)")
        }
        // Capped, it counts once it fills half the screen: 1500...1800 is 300 of 600.
        var engine = Engine(policy: capped)
        try engine.setViewport(screen(y: 1500))
        try engine.setLayout([video])
        #expect(engine.advance(to: ms(1000)) == [impression("video", at: ms(1000), ratio: 0.5, seen: .seconds(1))])
        // The cap is the effective viewport: with 100 points of insets, 500 of 500.
        var inset = Engine(policy: capped)
        try inset.setViewport(screen(y: 600))
        try inset.setViewportInsets(Insets(top: 50, bottom: 50))
        try inset.setLayout([video])
        #expect(inset.advance(to: ms(1000)) == [impression("video", at: ms(1000), seen: .seconds(1))])
    }

    @Test("MRC large display: a 300 × 900 ad (270,000 pt²) at 35 % fires, a small one at 35 % does not")
    func mrcLargeDisplay() throws {
        func fired(_ ad: TrackedSection<String>, policy: ImpressionPolicy = .mrcLargeDisplay) throws -> [Impression<String>] {
            var engine = Engine(policy: policy)
            try engine.setViewport(screen())
            try engine.setLayout([ad])
            return engine.advance(to: ms(3000))
        }
        // 315 of its 900 rows on screen: 94,500 / 270,000 = 35 %, above the 30 % rule.
        let large = section("large", rect(0, 285, 300, 900))
        #expect(try fired(large) == [impression("large", at: ms(1000), ratio: 0.35, seen: .seconds(1))])
        #expect(try fired(large, policy: .mrcDisplay) == [])
        // 300 × 200 = 60,000 pt², 70 rows on screen: 21,000 / 60,000 = 35 %, below 50 %.
        #expect(try fired(section("small", rect(0, 530, 300, 200))) == [])
        // The rule is inclusive: 250 × 970 = 242,500 pt² at exactly 30 % fires...
        #expect(try fired(section("edge", rect(0, 309, 250, 970))) == [impression("edge", at: ms(1000), ratio: 0.3, seen: .seconds(1))])
        // ...and 249 × 970 = 241,530 pt² needs 50 %.
        #expect(try fired(section("under", rect(0, 309, 249, 970))) == [])
        // fullArea, when given, decides: 90,000 pt² on screen is 45 % of 200,000 (small,
        // needs 50 %) but 37 % of 242,500 (large, needs 30 %).
        var declared = section("declared", rect(0, 300, 300, 300))
        declared.fullArea = 200_000
        #expect(try fired(declared) == [])
        declared.fullArea = 242_500
        #expect(try fired(declared) == [impression("declared", at: ms(1000), ratio: 90_000.0 / 242_500.0, seen: .seconds(1))])
    }

    @Test("a ratio hovering between the exit and entry ratios keeps counting only once it has entered")
    func hysteresis() throws {
        // An ad 200 high at 520...720: 80 of it on screen at y = 0 (40 %), 120 at y = 40
        // (60 %), 40 at y = -40 (20 %). Entry 50 %, exit 30 %.
        let ad = section("ad", rect(0, 520, 320, 200))
        let policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), exitVisibleRatio: 0.3)
        var engine = Engine(policy: policy)
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([ad])
        // 40 % never enters.
        #expect(engine.advanceWithEvents(to: ms(1000)) == [])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))
        // 60 % enters at 1.1 s; back at 40 % from 1.4 s it keeps counting.
        try engine.setViewport(screen(y: 40))
        #expect(engine.advanceWithEvents(to: ms(1300)) == [entered("ad", at: ms(1100), ratio: 0.6)])
        try engine.setViewport(screen())
        let counting = try #require(row("ad", in: engine.snapshot()))
        #expect(counting.isVisible && counting.consecutiveSamples == 3 && counting.visibleRatio == 0.4)
        #expect(engine.advanceWithEvents(to: ms(2500)) == [
            .impression(impression("ad", at: ms(2100), ratio: 0.4, seen: .seconds(1))),
        ])
        // 20 % is below the exit ratio: it exits at 2.6 s after 15 samples (1.1...2.5).
        try engine.setViewport(screen(y: -40))
        #expect(engine.advanceWithEvents(to: ms(2600)) == [exited("ad", at: ms(2600), stay: ms(1500), total: ms(1500))])
        // Back at 40 %: out of the run, it needs 50 % again.
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(5000)) == [])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))

        // Without an exit ratio the same scroll leaves at 40 %, at 1.4 s, and never fires.
        var plain = Engine()
        _ = plain.advance(to: .zero)
        try plain.setViewport(screen())
        try plain.setLayout([ad])
        _ = plain.advanceWithEvents(to: ms(1000))
        try plain.setViewport(screen(y: 40))
        #expect(plain.advanceWithEvents(to: ms(1300)) == [entered("ad", at: ms(1100), ratio: 0.6)])
        try plain.setViewport(screen())
        #expect(plain.advanceWithEvents(to: ms(2500)) == [exited("ad", at: ms(1400), stay: ms(300), total: ms(300))])
    }
}

// MARK: - Visibility events

@Suite("Visibility events")
struct VisibilityEventTests {
    @Test("exited events carry the stay and the total over the visit's stays; a new visit starts from zero")
    func exposureTimes() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        // Seen at 0.1...0.5 s (5 samples), out at 0.6 s.
        #expect(engine.advanceWithEvents(to: ms(550)) == [entered("banner", at: ms(100))])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(750)) == [exited("banner", at: ms(600), stay: ms(500), total: ms(500))])
        // Seen again at 0.8...1.0 s: this stay 0.3 s, the visit's total 0.8 s.
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(1050)) == [entered("banner", at: ms(800))])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(1150)) == [exited("banner", at: ms(1100), stay: ms(300), total: ms(800))])
        // A new visit (pop back): 1.3...1.4 s, and the total starts over.
        engine.disappear()
        engine.appear()
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(1450)) == [entered("banner", at: ms(1200), visit: 2)])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(1500)) == [exited("banner", at: ms(1500), stay: ms(300), total: ms(300), visit: 2)])
    }

    @Test("a new visit voids open runs: a section seen across it exits and re-enters at the same sample")
    func newVisitSplitsTheRun() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: ms(300)))
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(450)) == [
            entered("banner", at: ms(100)),
            .impression(impression("banner", at: ms(400), seen: ms(300))),
        ])
        engine.reset()   // SARAH's restart: a new visit, and what fired is forgotten
        #expect(engine.advanceWithEvents(to: ms(900)) == [
            exited("banner", at: ms(500), stay: ms(400), total: ms(400)),
            entered("banner", at: ms(500), visit: 2),
            .impression(impression("banner", at: ms(800), seen: ms(300), visit: 2)),
        ])
    }

    @Test("within a sample: exits (those that left the layout first), then entries, then impressions, each in layout order")
    func orderWithinASample() throws {
        var engine = Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero))
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([section("a", rect(0, 0, 320, 100)), section("b", rect(0, 100, 320, 100))])
        #expect(engine.advanceWithEvents(to: ms(300)) == [
            entered("a", at: ms(100)), entered("b", at: ms(100)),
            .impression(impression("a", at: ms(100))), .impression(impression("b", at: ms(100))),
        ])
        // "b" leaves the layout, "a" moves off screen, "d" and "c" arrive, in that order.
        try engine.setLayout([section("d", rect(0, 300, 320, 100)), section("a", rect(0, 900, 320, 100)),
                              section("c", rect(0, 200, 320, 100))])
        #expect(engine.advanceWithEvents(to: ms(400)) == [
            exited("b", at: ms(400), stay: ms(300), total: ms(300)),
            exited("a", at: ms(400), stay: ms(300), total: ms(300)),
            entered("d", at: ms(400)), entered("c", at: ms(400)),
            .impression(impression("d", at: ms(400))), .impression(impression("c", at: ms(400))),
        ])
    }

    @Test("a section that leaves the layout and comes back before the next sample keeps its run")
    func leavingAndComingBackBetweenSamples() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(350)) == [entered("banner", at: ms(100))])
        try engine.setLayout([])
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(1050)) == [])   // no exit or entry at 0.4 s
        #expect(engine.advanceWithEvents(to: ms(1100)) == [.impression(impression("banner", at: ms(1100), seen: .seconds(1)))])
        // Gone at the next sample: it exits there, once.
        try engine.setLayout([])
        #expect(engine.advanceWithEvents(to: ms(1500)) == [exited("banner", at: ms(1200), stay: ms(1100), total: ms(1100))])
    }
}

// MARK: - Snapshots

@Suite("Snapshots: why a section does not count")
struct SnapshotTests {
    @Test("each reason, the counts and fired flags, and the printed table")
    func everyReason() throws {
        var engine = Engine()
        try engine.setViewport(screen())
        try engine.setObstructions([rect(0, 500, 320, 100)])   // a banner over the screen's bottom
        let flat = section("flat", rect(0, 100, 320, 0))
        let layout = [
            section("seen", rect(0, 0, 320, 200)),
            section("below", rect(0, 420, 320, 200)),                 // 420...500 left: 80 of 200
            section("covered", rect(0, 520, 320, 60)),                // under the banner
            section("far", rect(0, 2000, 320, 100)),
            card("clipped", in: "shelf", rect(200, 0, 100, 100)),      // beyond the shelf, on screen
            TrackedSection(id: "empty", cells: []),
            flat,                                                    // no height to measure against
        ]
        try engine.setLayout(layout, containers: [ScrollContainer(id: "shelf", frame: rect(0, 200, 160, 100))])
        #expect(engine.advance(to: ms(1000)) == [impression("seen", at: ms(1000), seen: .seconds(1))])

        let snapshot = engine.snapshot()
        #expect(snapshot.time == ms(1000) && snapshot.visit == 1 && snapshot.inactiveCauses.isEmpty)
        #expect(snapshot.sections.map(\.sectionID) == layout.map(\.id))
        #expect(row("seen", in: snapshot) == SectionSnapshot(sectionID: "seen", visibleRatio: 1, consecutiveSamples: 11,
                                                             hasFiredThisVisit: true, notVisibleReason: nil))
        #expect(row("below", in: snapshot)?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))
        #expect(row("below", in: snapshot)?.visibleRatio == 0.4)
        #expect(row("covered", in: snapshot)?.notVisibleReason == .obstructed)
        #expect(row("far", in: snapshot)?.notVisibleReason == .offscreen)
        #expect(row("clipped", in: snapshot)?.notVisibleReason == .clippedByContainer("shelf"))
        #expect(row("empty", in: snapshot)?.notVisibleReason == .noSize)
        #expect(row("flat", in: snapshot)?.notVisibleReason == .noSize)
        #expect(snapshot.sections.filter { $0.sectionID != "seen" }.allSatisfy {
            !$0.isVisible && $0.consecutiveSamples == 0 && !$0.hasFiredThisVisit
        })

        let table = String(describing: snapshot)
        for text in ["time 1 s, visit 1, active", "section", "ratio", "samples", "fired", "status",
                     "below threshold (0.4 < 0.5)", "obstructed", "offscreen", "clipped by container shelf", "no size"] {
            #expect(table.contains(text), "\(text) in\n\(table)")
        }
        for section in layout {
            #expect(table.split(separator: "\n").contains { $0.hasPrefix(section.id + " ") }, "\(section.id) in\n\(table)")
        }

        // "seen" fired and leaves the layout: remembered, last, as missing.
        try engine.setLayout(Array(layout.dropFirst()), containers: [ScrollContainer(id: "shelf", frame: rect(0, 200, 160, 100))])
        let departed = try #require(engine.snapshot().sections.last)
        #expect(departed.sectionID == "seen" && departed.notVisibleReason == .missingFromLayout && departed.hasFiredThisVisit)
        #expect(String(describing: engine.snapshot()).contains("missing from layout"))

        // Inactive comes first, with its causes.
        engine.disappear()
        engine.enterBackground()
        engine.setCovered(true)
        let inactive = engine.snapshot()
        #expect(inactive.inactiveCauses == [.disappeared, .inBackground, .covered])
        #expect(inactive.sections.dropLast().allSatisfy { $0.notVisibleReason == .inactive([.disappeared, .inBackground, .covered]) })
        #expect(String(describing: inactive).contains("inactive (disappeared + in background + covered)"))
    }

    @Test("with no viewport every section says so")
    func noViewport() throws {
        var engine = Engine()
        try engine.setLayout([section("a", rect(0, 0, 320, 100)), section("b", rect(0, 100, 320, 100))])
        #expect(engine.snapshot().sections.map(\.notVisibleReason) == [.noViewport, .noViewport])
        try engine.setViewport(rect(0, 0, 320, 0))
        #expect(engine.snapshot().sections.map(\.notVisibleReason) == [.noViewport, .noViewport])
    }
}

// MARK: - The actor

@Suite("ImpressionTracker: real-screen inputs and events()", .catchesHangs)
struct TrackerRealScreenTests {
    static func collect<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
        var received: [Element] = []
        for await element in stream { received.append(element) }
        return received
    }

    @Test("events() on a ManualClock delivers entered, impression and exited in order")
    func eventStream() async throws {
        let clock = ManualClock()
        let tracker = ImpressionTracker<String>(
            policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: ms(300)), clock: clock)
        let events = await tracker.events()
        let impressions = await tracker.impressions()
        // Inputs at t = 0 come after the sample at 0: seen from 0.1 s.
        try await tracker.setViewport(screen())
        try await tracker.setLayout([section("hero", rect(0, 0, 320, 300))])
        clock.advance(by: ms(500))
        await tracker.flush()
        try await tracker.setViewport(screen(y: 1000))   // the sample at 0.5 s came first
        clock.advance(by: ms(100))
        let snapshot = await tracker.snapshot()
        #expect(snapshot.sections.map(\.notVisibleReason) == [.offscreen])
        await tracker.finish()
        #expect(await Self.collect(events) == [
            entered("hero", at: ms(100)),
            .impression(impression("hero", at: ms(400), seen: ms(300))),
            exited("hero", at: ms(600), stay: ms(500), total: ms(500)),
        ])
        #expect(await Self.collect(impressions) == [impression("hero", at: ms(400), seen: ms(300))])
    }

    @Test("containers, offsets, insets and obstructions work through the actor")
    func realScreenInputs() async throws {
        let clock = ManualClock()
        let tracker = ImpressionTracker<String>(policy: .anyPixel, clock: clock)
        let impressions = await tracker.impressions()
        try await tracker.setViewport(screen())
        try await tracker.setViewportInsets(Insets(bottom: 100))          // 0...500 counts
        try await tracker.setObstructions([rect(0, 0, 320, 50)])              // a header over 0...50
        try await tracker.setLayout([
            section("header", rect(0, 0, 320, 50)),                          // under the header
            section("footer", rect(0, 520, 320, 50)),                         // under the tab bar
            card("card0", in: "games", rect(0, 0, 100, 100)),
            card("card1", in: "games", rect(400, 0, 100, 100)),
        ], containers: [ScrollContainer(id: "games", frame: rect(0, 200, 320, 100))])
        clock.advance(by: ms(100))
        await tracker.flush()
        try await tracker.setContentOffset(Point(x: 300, y: 0), ofContainer: "games")   // card1 at 100...200
        await #expect(throws: InputError.self) { try await tracker.setContentOffset(.zero, ofContainer: "none") }
        clock.advance(by: ms(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(impressions) == [
            impression("card0", at: ms(100), ratio: 1),
            impression("card1", at: ms(200), ratio: 1),
        ])
    }
}

// MARK: - Regressions found by the reference model

/// Engine bugs the real-screen property test found, each reduced to its smallest session.
@Suite("Regressions found by the reference model")
struct ModelFoundRegressionTests {
    static let banner = section("banner", rect(0, 0, 320, 200))

    @Test("a section visible at the very first sample gets no exit before its entry")
    func noPhantomExitAtTheFirstSample() throws {
        var engine = Engine()
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])   // before any sample: sample 0 sees it
        let events = engine.advanceWithEvents(to: .zero)
        #expect(events == [entered("banner", at: .zero)])
    }

    @Test("the total visible time adds up the visit's stays even if the section left the layout in between")
    func exposureSurvivesLeavingTheLayout() throws {
        var engine = Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])
        _ = engine.advanceWithEvents(to: ms(300))                // seen at 0.1...0.3
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(400)) == [exited("banner", at: ms(400), stay: ms(300), total: ms(300))])
        try engine.setLayout([])                                 // a lazy list drops it...
        _ = engine.advanceWithEvents(to: ms(500))
        try engine.setLayout([Self.banner])                      // ...and shows it again
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(600)) == [entered("banner", at: ms(600))])
        try engine.setViewport(screen(y: 1000))
        let exit = engine.advanceWithEvents(to: ms(700))
        #expect(exit == [exited("banner", at: ms(700), stay: ms(100), total: ms(400))])
    }

    @Test("a run voided by a new visit exits at the next sample even if its section left the layout")
    func voidedRunExitsAfterLeavingTheLayout() throws {
        var engine = Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])
        #expect(engine.advanceWithEvents(to: ms(100)) == [entered("banner", at: ms(100))])
        engine.disappear()
        engine.appear()              // a new visit: the run is void
        try engine.setLayout([])     // and the section leaves before the next sample
        let events = engine.advanceWithEvents(to: ms(200))
        #expect(events == [exited("banner", at: ms(200), stay: ms(100), total: ms(100))])
    }
}

// MARK: - The README's example

@Suite("README: real screens")
struct ReadmeRealScreenExampleTests {
    @Test("the README's real-screen example gives its events and prints its table")
    func readmeExample() throws {
        var engine = ImpressionEngine<String>()
        try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try engine.setViewportInsets(Insets(top: 47, bottom: 83))
        try engine.setObstructions([Rect(x: 0, y: 47, width: 390, height: 60)])
        try engine.setLayout([
            TrackedSection(id: "banner", cells: [Rect(x: 0, y: 0, width: 390, height: 160)]),
            TrackedSection(id: "picks", nestedCells: (0..<5).map { index in
                NestedCell(containerID: "picks-carousel",
                           frame: Rect(x: Double(index) * 160, y: 0, width: 150, height: 200))
            }),
            TrackedSection(id: "video", cells: [Rect(x: 0, y: 400, width: 390, height: 2400)],
                           policy: .viewportRelative),
        ], containers: [
            ScrollContainer(id: "picks-carousel", frame: Rect(x: 0, y: 170, width: 390, height: 200)),
        ])
        try engine.setContentOffset(Point(x: 320, y: 0), ofContainer: "picks-carousel")
        let events = engine.advanceWithEvents(to: .seconds(1))
        #expect(events.map(\.sectionID) == ["picks", "video", "picks", "video"])
        #expect(events.compactMap(\.impression).map(\.time) == [.seconds(1), .seconds(1)])
        #expect("\(engine.snapshot())" == """
            time 1 s, visit 1, active
            section  ratio  samples  fired  status
            banner   0.331  0        no     below threshold (0.33125 < 0.5)
            picks    1.0    11       yes    visible
            video    0.506  11       yes    visible
            """)
    }
}
