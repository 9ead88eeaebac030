import Testing
@testable import ImpressionTracking

// One section's state changed with one input, on the 320 × 600 screen, default policy
// (half the height for 1 s) unless said: what the same layout with the section so gives,
// without sending the layout again.
@Suite("One section's state: loaded, opacity and hidden by id")
struct SectionStateTests {
    /// 10,000 rows of 100 points; the ad is row 2, on screen from the start.
    static func feed(adLoaded: Bool) -> [TrackedSection<String>] {
        (0..<10_000).map { row in
            TrackedSection(id: row == 2 ? "ad" : "row-\(row)", cells: [rect(0, Double(row) * 100, 320, 100)],
                           isLoaded: row == 2 ? adLoaded : true)
        }
    }

    @Test("an ad that finishes loading in a feed of 10,000 fires a second later, as with the whole layout sent again")
    func adFinishesLoading() throws {
        var updated = try makeEngine(policy: .default, showing: Self.feed(adLoaded: false))
        var relaid = try makeEngine(policy: .default, showing: Self.feed(adLoaded: false))
        #expect(updated.advance(to: ms(1500)).map(\.sectionID).contains("ad") == false)
        _ = relaid.advance(to: ms(1500))
        #expect(row("ad", in: updated.snapshot())?.notVisibleReason == .notLoaded)
        try updated.setSectionState("ad", isLoaded: true)
        try relaid.setLayout(Self.feed(adLoaded: true))
        // Loaded after the sample at 1.5 s: visible from 1.6 s, fires at 2.6 s.
        #expect(updated.snapshot() == relaid.snapshot())
        let fired = updated.advance(to: ms(3000))
        #expect(fired == relaid.advance(to: ms(3000)))
        #expect(fired == [impression("ad", at: ms(2600), seen: .seconds(1))])
    }

    @Test("opacity and hidden change alone, and nil keeps what was set")
    func opacityAndHidden() throws {
        let policy = ImpressionPolicy(minimumOpacity: 0.5)
        var engine = try makeEngine(policy: policy, showing: [section("card", y: 0)])
        try engine.setSectionState("card", opacity: 0.25)
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .transparent(opacity: 0.25, required: 0.5))
        try engine.setSectionState("card", isHidden: true)
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .hidden)
        try engine.setSectionState("card", isHidden: false)
        // Still 0.25 opaque: hiding and showing it kept the opacity.
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .transparent(opacity: 0.25, required: 0.5))
        try engine.setSectionState("card", opacity: 1)
        #expect(row("card", in: engine.snapshot())?.isVisible == true)
        #expect(engine.advance(to: ms(1000)) == [impression("card", at: ms(1000), seen: .seconds(1))])
    }

    @Test("an id not in the layout is a typed error naming it, and changes nothing")
    func unknownSection() throws {
        var engine = try makeEngine(policy: .default, showing: [section("card", y: 0, isLoaded: false)])
        let before = engine.snapshot()
        do {
            try engine.setSectionState("nowhere", isLoaded: true)
            Issue.record("an unknown section was accepted")
        } catch {
            #expect(error.code == .unknownSection && error.section == "nowhere" && error.sectionIndex == nil)
            #expect("\(error)".hasPrefix("section \"nowhere\": not in the layout"), "\(error)")
        }
        #expect(engine.snapshot() == before)
    }

    @Test("an opacity outside 0...1 is refused naming the section and the value; the state stays", arguments: [1.5, -0.5, .nan])
    func badOpacity(opacity: Double) throws {
        var engine = try makeEngine(policy: ImpressionPolicy(minimumOpacity: 0.5), showing: [section("card", y: 0)])
        try engine.setSectionState("card", opacity: 0.25)
        let before = engine.snapshot()
        do {
            try engine.setSectionState("card", isLoaded: false, opacity: opacity)
            Issue.record("opacity \(opacity) was accepted")
        } catch {
            #expect(error.code == .invalidOpacity && error.section == "card" && error.sectionIndex == 0)
            #expect(error.value == "\(opacity)")
        }
        #expect(engine.snapshot() == before)
    }

    @Test("under several policies each way of measuring gates the section by its own minimum opacity")
    func severalPolicies() throws {
        let policies = [ImpressionPolicy.default, ImpressionPolicy(measure: .area, minimumOpacity: 0.5),
                        ImpressionPolicy(minimumDuration: .zero, measure: .area, minimumOpacity: 0.2)]
        var engine = try ImpressionEngine<String>(policies: policies)
        try engine.setViewport(screen)
        try engine.setLayout([section("card", y: 0)])
        try engine.setSectionState("card", opacity: 0.3)
        var singles = try policies.map { policy in
            var single = try ImpressionEngine<String>(policy: policy)
            try single.setViewport(screen)
            try single.setLayout([section("card", y: 0, opacity: 0.3)])
            return single
        }
        let fired = engine.advance(to: ms(1000))
        for index in policies.indices {
            #expect(fired.filter { $0.policy == index } == singles[index].advance(to: ms(1000)).map { $0.underPolicy(index) })
            #expect(engine.snapshot(policy: index) == singles[index].snapshot().underPolicy(index))
        }
        // 0.3 is below policy 1's 0.5 but not policy 2's 0.2: only 0 and 2 fire.
        #expect(fired.map(\.policy) == [2, 0])
    }

    @Test("a copy of the engine keeps its own state: the change is copy-on-write")
    func copyOnWrite() throws {
        var engine = try makeEngine(policy: .default, showing: [section("card", y: 0, isLoaded: false)])
        try engine.setSectionState("card", opacity: 0.5)
        let copy = engine
        try engine.setSectionState("card", isLoaded: true)
        #expect(row("card", in: copy.snapshot())?.notVisibleReason == .notLoaded)
        #expect(row("card", in: engine.snapshot())?.isVisible == true)
    }
}
