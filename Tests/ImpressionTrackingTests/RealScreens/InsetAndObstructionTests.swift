import Testing
@testable import ImpressionTracking

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
        var byHeight = try Engine(policy: policy)
        var policyByArea = policy
        policyByArea.measure = .area
        var byArea = try Engine(policy: policyByArea)
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
        var bare = try Engine()
        try bare.setViewport(screen())
        try bare.setLayout(feed)
        #expect(bare.advance(to: ms(1000)).map(\.sectionID) == ["top", "feed", "bottom", "under"])

        var inset = try Engine()
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
