import Testing
@testable import ImpressionTracking

@Suite("Cookpad (seed 001): ShowContentLog and its six lifecycle rules")
struct CookpadExampleTests {
    private static let feed = [section("first", y: 0), section("second", y: 700)]

    @Test("rule 1: content logs on its first appearance")
    func firstAppearanceLogs() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero) == [impression("first", at: .zero, seen: .zero)])
        try engine.setViewport(screen(scrolledTo: 500))
        #expect(engine.advance(to: ms(100)) == [impression("second", at: ms(100), seen: .zero)])
    }

    @Test("rule 2: scrolling out and back in does not log again")
    func scrollingBackDoesNotLogAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(100)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("rule 3: a refresh logs the new content, and the old content never does")
    func refreshLogsTheNewContent() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.beginRefresh()
        try engine.setViewport(screen(scrolledTo: 500))    // "second" on screen, mid-refresh
        #expect(engine.advance(to: ms(500)) == [])
        try engine.setLayout([section("fresh", y: 500), section("fresher", y: 800)])
        engine.endRefresh()
        #expect(engine.advance(to: ms(3000)) == [
            impression("fresh", at: ms(600), seen: .zero, visit: 2),
            impression("fresher", at: ms(600), seen: .zero, visit: 2),
        ])
    }

    @Test("rule 4: pushing a screen and popping back logs again")
    func pushAndPopLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.disappear()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.appear()
        #expect(engine.advance(to: ms(2000)) == [impression("first", at: ms(1100), seen: .zero, visit: 2)])
    }

    @Test("rule 5: switching tabs and back logs again, even between two samples")
    func tabSwitchLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: ms(350)).map(\.sectionID) == ["first"])
        engine.disappear()
        engine.appear()
        #expect(engine.advance(to: ms(1000)) == [impression("first", at: ms(400), seen: .zero, visit: 2)])
    }

    @Test("rule 6: going to the background and back to the foreground logs again")
    func foregroundLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        #expect(engine.advance(to: ms(2000)) == [impression("first", at: ms(1100), seen: .zero, visit: 2)])
    }

    @Test("rule 6: foregrounding does not log again when a modal covered the screen")
    func modalSuppressesTheForegroundVisit() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        #expect(engine.advance(to: ms(200)) == [])
        engine.setCovered(true)
        #expect(engine.advance(to: ms(300)) == [])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        #expect(engine.advance(to: ms(1500)) == [])
        engine.setCovered(false)
        #expect(engine.advance(to: ms(3000)) == [])
        #expect(engine.visit == 1)
    }

    @Test("rule 6: with a refresh pending on foreground, only the new content logs")
    func pendingRefreshLogsOnlyTheNewContent() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        engine.beginRefresh()                              // before the next sample
        #expect(engine.advance(to: ms(1500)) == [])
        try engine.setLayout([section("fresh", y: 0)])
        engine.endRefresh()
        #expect(engine.advance(to: ms(3000)) == [impression("fresh", at: ms(1600), seen: .zero, visit: 3)])
    }
}
