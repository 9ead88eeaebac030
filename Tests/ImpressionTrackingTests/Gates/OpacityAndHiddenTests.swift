import Testing
@testable import ImpressionTracking

// Worked examples of opacity and hidden flags, at 100 ms samples on the 320 × 600 screen.
// A cell's effective opacity is its section's opacity times the opacity of every
// container up its chain (alpha composes on screen; IntersectionObserver v2 uses the
// effective opacity too); a cell below the policy's minimum opacity, or in a hidden
// container, counts for nothing; a hidden section never counts.

/// At once, half the height, with a minimum opacity.
private func policy(minimumOpacity: Double) -> ImpressionPolicy {
    var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero)
    policy.minimumOpacity = minimumOpacity
    return policy
}

private func container(_ id: String, _ frame: Rect, parent: String? = nil, opacity: Double = 1,
                       hidden: Bool = false) -> ScrollContainer {
    var container = ScrollContainer(id: id, frame: frame, parentID: parent)
    container.opacity = opacity
    container.isHidden = hidden
    return container
}

private func fadedCard(opacity: Double) -> TrackedSection<String> {
    var card = card("card", in: "carousel", rect(0, 0, 320, 200))
    card.opacity = opacity
    return card
}

@Suite("Opacity and hidden: translucent and hidden cells count for nothing")
struct OpacityAndHiddenTests {
    @Test("a card at 0.15 in a carousel at 0.5 is 0.075 < 0.1: not visible; at 0.2 it is 0.1 and fires")
    func effectiveOpacityMultiplies() throws {
        // 0.15 x 0.5 = 0.075, below the minimum 0.1: the snapshot says transparent. At
        // 0.2, 0.2 x 0.5 = 0.1 (exactly, in binary too: halving is exact), which meets an
        // inclusive minimum: it fires at the next sample, 0.1.
        var engine = try Engine(policy: policy(minimumOpacity: 0.1))
        try engine.setViewport(screen)
        let carousel = container("carousel", rect(0, 0, 320, 200), opacity: 0.5)
        try engine.setLayout([fadedCard(opacity: 0.15)], containers: [carousel])
        #expect(engine.advance(to: ms(50)) == [])
        let reason = row("card", in: engine.snapshot())?.notVisibleReason
        #expect(reason == .transparent(opacity: 0.15 * 0.5, required: 0.1))
        #expect(0.15 * 0.5 < 0.1 && 0.2 * 0.5 == 0.1)
        #expect("\(reason!)" == "transparent (opacity 0.075 < 0.1)")
        try engine.setLayout([fadedCard(opacity: 0.2)], containers: [carousel])
        #expect(engine.advance(to: ms(500)) == [impression("card", at: ms(100))])
    }

    @Test("by default opacity never matters: a card at opacity 0 fires as today")
    func defaultIgnoresOpacity() throws {
        var engine = try Engine(policy: policy(minimumOpacity: 0))
        try engine.setViewport(screen)
        try engine.setLayout([fadedCard(opacity: 0)], containers: [container("carousel", rect(0, 0, 320, 200), opacity: 0)])
        #expect(engine.advance(to: .zero) == [impression("card", at: .zero)])
    }

    @Test("a hidden ancestor hides a card two containers down; showing it lets the card fire")
    func hiddenAncestor() throws {
        // feed (hidden) > carousel > card. The card is on screen but for the hidden feed:
        // the snapshot names the feed; a root section beside it is unaffected and fires
        // at 0.0. The feed shown at 0.25: the card fires at 0.3.
        var engine = try Engine(policy: policy(minimumOpacity: 0))
        try engine.setViewport(screen)
        let banner = section("banner", y: 300)
        func containers(feedHidden: Bool) -> [ScrollContainer] {
            [container("feed", rect(0, 0, 320, 250), hidden: feedHidden),
             container("carousel", rect(0, 0, 320, 200), parent: "feed")]
        }
        try engine.setLayout([fadedCard(opacity: 1), banner], containers: containers(feedHidden: true))
        #expect(engine.advance(to: ms(250)) == [impression("banner", at: .zero)])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .hiddenByContainer("feed"))
        try engine.setLayout([fadedCard(opacity: 1), banner], containers: containers(feedHidden: false))
        #expect(engine.advance(to: ms(300)) == [impression("card", at: ms(300))])
    }

    @Test("a hidden section never counts, even under a policy that ignores opacity")
    func hiddenSection() throws {
        var hidden = section("card", y: 0)
        hidden.isHidden = true
        var engine = try makeEngine(policy: policy(minimumOpacity: 0), showing: [hidden])
        #expect(engine.advance(to: .seconds(2)) == [])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .hidden)
    }

    @Test("only the opaque cells are measured: a faded half leaves a ratio of 0.5")
    func partlyFaded() throws {
        // A root cell at 0...100 and a card at 100...200 in a container at opacity 0.05:
        // full height 200. With a minimum of 0.1 only the root cell counts: 100 / 200 =
        // 0.5, which meets 0.5. With no minimum both count: 1.
        let faded = container("fade", rect(0, 100, 320, 100), opacity: 0.05)
        let mixed = TrackedSection(id: "mixed", cells: [rect(0, 0, 320, 100)],
                                   nestedCells: [NestedCell(containerID: "fade", frame: rect(0, 0, 320, 100))])
        for (minimum, ratio) in [(0.1, 0.5), (0, 1.0)] {
            var engine = try Engine(policy: policy(minimumOpacity: minimum))
            try engine.setViewport(screen)
            try engine.setLayout([mixed], containers: [faded])
            #expect(engine.advance(to: .zero) == [impression("mixed", at: .zero, ratio: ratio)])
        }
    }

    @Test("geometry comes first: a transparent section off screen is offscreen; obstructed comes after")
    func precedence() throws {
        var faint = section("card", y: 2000)
        faint.opacity = 0.05
        var engine = try makeEngine(policy: policy(minimumOpacity: 0.1), showing: [faint])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .offscreen)
        faint.cells = [rect(0, 0, 320, 200)]
        try engine.setLayout([faint])
        try engine.setObstructions([screen])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .transparent(opacity: 0.05, required: 0.1))
        faint.opacity = 1
        try engine.setLayout([faint])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .obstructed)
    }

    @Test("ImpressionKit's preset: any opacity above 0 counts, 0 does not")
    func impressionKitPreset() throws {
        for (opacity, fires) in [(0.0, false), (0.01, true), (1, true)] {
            var card = section("card", y: 0)
            card.opacity = opacity
            var engine = try makeEngine(policy: .impressionKit, sampleInterval: ms(200), showing: [card])
            #expect(engine.advance(to: .seconds(2)).count == (fires ? 1 : 0), "opacity \(opacity)")
        }
    }
}
