@testable import ImpressionTracking

extension SessionGenerator {
    /// A layout the engine must reject: the generator's current layout is unchanged.
    /// With containers, also the containers to send with it (`nil`: the flat call).
    mutating func invalidLayout() -> (sections: [TrackedSection<Int>], containers: [ScrollContainer]?) {
        var bad = sections
        let index = random.int(in: 0...bad.count)
        var section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
        let withContainers = features.contains(.containers)
        let withRules = features.contains(.policyRules)
        var badContainers = containers
        switch random.int(in: 0...(withContainers ? 13 : 6)) {
        case 0: section.cells.append(Rect(x: 0, y: .nan, width: 10, height: 10))
        case 1: section.cells.append(Rect(x: 0, y: 0, width: .infinity, height: 10))
        case 2: section.cells.append(Rect(x: 0, y: 0, width: 10, height: -1))
        case 3: section.fullHeight = -1
        case 4: section.fullArea = .nan
        case 5:
            section.policy = withRules && random.chance(0.5)
                ? ImpressionPolicy(minimumVisibleRatio: 0.5, exitVisibleRatio: random.pick([0.6, -0.1, .nan]),
                                   largeSectionRule: random.pick([nil, .lowerRatio(minimumArea: -1, ratio: 0.3),
                                                                  .lowerRatio(minimumArea: 10, ratio: 1.5)]))
                : ImpressionPolicy(minimumVisibleRatio: 1.5)
        case 6:
            if let existing = bad.first { section.id = existing.id } else { section.fullHeight = .infinity }
        case 7:   // a nested cell in a container that is not in the layout
            section.nestedCells = [NestedCell(containerID: "missing", frame: Rect(x: 0, y: 0, width: 10, height: 10))]
        case 8:   // a nested cell with a bad frame
            let container = containers.first?.id ?? "missing"
            section.nestedCells = [NestedCell(containerID: container, frame: Rect(x: 0, y: 0, width: -5, height: 10))]
        case 9:   // an unknown parent
            badContainers.insert(ScrollContainer(id: "orphan", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "missing"),
                                 at: random.int(in: 0...badContainers.count))
        case 10:  // a cycle
            badContainers += [
                ScrollContainer(id: "loopA", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "loopB"),
                ScrollContainer(id: "loopB", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "loopA"),
            ]
            badContainers.shuffle(using: &random)
        case 11:  // a duplicate container id
            let id = containers.randomElement(using: &random)?.id ?? "twice"
            badContainers += [ScrollContainer(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10))]
            if containers.isEmpty { badContainers += [ScrollContainer(id: id, frame: .zero)] }
        case 12:  // a non-finite content offset
            badContainers.append(ScrollContainer(id: "bad-offset", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                                 contentOffset: Point(x: random.pick([.nan, .infinity]), y: 0)))
        default:  // containers dropped while their cells stay: the flat call
            if !containers.isEmpty, sections.contains(where: { !$0.nestedCells.isEmpty }) {
                return (bad, nil)
            }
            section.cells.append(Rect(x: 0, y: 0, width: -1, height: -1))
        }
        if features.contains(.timing), random.chance(0.3) {
            // With timing, sometimes only the cooldown is wrong.
            section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
            var policy = ImpressionPolicy.default
            policy.cooldown = .milliseconds(-random.int(in: 1...5000))
            section.policy = policy
        }
        if features.contains(.measures), random.chance(0.3) {
            // With the measures, sometimes only a fullWidth or a focus fraction is wrong.
            section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
            if random.chance(0.5) {
                section.fullWidth = random.pick([-1, .nan, .infinity, -.infinity])
            } else {
                section.policy = ImpressionPolicy(minimumVisibleRatio: 1, exitVisibleRatio: nil,
                                                  largeSectionRule: .focus(fraction: random.pick([0, -0.5, 1.5, .nan, .infinity])))
            }
        }
        if features.contains(.gates), random.chance(0.3) {
            // With gates, sometimes only an opacity is wrong: a section's, a container's
            // or the minimum of a section's policy.
            section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
            let value = random.pick([-0.1, 1.5, .nan, .infinity, -.infinity])
            switch random.int(in: 0...2) {
            case 0: section.opacity = value
            case 1:
                var policy = ImpressionPolicy.default
                policy.minimumOpacity = value
                section.policy = policy
            default:
                if withContainers && !badContainers.isEmpty {
                    badContainers[random.int(in: 0...(badContainers.count - 1))].opacity = value
                } else {
                    section.opacity = value
                }
            }
        }
        bad.insert(section, at: index)
        return (bad, withContainers ? badContainers : nil)
    }

    mutating func invalidViewport() -> Rect {
        random.pick([
            Rect(x: .nan, y: 0, width: 320, height: 600),
            Rect(x: 0, y: 0, width: -1, height: 600),
            Rect(x: 0, y: 0, width: 320, height: .infinity),
        ])
    }
}
