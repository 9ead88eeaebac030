@testable import ImpressionTracking

/// Random hostile inputs, reproducible from a seed.
struct HostileGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let extremes: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e300, -1e300, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .ulpOfOne, 0, -0.0, -1, 1e15, 9_007_199_254_740_992,
    ]
    static let containerIDs = ["a", "b", "c", "d"]

    /// Mostly a plausible screen coordinate, often an extreme.
    mutating func number() -> Double {
        random.chance(0.3) ? random.pick(Self.extremes) : Double(random.int(in: -50...900))
    }

    /// Mostly plausible, sometimes hostile in one field, sometimes in all.
    mutating func rect() -> Rect {
        if random.chance(0.75) {
            return Rect(x: Double(random.int(in: 0...320)), y: Double(random.int(in: -100...2_000)),
                        width: Double(random.int(in: 0...320)), height: Double(random.int(in: 0...400)))
        }
        return Rect(x: number(), y: number(), width: number(), height: number())
    }

    mutating func policy() -> ImpressionPolicy? {
        guard random.chance(0.2) else { return nil }
        let durations: [Duration] = [.zero, .milliseconds(300), .seconds(-1), .seconds(Int64.max),
                                     .seconds(Int64.max) + .seconds(Int64.max), .nanoseconds(1)]
        var policy = ImpressionPolicy(minimumVisibleRatio: random.chance(0.5) ? number() : 0.5,
                                      minimumDuration: random.pick(durations),
                                      measure: random.chance(0.5) ? .area : .height)
        if random.chance(0.2) { policy.exitVisibleRatio = number() }
        return policy
    }

    mutating func sections() -> [TrackedSection<Int>] {
        (0..<(random.chance(0.05) ? 0 : random.int(in: 1...6))).map { _ in
            let id = random.int(in: 0...7)   // duplicates are common
            // Often the section's usual place, so that it can stay in view and fire.
            let home = Rect(x: 0, y: Double(id * 150), width: 320, height: 150)
            var section = TrackedSection(
                id: id,
                cells: random.chance(0.6) ? [home] : (0..<random.int(in: 0...3)).map { _ in rect() },
                fullHeight: random.chance(0.15) ? number() : nil,
                fullArea: random.chance(0.15) ? number() : nil,
                policy: policy())
            if random.chance(0.3) {
                section.nestedCells = (0..<random.int(in: 1...2)).map { _ in
                    NestedCell(containerID: random.chance(0.9) ? random.pick(Self.containerIDs) : "nowhere", frame: rect())
                }
            }
            return section
        }
    }

    /// Containers whose parents may be missing or form cycles.
    mutating func containers() -> [ScrollContainer] {
        (0..<random.int(in: 0...4)).map { index in
            ScrollContainer(
                id: random.chance(0.9) ? Self.containerIDs[index] : random.pick(Self.containerIDs),
                frame: random.chance(0.8) ? Rect(x: 0, y: Double(index * 200), width: 320, height: 200) : rect(),
                parentID: random.chance(0.4) ? random.pick(Self.containerIDs + ["unknown"]) : nil,
                contentOffset: Point(x: random.chance(0.8) ? Double(random.int(in: 0...500)) : number(), y: 0))
        }
    }

    mutating func input() -> EngineInput<Int> {
        switch random.int(in: 0...11) {
        case 0, 1, 2: return .layout(sections())
        case 3, 4: return .layout(sections: sections(), containers: containers())
        case 5: return .contentOffset(Point(x: number(), y: number()), containerID: random.pick(Self.containerIDs + ["nowhere"]))
        case 6, 7: return .viewport(random.chance(0.5) ? Rect(x: 0, y: Double(random.int(in: 0...1_500)), width: 320, height: 600) : rect())
        case 8:
            if random.chance(0.5) {   // a safe area: bars top and bottom
                return .viewportInsets(Insets(top: Double(random.int(in: 0...100)), bottom: Double(random.int(in: 0...100))))
            }
            return .viewportInsets(Insets(top: number(), left: number(), bottom: number(), right: number()))
        case 9:
            if random.chance(0.5) {   // a floating button
                return .obstructions([Rect(x: Double(random.int(in: 0...300)), y: Double(random.int(in: 0...550)), width: 50, height: 50)])
            }
            return .obstructions((0..<random.int(in: 0...2)).map { _ in rect() })
        case 10: return random.pick([.viewportInsets(.zero), .obstructions([]), .lifecycle(.reset)])
        // Lifecycle: mostly back to active, so that there is something to fire.
        default:
            let calls: [LifecycleCall] = [.appear, .appear, .appear, .disappear, .endRefresh, .endRefresh, .beginRefresh,
                                          .uncover, .uncover, .cover, .enterForeground, .enterForeground, .enterBackground]
            return .lifecycle(random.pick(calls))
        }
    }
}
