@testable import ImpressionTracking
import Testing

/// The geometry of one section in the five cases the manual works through, each figure
/// derived by hand from the rects (a 390 × 844 pt phone screen), then the change rules.
@Suite("Visible geometry, worked by hand")
struct VisibleGeometryTests {
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    /// An engine watching the geometry, with `sections` laid out on `viewport`, and the
    /// geometry its first sample sends.
    static func firstGeometry(_ sections: [TrackedSection<String>], containers: [ScrollContainer] = [],
                              viewport: Rect = screen, setUp: (inout ImpressionEngine<String>) throws -> Void = { _ in })
        throws -> (ImpressionEngine<String>, [VisibleGeometry<String>]) {
        var engine = try ImpressionEngine<String>()
        engine.watchGeometry()
        try engine.setLayout(sections, containers: containers)
        try engine.setViewport(viewport)
        try setUp(&engine)
        _ = engine.advance(to: .zero)
        let changes = engine.takeGeometryChanges()
        return (engine, changes)
    }

    @Test("a cell under the tab bar: 61 of its 200 pt above the 83 pt inset, 30 % in view, cut by the viewport")
    func cellUnderTabBar() throws {
        // The effective viewport ends at 844 - 83 = 761; the cell runs from 700 to 900.
        let (_, changes) = try Self.firstGeometry([TrackedSection(id: "card", cells: [Rect(x: 0, y: 700, width: 390, height: 200)])]) {
            try $0.setViewportInsets(Insets(bottom: 83))
        }
        let card = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(card.frame == Rect(x: 0, y: 700, width: 390, height: 200))
        #expect(card.onScreenFrame == Rect(x: 0, y: 700, width: 390, height: 61))
        #expect(card.heightFraction == 61.0 / 200)   // 0.305
        #expect(card.widthFraction == 1)
        #expect(card.pixelsInView == 390 * 61)      // 23,790 pt²
        #expect(card.areaFraction == 23_790.0 / 78_000)
        #expect(card.percentageInView == 30)
        #expect(card.reasons == .viewport)
        #expect(card.obstructions.isEmpty && card.friendlyObstructions.isEmpty)
    }

    @Test("a carousel card half past its container's right edge, on screen: clipped, 50 % in view")
    func carouselCardClippedByContainer() throws {
        // The carousel spans x 0...300 at y 100; the card sits at x 210...390 in its
        // content: on screen (the screen ends at 390), but the carousel ends at 300.
        let carousel = ScrollContainer(id: "carousel", frame: Rect(x: 0, y: 100, width: 300, height: 200))
        let card = TrackedSection(id: "card", nestedCells: [NestedCell(containerID: "carousel",
                                                                      frame: Rect(x: 210, y: 0, width: 180, height: 200))])
        let (_, changes) = try Self.firstGeometry([card], containers: [carousel])
        let geometry = try #require(changes.first)
        #expect(geometry.frame == Rect(x: 210, y: 100, width: 180, height: 200))
        #expect(geometry.onScreenFrame == Rect(x: 210, y: 100, width: 90, height: 200))
        #expect(geometry.widthFraction == 0.5)
        #expect(geometry.heightFraction == 1)
        #expect(geometry.pixelsInView == 18_000)
        #expect(geometry.percentageInView == 50)
        #expect(geometry.reasons == .clipped)

        // Swiped 120 pt further, the card runs to x 510: the container and the screen
        // both cut it.
        var engine = try ImpressionEngine<String>()
        try engine.setLayout([card], containers: [carousel])
        try engine.setViewport(Self.screen)
        try engine.setContentOffset(Point(x: -120, y: 0), ofContainer: "carousel")
        engine.watchGeometry()
        _ = engine.advance(to: .zero)
        let swiped = try #require(engine.takeGeometryChanges().first)
        #expect(swiped.frame == Rect(x: 330, y: 100, width: 180, height: 200))
        #expect(swiped.reasons == [.clipped, .viewport])
        #expect(swiped.percentageInView == 0 && swiped.onScreenFrame == nil)
    }

    @Test("a sticky header over the top 60 pt is subtracted; video controls, friendly, are only listed")
    func friendlyAndUnfriendlyObstructions() throws {
        // Scrolled 1,000 pt down: the cell at content y 1,100 is at screen y 100.
        let header = Rect(x: 0, y: 100, width: 390, height: 60)
        let controls = FriendlyObstruction(rect: Rect(x: 20, y: 350, width: 350, height: 40), purpose: .videoControls,
                                           detailedReason: "play, pause, mute")
        let (_, changes) = try Self.firstGeometry([TrackedSection(id: "video", cells: [Rect(x: 0, y: 1_100, width: 390, height: 300)])],
                                                  viewport: Rect(x: 0, y: 1_000, width: 390, height: 844)) {
            try $0.setObstructions([header, Rect(x: 0, y: 700, width: 50, height: 50)], friendly: [controls])
        }
        let video = try #require(changes.first)
        #expect(video.frame == Rect(x: 0, y: 100, width: 390, height: 300))
        // 300 - 60 = 240 pt of its height, 117,000 - 23,400 = 93,600 pt².
        #expect(video.onScreenFrame == Rect(x: 0, y: 160, width: 390, height: 240))
        #expect(video.heightFraction == 0.8)
        #expect(video.pixelsInView == 93_600)
        #expect(video.percentageInView == 80)
        #expect(video.obstructions == [header])          // the one at y 700 covers none of it
        #expect(video.friendlyObstructions == [controls])
        #expect(video.reasons == .obstructed)

        // The controls alone take nothing away.
        let (_, friendlyOnly) = try Self.firstGeometry([TrackedSection(id: "video", cells: [Rect(x: 0, y: 1_100, width: 390, height: 300)])],
                                                       viewport: Rect(x: 0, y: 1_000, width: 390, height: 844)) {
            try $0.setObstructions([], friendly: [controls])
        }
        #expect(friendlyOnly.first?.percentageInView == 100)
        #expect(friendlyOnly.first?.reasons == [])
        #expect(friendlyOnly.first?.friendlyObstructions == [controls])
    }

