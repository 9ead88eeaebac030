import Testing
@testable import ImpressionTracking

/// React Native's `viewabilityConfig` (facebook/react-native,
/// packages/virtualized-lists/Lists/ViewabilityHelper.js) as the presets
/// ``ImpressionPolicy/reactNativeItem`` and ``ImpressionPolicy/reactNativeArea``: every
/// case of packages/virtualized-lists/Lists/__tests__/ViewabilityHelper-test.js, under
/// its name.
///
/// The JS tests give each row a `y` and a `height` in a vertical list, a scroll offset
/// and a viewport height; here each row is a section of one full-width cell at that `y`,
/// the viewport is 320 wide at the offset, and a row is viewable when the engine counts
/// it (a policy of no duration fires at the first sample). `computeViewableItems` is the
/// set that fires at the first sample of a fresh engine; `onUpdate`'s callbacks are the
/// engine's entries (`isViewable: true`), exits (`isViewable: false`) and impressions.
/// A threshold of `T` percent is the ratio `T / 100`.
@Suite("React Native ViewabilityHelper: viewabilityConfig as policies")
struct ReactNativeViewabilityTests {
    /// A row of the JS tests: its key, `y` and `height`.
    typealias Row = (key: String, y: Double, height: Double)

    static func sections(_ rows: [Row]) -> [TrackedSection<String>] {
        rows.map { section($0.key, y: $0.y, height: $0.height) }
    }

    /// `viewAreaCoveragePercentThreshold: percent`.
    static func area(_ percent: Double) -> ImpressionPolicy {
        var policy = ImpressionPolicy.reactNativeArea
        policy.minimumVisibleRatio = percent / 100
        return policy
    }

    /// `itemVisiblePercentThreshold: percent`.
    static func item(_ percent: Double) -> ImpressionPolicy {
        var policy = ImpressionPolicy.reactNativeItem
        policy.minimumVisibleRatio = percent / 100
        return policy
    }

    /// `computeViewableItems(props, scrollOffset, viewportHeight, ...)`: the keys that fire
    /// at the first sample, in list order.
    static func viewableItems(_ rows: [Row], scrollOffset: Double, viewportHeight: Double,
                              policy: ImpressionPolicy) throws -> [String] {
        var engine = try makeEngine(policy: policy, showing: sections(rows),
                                    viewport: rect(0, scrollOffset, 320, viewportHeight))
        return engine.advance(to: .zero).map(\.sectionID)
    }

    /// The `changed` tokens of the callbacks up to `time`: `+key` for `isViewable: true`,
    /// `-key` for `false`.
    static func changed(_ engine: inout Engine, to time: Duration) -> [String] {
        engine.advanceWithEvents(to: time).compactMap { event in
            switch event {
            case .entered(let id, _, _, _, _): "+" + id
            case .exited(let id, _, _, _, _, _, _): "-" + id
            case .impression: nil
            }
        }
    }

    static let twoTallRows: [Row] = [("a", 0, 200), ("b", 200, 200)]

    // MARK: - describe('computeViewableItems')

