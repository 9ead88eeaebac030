import Testing
@testable import ImpressionTracking

/// A policy that ``ImpressionPolicy/requiresInteraction`` counts nothing before the user's
/// first interaction (``ImpressionEngine/interact()``): the cases of React Native's
/// packages/virtualized-lists/Lists/__tests__/ViewabilityHelper-test.js about
/// `waitForInteraction`, under their names, and the rule's edges.
@Suite("The interaction gate")
struct InteractionGateTests {
    /// Any pixel, at once, after the first interaction.
    static let waiting = ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, requiresInteraction: true)

    /// ViewabilityHelper-test.js, "waitForInteraction blocks callback until interaction":
    /// rows a (0...200) and b (200...400), a viewport 100 high. At offset 0 nothing is
    /// viewable before the interaction; after `recordInteraction()`, at offset 20, a is
    /// (b, from 180, is below the viewport).
    @Test("ViewabilityHelper-test.js: waitForInteraction blocks callback until interaction")
    func blocksUntilInteraction() throws {
        var engine = try makeEngine(policy: Self.waiting, showing: [section("a", y: 0), section("b", y: 200)],
                                    viewport: rect(0, 0, 320, 100))
        #expect(engine.advance(to: .seconds(5)).isEmpty)
        #expect(row("a", in: engine.snapshot())?.counting == .waitingForInteraction)
        #expect(row("a", in: engine.snapshot())?.visibility == .atThreshold)
        engine.interact()
        try engine.setViewport(rect(0, 20, 320, 100))
        #expect(engine.advance(to: ms(5100)) == [impression("a", at: ms(5100), ratio: 0.5)])
    }

    /// The interaction applies from the next sample; what the screen showed before it
    /// counts from then, its duration counted from then too.
    @Test("the interaction applies from the next sample, and the duration counts from it")
    func appliesFromTheNextSample() throws {
        var policy = ImpressionPolicy.default
        policy.requiresInteraction = true
        var engine = try makeEngine(policy: policy, showing: [section("a", y: 0)])
        #expect(engine.advanceWithEvents(to: ms(250)).isEmpty)
        engine.interact()
        #expect(engine.advanceWithEvents(to: ms(300)) == [entered("a", at: ms(300))])
        #expect(engine.advance(to: ms(1200)).isEmpty)
        #expect(engine.advance(to: ms(1300)) == [impression("a", at: ms(1300), seen: .seconds(1))])
    }

    /// Never reset: a new visit and `reset()` keep the interaction, and a second call
    /// changes nothing.
    @Test("the interaction is kept across visits and reset")
    func neverReset() throws {
        var engine = try makeEngine(policy: Self.waiting, showing: [section("a", y: 0)])
        engine.interact()
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["a"])
        engine.disappear()
        engine.appear()
        engine.reset()
        engine.interact()
        #expect(engine.advance(to: ms(100)).map(\.sectionID) == ["a"])
        #expect(row("a", in: engine.snapshot())?.counting != .waitingForInteraction)
    }

    /// A policy without the gate in the same engine counts from the first sample; the
    /// waiting one only after the interaction.
    @Test("only the policies that require it wait")
    func onlyThePoliciesThatRequireIt() throws {
        var engine = try Engine(policies: [Self.waiting, ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero)])
        try engine.setViewport(screen)
        try engine.setLayout([section("a", y: 0)])
        #expect(engine.advance(to: .zero).map(\.policy) == [1])
        engine.interact()
        #expect(engine.advance(to: ms(100)).map(\.policy) == [0])
        #expect(engine.snapshot(policy: 1).sections.first?.counting != .waitingForInteraction)
    }

    /// A section's own policy may wait while the engine's does not.
    @Test("a section's own policy may wait")
    func sectionPolicy() throws {
        var engine = try makeEngine(policy: ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero), showing: [
            section("waits", y: 0, policy: Self.waiting), section("counts", y: 300),
        ])
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["counts"])
        engine.interact()
        #expect(engine.advance(to: ms(100)).map(\.sectionID) == ["waits"])
    }

    /// The tracker takes the interaction as an input like any other.
    @Test("the tracker's interact() opens the gate")
    func tracker() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<String>(policy: Self.waiting, clock: clock)
        try await tracker.setViewport(screen)
        try await tracker.setLayout([section("a", y: 0)])
        clock.advance(by: .seconds(1))
        await tracker.flush()
        #expect(await tracker.snapshot().sections.first?.counting == .waitingForInteraction)
        await tracker.interact()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        #expect(await tracker.snapshot().sections.first?.counting == .counted)
    }
}
