import Testing
@testable import ImpressionTracking

@Suite("The manual: real screens")
struct RealScreensArticleExampleTests {
    @Test("the real-screens article's example gives its events and prints its table")
    func readmeExample() throws {
        var engine = try ImpressionEngine<String>()
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
            section  ratio  shows            counting  why not counted
            banner   0.331  below threshold  idle      below threshold (0.331 < 0.5)
            picks    1.0    at threshold     counted
            video    0.506  at threshold     counted
            """)
    }
}