    @Test("ViewabilityHelper-test.js: returns all 4 entirely visible rows as viewable")
    func allEntirelyVisible() throws {
        let rows: [Row] = [("a", 0, 50), ("b", 50, 50), ("c", 100, 50), ("d", 150, 50)]
        #expect(try Self.viewableItems(rows, scrollOffset: 0, viewportHeight: 200, policy: Self.area(50))
                == ["a", "b", "c", "d"])
    }

    static let tallSecondRow: [Row] = [("a", 0, 50), ("b", 50, 150), ("c", 200, 50), ("d", 250, 50)]

    /// a is entirely visible though it covers a quarter of the viewport; b covers 150 of 200.
    @Test("ViewabilityHelper-test.js: returns top 2 rows as viewable (1. entirely visible and 2. majority)")
    func entirelyVisibleAndMajority() throws {
        #expect(try Self.viewableItems(Self.tallSecondRow, scrollOffset: 0, viewportHeight: 200, policy: Self.area(50))
                == ["a", "b"])
    }

    @Test("ViewabilityHelper-test.js: returns only 2nd row as viewable (majority)")
    func onlyMajority() throws {
        #expect(try Self.viewableItems(Self.tallSecondRow, scrollOffset: 25, viewportHeight: 200, policy: Self.area(50))
                == ["b"])
    }

    @Test("ViewabilityHelper-test.js: handles empty input")
    func emptyInput() throws {
        #expect(try Self.viewableItems([], scrollOffset: 0, viewportHeight: 200, policy: Self.area(50)).isEmpty)
    }

    /// c is 500 high, taller than every viewport here: at 100 % it counts only while it
    /// covers the whole viewport.
    @Test("ViewabilityHelper-test.js: handles different view area coverage percent thresholds")
    func viewAreaCoverageThresholds() throws {
        let rows: [Row] = [("a", 0, 50), ("b", 50, 150), ("c", 200, 500), ("d", 700, 50)]
        let cases: [(percent: Double, offset: Double, height: Double, viewable: [String])] = [
            (0, 0, 50, ["a"]), (0, 1, 50, ["a", "b"]), (0, 199, 50, ["b", "c"]), (0, 250, 50, ["c"]),
            (100, 0, 200, ["a", "b"]), (100, 1, 200, ["b"]), (100, 400, 200, ["c"]), (100, 600, 200, ["d"]),
            (10, 30, 200, ["a", "b", "c"]), (10, 31, 200, ["b", "c"]),
        ]
        for example in cases {
            #expect(try Self.viewableItems(rows, scrollOffset: example.offset, viewportHeight: example.height,
                                           policy: Self.area(example.percent)) == example.viewable,
                    "viewAreaCoveragePercentThreshold \(example.percent) at \(example.offset), height \(example.height)")
        }
    }

    @Test("ViewabilityHelper-test.js: handles different item visible percent thresholds")
    func itemVisibleThresholds() throws {
        let cases: [(percent: Double, offset: Double, height: Double, viewable: [String])] = [
            (0, 0, 50, ["a"]), (0, 1, 50, ["a", "b"]),
            (100, 0, 250, ["a", "b", "c"]), (100, 1, 250, ["b", "c"]),
            (10, 184, 20, ["b"]), (10, 185, 20, ["b", "c"]), (10, 186, 20, ["c"]),
        ]
        for example in cases {
            #expect(try Self.viewableItems(Self.tallSecondRow, scrollOffset: example.offset,
                                           viewportHeight: example.height,
                                           policy: Self.item(example.percent)) == example.viewable,
                    "itemVisiblePercentThreshold \(example.percent) at \(example.offset), height \(example.height)")
        }
    }

    /// The item's floored edges, 264 and 411, lie inside the viewport of 411.43: entirely
    /// visible, so viewable at 100 %, though its exact bottom (411.428589) is past the
    /// viewport's (411.428558). Measured exactly, the same item misses 100 %.
    @Test("ViewabilityHelper-test.js: should account for imprecision on measurements of width of viewport and item")
    func imprecision() throws {
        let rows: [Row] = [("Item", 1767.6190185546875, 147.4285888671875)]
        #expect(try Self.viewableItems(rows, scrollOffset: 1503.61901855, viewportHeight: 411.4285583496094,
                                       policy: Self.item(100)) == ["Item"])
        var exact = Self.item(100)
        exact.rounding = .exact
        #expect(try Self.viewableItems(rows, scrollOffset: 1503.61901855, viewportHeight: 411.4285583496094,
                                       policy: exact).isEmpty)
    }

    // MARK: - describe('onUpdate')

    /// `new ViewabilityHelper()`: viewAreaCoveragePercentThreshold 0. The second update at
    /// the same offset changes nothing; at offset 100 the row, at -100...-50, has left.
    @Test("ViewabilityHelper-test.js: returns 1 visible row as viewable then scrolls away")
    func oneRowThenScrollsAway() throws {
        var engine = try makeEngine(policy: .reactNativeArea, showing: Self.sections([("a", 0, 50)]),
                                    viewport: rect(0, 0, 320, 200))
        #expect(Self.changed(&engine, to: .zero) == ["+a"])
        try engine.setViewport(rect(0, 0, 320, 200))
        #expect(Self.changed(&engine, to: ms(100)).isEmpty)
        try engine.setViewport(rect(0, 100, 320, 200))
        #expect(Self.changed(&engine, to: ms(200)) == ["-a"])
    }

    /// At offset 100 both show 100 points; at offset 200 a's floored bottom is 0, not
    /// above it, so a has left.
    @Test("ViewabilityHelper-test.js: returns 1st visible row then 1st and 2nd then just 2nd")
    func firstThenBothThenSecond() throws {
        var engine = try makeEngine(policy: .reactNativeArea, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(Self.changed(&engine, to: .zero) == ["+a"])
        try engine.setViewport(rect(0, 100, 320, 200))
        #expect(Self.changed(&engine, to: ms(100)) == ["+b"])
        try engine.setViewport(rect(0, 200, 320, 200))
        #expect(Self.changed(&engine, to: ms(200)) == ["-a"])
    }

    /// minimumViewTime 350 ms: on the 100 ms grid the wait is judged at the first sample
    /// at or after 350 ms, 400 ms, where the JS test runs its timers; the impression's
    /// visible time is the wait it closes, from the change at 0.
    @Test("ViewabilityHelper-test.js: minimumViewTime delays callback")
    func minimumViewTimeDelays() throws {
        var policy = ImpressionPolicy.reactNativeArea
        policy.minimumDuration = ms(350)
        var engine = try makeEngine(policy: policy, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(300)).isEmpty)
        #expect(engine.advance(to: ms(400)) == [impression("a", at: ms(400), seen: ms(400))])
    }

    /// a (0...250) shows at offset 0 and is scrolled past (to 300) before the wait ends:
    /// only b, which stays, is reported.
    @Test("ViewabilityHelper-test.js: minimumViewTime skips briefly visible items")
    func minimumViewTimeSkipsBrieflyVisible() throws {
        var policy = ImpressionPolicy.reactNativeArea
        policy.minimumDuration = ms(350)
        var engine = try makeEngine(policy: policy, showing: Self.sections([("a", 0, 250), ("b", 250, 200)]),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: .zero).isEmpty)
        try engine.setViewport(rect(0, 300, 320, 200))
        // The check set at 0 holds a, gone by 400; the one b's entry set at 100 reports
        // b at 500, which covers 150 of the 200 points.
        #expect(engine.advance(to: ms(2000)) == [impression("b", at: ms(500), ratio: 0.75, seen: ms(400))])
    }

    // MARK: - minimumViewTime's two ends, beyond the JS tests

    /// The policy of the `minimumViewTime` cases: 350 ms, any pixel of the viewport.
    static var waitOf350: ImpressionPolicy {
        var policy = ImpressionPolicy.reactNativeArea
        policy.minimumDuration = ms(350)
        return policy
    }

    /// a shows at 0, is scrolled away at 100 and back at 200: React Native checks it at
    /// 0 and at the check that change set, 400, and counts it there. Continuous timing
    /// would wait for 400 ms from 200.
    @Test("minimumViewTime: an item that left and came back within the wait counts")
    func leftAndCameBackWithinTheWait() throws {
        var engine = try makeEngine(policy: Self.waitOf350, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(50)).isEmpty)
        try engine.setViewport(rect(0, 1000, 320, 200))
        #expect(engine.advance(to: ms(150)).isEmpty)
        try engine.setViewport(rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(400)) == [impression("a", at: ms(400), seen: ms(400))])

        var continuous = Self.waitOf350
        continuous.timing = .continuous
        var reference = try makeEngine(policy: continuous, showing: Self.sections(Self.twoTallRows),
                                       viewport: rect(0, 0, 320, 200))
        #expect(reference.advance(to: ms(50)).isEmpty)
        try reference.setViewport(rect(0, 1000, 320, 200))
        #expect(reference.advance(to: ms(150)).isEmpty)
        try reference.setViewport(rect(0, 0, 320, 200))
        #expect(reference.advance(to: ms(500)).isEmpty)
        #expect(reference.advance(to: ms(600)) == [impression("a", at: ms(600), seen: ms(400))])
    }

    /// b shows at 0 (the check at 400), c joins at 100 (the check at 500 holds b and c),
    /// b is scrolled away at 400, so the check at 400 finds it gone, and back at 500: the
    /// check c's entry set reports b with c, though b's own return sets one only at 900.
    /// Continuous timing would count b first at 900.
    @Test("minimumViewTime: another item's change sets the check that reports an item")
    func anotherItemsChangeReportsIt() throws {
        var engine = try makeEngine(policy: Self.waitOf350,
                                    showing: Self.sections([("b", 0, 100), ("c", 100, 100)]),
                                    viewport: rect(0, 0, 320, 100))
        #expect(engine.advance(to: .zero).isEmpty)
        try engine.setViewport(rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(300)).isEmpty)
        try engine.setViewport(rect(0, 100, 320, 200))
        #expect(engine.advance(to: ms(400)).isEmpty)
        try engine.setViewport(rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(500)) == [impression("b", at: ms(500), seen: ms(400)),
                                                 impression("c", at: ms(500), seen: ms(400))])
        // Then b's leaving at 400 is reported by its check at 800, and its return's check
        // at 900 reports it again, as React Native's `onViewableItemsChanged` would.
        #expect(engine.advance(to: ms(2000)) == [impression("b", at: ms(900), seen: ms(400))])
    }

    /// a is reported at 400, scrolled away at 500 and back at 600. The check the leaving
    /// set, at 900, reports a not viewable though it is back by then (its set is empty),
    /// so the check its return set, at 1000, reports it again: a second impression.
    @Test("minimumViewTime: a leaving is reported at the check after it, and the item counts again")
    func leavingReportedAfterTheWait() throws {
        var engine = try makeEngine(policy: Self.waitOf350, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(400)) == [impression("a", at: ms(400), seen: ms(400))])
        try engine.setViewport(rect(0, 1000, 320, 200))
        #expect(engine.advance(to: ms(500)).isEmpty)
        try engine.setViewport(rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(900)).isEmpty)
        #expect(engine.advance(to: ms(1000)) == [impression("a", at: ms(1000), seen: ms(400))])
        #expect(engine.advance(to: ms(3000)).isEmpty)

        // Once per visit, the second report is held back.
        var once = Self.waitOf350
        once.recurrence = .oncePerVisit
        var oncePerVisit = try makeEngine(policy: once, showing: Self.sections(Self.twoTallRows),
                                          viewport: rect(0, 0, 320, 200))
        #expect(oncePerVisit.advance(to: ms(400)).count == 1)
        try oncePerVisit.setViewport(rect(0, 1000, 320, 200))
        #expect(oncePerVisit.advance(to: ms(500)).isEmpty)
        try oncePerVisit.setViewport(rect(0, 0, 320, 200))
        #expect(oncePerVisit.advance(to: ms(3000)).isEmpty)
    }

    /// With waitForInteraction, nothing is computed before the interaction, so no check
    /// is set: the wait starts at the first sample after it.
    @Test("minimumViewTime with waitForInteraction: the wait starts at the interaction")
    func waitStartsAtInteraction() throws {
        var policy = Self.waitOf350
        policy.requiresInteraction = true
        var engine = try makeEngine(policy: policy, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: ms(1000)).isEmpty)
        engine.interact()
        #expect(engine.advance(to: ms(1400)).isEmpty)
        #expect(engine.advance(to: ms(1500)) == [impression("a", at: ms(1500), seen: ms(400))])
    }

    /// The next event time names the check, so a tracker that sleeps until then wakes for it.
    @Test("minimumViewTime: the next event time is the next check")
    func nextEventTimeIsTheCheck() throws {
        var engine = try makeEngine(policy: Self.waitOf350, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(engine.advance(to: .zero).isEmpty)
        #expect(engine.nextEventTime == ms(400))
    }

    /// The preset with `waitForInteraction: true` (the gate's own suite,
    /// InteractionGateTests, ports the same case under a plain policy): nothing at offset
    /// 0 before the interaction; after it, at offset 20, a covers the 100-point viewport.
    @Test("ViewabilityHelper-test.js: waitForInteraction blocks callback until interaction")
    func waitForInteraction() throws {
        var policy = ImpressionPolicy.reactNativeArea
        policy.requiresInteraction = true
        var engine = try makeEngine(policy: policy, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 100))
        #expect(engine.advance(to: ms(500)).isEmpty)
        engine.interact()
        try engine.setViewport(rect(0, 20, 320, 100))
        #expect(engine.advance(to: ms(600)) == [impression("a", at: ms(600))])
    }

    /// The data changes to c, a, b: c takes a's place at the top and a moves below the
    /// viewport. `resetViewableIndices()` has no counterpart: the engine compares each
    /// section by its id, so a new layout needs no reset.
    @Test("ViewabilityHelper-test.js: returns the right visible row after the underlying data changed")
    func dataChanged() throws {
        var engine = try makeEngine(policy: .reactNativeArea, showing: Self.sections(Self.twoTallRows),
                                    viewport: rect(0, 0, 320, 200))
        #expect(Self.changed(&engine, to: .zero) == ["+a"])
        try engine.setLayout(Self.sections([("c", 0, 200), ("a", 200, 200), ("b", 400, 200)]))
        #expect(Set(Self.changed(&engine, to: ms(100))) == ["+c", "-a"])
    }

    // MARK: - The rule's edges, beyond the JS tests

    /// A horizontal list: the same rule along x with the width measure.
    @Test("a horizontal list floors along x")
    func horizontalList() throws {
        var policy = Self.item(100)
        policy.measure = .width
        var engine = try makeEngine(policy: policy, showing: [section("card", rect(264.4, 0, 147.4, 100))],
                                    viewport: rect(0, 0, 411.5, 100))
        // Floored: 264 and floor(264 + 147.4) = 411, inside 411.5.
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["card"])
    }

    /// Under a policy of ratio 0, a sliver whose floored bottom is not above the
    /// viewport's top is left out, as React Native leaves it out; measured exactly, it counts.
    @Test("a sliver floored to nothing is not viewable, even at ratio 0")
    func sliverFlooredAway() throws {
        let rows: [Row] = [("a", -0.5, 1.2)]
        #expect(try Self.viewableItems(rows, scrollOffset: 0, viewportHeight: 200, policy: Self.item(0)).isEmpty)
        var exact = Self.item(0)
        exact.rounding = .exact
        #expect(try Self.viewableItems(rows, scrollOffset: 0, viewportHeight: 200, policy: exact) == ["a"])
    }

    /// Whole points need an axis: by area the policy is refused, naming the rounding.
    @Test("whole points by area are refused")
    func wholePointsByAreaRefused() {
        var policy = ImpressionPolicy.reactNativeItem
        policy.measure = .area
        #expect(throws: ConfigurationError.roundingNeedsAxis(.floorToWholePoints, measure: .area)) {
            try policy.validate()
        }
        #expect((try? Engine(policy: policy)) == nil)
    }
}
