@testable import ImpressionTracking

extension SessionGenerator {
    /// A carousel scrolled sideways (or a nested list scrolled down), mostly by a swipe;
    /// sometimes an unknown container or a non-finite offset, which must be rejected.
    mutating func scrolledContainer() -> EngineInput<Int> {
        if containers.isEmpty || random.chance(0.03) {
            return .contentOffset(Point(x: 10, y: 0), containerID: "missing")
        }
        let index = random.int(in: 0...(containers.count - 1))
        if random.chance(0.03) {
            return .contentOffset(Point(x: random.pick([.nan, .infinity, -.infinity]), y: 0), containerID: containers[index].id)
        }
        var offset = containers[index].contentOffset
        switch random.weighted([60, 15, 10, 15]) {
        case 0: offset.x += Double(random.pick([-330, -160, -100, -40, -10, 10, 40, 100, 160, 330]))
        case 1: offset.x = Double(random.int(in: 0...600))
        case 2: offset.x = -30   // bounced past the start
        default: offset.y += Double(random.pick([-60, -15, 15, 60]))
        }
        containers[index].contentOffset = offset
        return .contentOffset(offset, containerID: containers[index].id)
    }

    /// Safe area and bars; sometimes negative (a grown viewport), sometimes so large that
    /// nothing is left, sometimes not finite (rejected).
    mutating func randomInsets() -> Insets {
        var insets: Insets
        switch random.weighted([85, 5, 5, 5]) {
        case 0:
            insets = Insets(top: Double(random.pick([0, 0, 44, 91, 20, 100])), left: Double(random.pick([0, 0, 0, 16])),
                            bottom: Double(random.pick([0, 0, 34, 83, 49, 300])), right: Double(random.pick([0, 0, 0, 16])))
        case 1: insets = Insets(top: -20, left: -10, bottom: -40, right: 0)
        case 2: insets = Insets(top: 500, left: 0, bottom: 400, right: 0)
        default: insets = Insets(top: random.pick([.nan, .infinity]), left: 0, bottom: 0, right: 0)
        }
        if features.contains(.margins), random.chance(0.6) { insets.relative = randomRelativeInsets() }
        return insets
    }

    /// Margins in fractions of the inset rect's size (a `rootMargin` of "-25%" is 0.25),
    /// growing or shrinking it; sometimes not finite (rejected). Dyadic fractions of
    /// whole sizes are exact, so any correct algorithm computes the same ratios.
    mutating func randomRelativeInsets() -> RelativeInsets {
        if random.chance(0.04) { return RelativeInsets(top: random.pick([.nan, -.infinity])) }
        let fractions: [Double] = [0, 0, 0.125, 0.25, 0.5, -0.125, -0.25, -0.5]
        return RelativeInsets(top: random.pick(fractions), left: random.pick([0, 0, 0.125, -0.25]),
                              bottom: random.pick(fractions), right: random.pick([0, 0, 0.25, -0.125]))
    }

    /// A container's clip insets, with margins on: usually none, else points and
    /// fractions of its frame, growing or shrinking what it shows.
    mutating func randomClipInsets() -> Insets {
        guard random.chance(0.5) else { return .zero }
        return Insets(top: Double(random.pick([0, 0, 10, -20])), left: Double(random.pick([0, 0, -40, 30])),
                      bottom: Double(random.pick([0, 0, 10, -20])), right: Double(random.pick([0, 0, -40, 30])),
                      relative: randomRelativeInsets())
    }

    /// Sticky headers, floating buttons, sheets, in viewport coordinates; sometimes none,
    /// sometimes a bad rect (rejected).
    /// Friendly obstructions, with ``Features/friendlyObstructions``; none, and nothing
    /// drawn, without it.
    mutating func randomFriendlyObstructions() -> [FriendlyObstruction] {
        guard features.contains(.friendlyObstructions) else { return [] }
        var friendly: [FriendlyObstruction] = []
        for _ in 0..<random.pick([0, 1, 1, 2]) {
            let rect = random.chance(0.5)
                ? Rect(x: Double(random.int(in: 0...280)), y: Double(random.int(in: 0...700)), width: 48, height: 48)
                : Rect(x: 0, y: Double(random.int(in: 0...600)), width: 320, height: Double(random.pick([40, 120])))
            let purpose = random.pick(FriendlyObstruction.Purpose.allCases)
            let reason: String? = switch random.weighted([60, 35, 5]) {
            case 0: nil
            case 1: "player controls"
            default: String(repeating: "x", count: 51)   // too long: the input is refused
            }
            friendly.append(FriendlyObstruction(rect: rect, purpose: purpose, detailedReason: reason))
        }
        return friendly
    }

    mutating func randomObstructions() -> [Rect] {
        if random.chance(0.04) {
            return [Rect(x: 0, y: 0, width: 320, height: 44), random.pick([
                Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -1, height: 10),
                Rect(x: 0, y: 0, width: 10, height: .infinity),
            ])]
        }
        var rects: [Rect] = []
        for _ in 0..<random.pick([0, 1, 1, 1, 2, 3]) {
            switch random.weighted([30, 20, 15, 25, 5, 5]) {
            case 0: rects.append(Rect(x: 0, y: 0, width: 320, height: Double(random.pick([44, 60, 100]))))
            case 1: rects.append(Rect(x: Double(random.int(in: 0...280)), y: Double(random.int(in: 0...760)), width: 48, height: 48))
            case 2: rects.append(Rect(x: 0, y: Double(random.pick([400, 500, 600])), width: 320, height: 400))
            case 3: rects.append(Rect(x: Double(random.int(in: -50...300)), y: Double(random.int(in: -50...700)),
                                      width: Double(random.int(in: 0...320)), height: Double(random.int(in: 0...400))))
            case 4: rects.append(Rect(x: 10, y: 10, width: 0, height: 50))
            default: rects.append(Rect(x: -10, y: -10, width: 400, height: 1000))
            }
        }
        return rects
    }

    // MARK: Viewport

    mutating func scrolledViewport() -> Rect {
        var rects = sections.flatMap(\.cells)
        if features.contains(.containers) { rects += containers.filter { $0.parentID == nil }.map(\.frame) }
        let contentTop = rects.map(\.minY).min() ?? 0
        let contentBottom = max(contentTop, rects.map(\.maxY).max() ?? 0)
        var next = viewport
        // Scrolled far past the content: scroll back towards it, as a user would.
        if next.minY > contentBottom + 200 || next.maxY < contentTop - 200 {
            next.y = Double(random.int(in: Int(contentTop) - 300...Int(contentBottom)))
            return next
        }
        switch random.weighted([60, 15, 8, 7, 5, 5]) {
        case 0: next.y += Double(random.pick([-120, -40, -10, -1, 1, 10, 40, 120]))
        case 1: next.y = Double(random.int(in: Int(contentTop) - 300...Int(contentBottom)))
        case 2: next.x = Double(random.pick([0, 0, -50, 50, 150]))
        case 3: next.height = Double(random.pick([600, 800, 1000, 1000, 300, 1]))
        case 4: next.width = Double(random.pick([320, 320, 200, 400]))
        default:   // zero size: nothing is visible
            next = random.chance(0.5)
                ? Rect(x: next.x, y: next.y, width: 0, height: 0)
                : Rect(x: next.x, y: next.y, width: 320, height: 0)
        }
        if viewport.width == 0 || viewport.height == 0 {
            // Leave a zero-size viewport at the next scroll.
            next = Rect(x: 0, y: next.y, width: 320, height: 800)
        }
        return next
    }
}