    @Test("a hidden cell shows nothing, for the reason hidden; shown again, it is back")
    func hiddenCell() throws {
        var (engine, changes) = try Self.firstGeometry([TrackedSection(id: "banner", cells: [Rect(x: 0, y: 0, width: 390, height: 100)])])
        #expect(changes.first?.percentageInView == 100)
        try engine.setSectionState("banner", isHidden: true)
        _ = engine.advance(to: .milliseconds(100))
        let hidden = try #require(engine.takeGeometryChanges().first)
        #expect(hidden.time == .milliseconds(100))
        #expect(hidden.reasons == .hidden)
        #expect(hidden.percentageInView == 0 && hidden.pixelsInView == 0 && hidden.onScreenFrame == nil)
        #expect(hidden.frame == Rect(x: 0, y: 0, width: 390, height: 100))
        try engine.setSectionState("banner", isHidden: false)
        _ = engine.advance(to: .milliseconds(200))
        #expect(engine.takeGeometryChanges().map(\.percentageInView) == [100])
    }

    @Test("in the background nothing is in view, for the reason backgrounded; in the foreground it is back")
    func appInBackground() throws {
        var (engine, _) = try Self.firstGeometry([TrackedSection(id: "feed", cells: [Rect(x: 0, y: 0, width: 390, height: 400)])])
        engine.enterBackground()
        _ = engine.advance(to: .milliseconds(100))
        let background = try #require(engine.takeGeometryChanges().first)
        #expect(background.reasons == .backgrounded)
        #expect(background.areaFraction == 0 && background.percentageInView == 0)
        engine.setCovered(true)
        _ = engine.advance(to: .milliseconds(200))
        #expect(engine.takeGeometryChanges().map(\.reasons) == [[.backgrounded, .inactive]])
        engine.setCovered(false)
        engine.enterForeground()
        _ = engine.advance(to: .milliseconds(300))
        #expect(engine.takeGeometryChanges().map(\.percentageInView) == [100])
    }

    @Test("a change only when a value changes; one when a section leaves; nothing when nobody watches")
    func changesOnlyWhenValuesChange() throws {
        let rows = [TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 390, height: 400)]),
                    TrackedSection(id: "b", cells: [Rect(x: 0, y: 400, width: 390, height: 400)])]
        var (engine, first) = try Self.firstGeometry(rows)
        #expect(first.map(\.sectionID) == ["a", "b"])
        // The same viewport again, and time passing: nothing changes.
        try engine.setViewport(Self.screen)
        _ = engine.advance(to: .seconds(1))
        #expect(engine.takeGeometryChanges().isEmpty)
        // Scrolling 100 pt changes b only (a stays whole).
        try engine.setViewport(Rect(x: 0, y: -100, width: 390, height: 844))
        _ = engine.advance(to: .milliseconds(1_100))
        let scrolled = engine.takeGeometryChanges()
        #expect(scrolled.map(\.sectionID) == ["a", "b"])   // a moved on screen: its frame changed
        #expect(scrolled.last?.heightFraction == 344.0 / 400)
        // b leaves the layout: one change, then nothing.
        try engine.setLayout([rows[0]])
        _ = engine.advance(to: .milliseconds(1_200))
        let left = engine.takeGeometryChanges()
        #expect(left.count == 1 && left.first?.sectionID == "b" && left.first?.hasLeft == true)
        _ = engine.advance(to: .milliseconds(1_500))
        #expect(engine.takeGeometryChanges().isEmpty)

        engine.stopWatchingGeometry()
        try engine.setViewport(Self.screen)
        _ = engine.advance(to: .seconds(2))
        #expect(!engine.watchesGeometry && engine.takeGeometryChanges().isEmpty)
    }

    @Test("OM's percentage is floored, a percent within 10⁻⁹ counting as reached")
    func percentageIsFloored() {
        #expect(VisibleGeometry<Int>.percentage(ofAreaFraction: 0.499) == 49)
        #expect(VisibleGeometry<Int>.percentage(ofAreaFraction: 0.29 + 0.01 - 1e-12) == 30)
        #expect(VisibleGeometry<Int>.percentage(ofAreaFraction: 1) == 100)
        #expect(VisibleGeometry<Int>.percentage(ofAreaFraction: 0) == 0)
    }

    @Test("a friendly obstruction with a bad rect or a reason over 50 characters is refused, naming it")
    func badFriendlyObstruction() throws {
        var engine = try ImpressionEngine<String>()
        let long = String(repeating: "r", count: 51)
        #expect(throws: InputError.self) {
            try engine.setObstructions([], friendly: [FriendlyObstruction(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                                                          purpose: .other, detailedReason: long)])
        }
        do {
            try engine.setObstructions([], friendly: [FriendlyObstruction(rect: Rect(x: 0, y: 0, width: -1, height: 10),
                                                                          purpose: .closeAd)])
            Issue.record("accepted a negative width")
        } catch {
            #expect(error.code == .invalidFriendlyObstruction)
            #expect(error.field == "friendlyObstructions[0].rect")
        }
        #expect(engine.friendlyObstructions.isEmpty)
    }
}
