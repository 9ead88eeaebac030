@testable import ImpressionTracking

extension SessionGenerator {
    /// A feed of stacked sections, some overlapping, some taller than the screen, some
    /// with a horizontal carousel running off the right edge (or, with containers, inside
    /// a scroll container).
    mutating func randomLayout() -> [TrackedSection<Int>] {
        if features.contains(.containers) { containers = [] }
        var ids = Self.idPool.shuffled(using: &random)
        ids.removeLast(random.int(in: 0...6))
        var result: [TrackedSection<Int>] = []
        var cursor = random.int(in: -100...100)
        var heights = [0, 50, 50, 100, 100, 100, 150, 200, 200, 300, 600, 900]
        if features.contains(.policyRules) { heights += [1800, 2400] }
        for id in ids {
            let height = random.pick(heights)
            result.append(randomSection(id: id, top: cursor, height: height))
            cursor += height + random.pick([0, 0, 0, 10, 40, -30])
        }
        return result
    }

    mutating func randomSection(id: Int, top: Int, height: Int) -> TrackedSection<Int> {
        let width = Self.contentWidth
        let firstNewContainer = containers.count
        var cells: [Rect] = []
        var nestedCells: [NestedCell] = []
        let cellCount = random.pick([0, 1, 1, 2, 2, 3, 4])
        let shapeWeights: [Double] = features.contains(.containers) ? [4, 3, 3, 6] : [4, 3, 3]
        switch random.weighted(shapeWeights) {
        case 0:   // rows, one below the other
            let rowHeight = cellCount == 0 ? 0 : height / cellCount
            for row in 0..<cellCount {
                cells.append(Rect(x: 0, y: Double(top + row * rowHeight), width: Double(width), height: Double(rowHeight)))
            }
        case 1:   // a horizontal carousel, scrolled sideways, clipped by the screen's edges
            let offset = random.int(in: -100...200)
            let cellWidth = random.pick([120, 180, 320])
            for column in 0..<cellCount {
                cells.append(Rect(x: Double(column * (cellWidth + 10) - offset), y: Double(top),
                                  width: Double(cellWidth), height: Double(height)))
            }
        case 2:   // arbitrary, possibly overlapping boxes inside the section's band
            for _ in 0..<cellCount {
                let cellTop = random.int(in: 0...max(0, height))
                let cellHeight = random.int(in: 0...max(0, height - cellTop))
                let left = random.int(in: -50...width)
                let cellWidth = random.chance(0.1) ? 0 : random.int(in: 1...width)
                cells.append(Rect(x: Double(left), y: Double(top + cellTop), width: Double(cellWidth), height: Double(cellHeight)))
            }
        default:  // a carousel in its own scroll container, perhaps with containers inside
            (cells, nestedCells) = randomCarousel(top: top, height: height, cardCount: cellCount + random.int(in: 0...3))
        }
        var section = TrackedSection(id: id, cells: cells)
        section.nestedCells = nestedCells
        if random.chance(0.15) {
            section.fullHeight = Double(random.pick([height, 2 * height, height / 2, 0, random.int(in: 1...1000)]))
        }
        if random.chance(0.15) {
            section.fullArea = Double(random.pick([height * width, 2 * height * width, height * width / 3, 0, random.int(in: 1...100_000)]))
        }
        if random.chance(0.3) {
            section.policy = randomPolicy()
        }
        if features.contains(.measures), random.chance(0.2) {
            section.fullWidth = Double(random.pick([width, 2 * width, width / 2, 0, 1000, random.int(in: 1...1000)]))
        }
        if features.contains(.gates) {
            randomizeDisplay(of: &section)
            for index in firstNewContainer..<containers.count {
                if random.chance(0.3) { containers[index].opacity = random.pick(Self.opacities) }
                if random.chance(0.1) { containers[index].isHidden = true }
            }
        }
        return section
    }

    /// Opacities that multiply to both sides of the policies' minimums (0.5 x 0.15 =
    /// 0.075 < 0.1, 0.5 x 0.2 = 0.1).
    static let opacities: [Double] = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 0.5, 0.75, 0.9, 1]

    /// With gates: sometimes not loaded, hidden or translucent.
    mutating func randomizeDisplay(of section: inout TrackedSection<Int>) {
        if random.chance(0.2) { section.isLoaded = false }
        if random.chance(0.08) { section.isHidden = true }
        if random.chance(0.35) { section.opacity = random.pick(Self.opacities) }
    }

    /// With gates: a section loads (most often), unloads, shows or hides, fades, or a
    /// container hides, shows or fades; the same layout otherwise.
    mutating func changeDisplay() {
        let unloaded = sections.indices.filter { !sections[$0].isLoaded }
        if !unloaded.isEmpty, random.chance(0.5) {
            sections[random.pick(unloaded)].isLoaded = true   // an ad finished loading
            return
        }
        if !containers.isEmpty, random.chance(0.25) {
            let index = random.int(in: 0...(containers.count - 1))
            if random.chance(0.5) { containers[index].isHidden.toggle() } else { containers[index].opacity = random.pick(Self.opacities) }
            return
        }
        guard !sections.isEmpty else { return }
        let index = random.int(in: 0...(sections.count - 1))
        switch random.int(in: 0...3) {
        case 0: sections[index].isLoaded.toggle()
        case 1: sections[index].isHidden.toggle()
        default: sections[index].opacity = random.pick(Self.opacities)
        }
    }

    mutating func newContainerID() -> String {
        defer { nextContainerNumber += 1 }
        return "c\(nextContainerNumber)"
    }

    /// GameWith's and ZOZO's carousels: a horizontal scroll container in the feed, its
    /// cards in its content coordinates, scrolled sideways; sometimes a header cell above
    /// it, a container inside it (or one more inside that), or a card in a container of
    /// another section. Appends the containers it makes to `containers`.
    mutating func randomCarousel(top: Int, height: Int, cardCount: Int) -> (cells: [Rect], nested: [NestedCell]) {
        var cells: [Rect] = []
        var nested: [NestedCell] = []
        var carouselTop = top
        var carouselHeight = height
        if height > 60, random.chance(0.3) {   // a title row above the carousel
            cells.append(Rect(x: 0, y: Double(top), width: Double(Self.contentWidth), height: 30))
            carouselTop += 30
            carouselHeight -= 30
        }
        let carouselID = newContainerID()
        let frame = random.chance(0.05)
            ? Rect(x: 0, y: Double(carouselTop), width: 0, height: Double(carouselHeight))
            : Rect(x: Double(random.pick([0, 0, 0, 10, -20])), y: Double(carouselTop),
                   width: Double(random.pick([320, 320, 300, 200])), height: Double(carouselHeight))
        let offset = Point(x: Double(random.int(in: -50...400)), y: Double(random.chance(0.1) ? random.pick([-20, 30]) : 0))
        containers.append(ScrollContainer(id: carouselID, frame: frame, contentOffset: offset))
        if features.contains(.margins) { containers[containers.count - 1].clipInsets = randomClipInsets() }

        let cardWidth = random.pick([100, 150, 200, 320])
        let cardTop = random.pick([0, 0, 0, 10, -10])
        let cardHeight = max(0, carouselHeight - random.pick([0, 0, 20, -30]))
        for card in 0..<cardCount {
            nested.append(NestedCell(containerID: carouselID, frame: Rect(
                x: Double(card * (cardWidth + 10)), y: Double(cardTop), width: Double(cardWidth), height: Double(cardHeight))))
        }
        if random.chance(0.3) {   // a scroll container inside a card (a vertical list, a sub-carousel)
            var parentID = carouselID
            for _ in 0..<random.pick([1, 1, 2]) {
                let innerID = newContainerID()
                let innerFrame = Rect(x: Double(random.int(in: -40...400)), y: Double(random.pick([0, 10, -20])),
                                      width: Double(random.pick([100, 150, 300])),
                                      height: Double(max(0, carouselHeight - random.pick([0, 20, -40]))))
                let innerOffset = Point(x: Double(random.pick([0, 0, 30, 120])), y: Double(random.pick([0, 0, 15, -10])))
                containers.append(ScrollContainer(id: innerID, frame: innerFrame, parentID: parentID, contentOffset: innerOffset))
                if features.contains(.margins) { containers[containers.count - 1].clipInsets = randomClipInsets() }
                for item in 0..<random.int(in: 1...3) {
                    let vertical = random.chance(0.5)
                    nested.append(NestedCell(containerID: innerID, frame: Rect(
                        x: Double(vertical ? 0 : item * 90), y: Double(vertical ? item * 60 : 0),
                        width: Double(vertical ? 150 : 80), height: Double(vertical ? 50 : 100))))
                }
                parentID = innerID
            }
        }
        if random.chance(0.1), let other = containers.randomElement(using: &random) {
            nested.append(NestedCell(containerID: other.id, frame: Rect(
                x: Double(random.int(in: 0...300)), y: Double(random.int(in: -20...100)), width: 100, height: 80)))
        }
        return (cells, nested)
    }

    mutating func mutateLayout() {
        let weights: [Double] = features.contains(.containers) ? [35, 15, 15, 10, 15, 10, 10] : [35, 15, 15, 10, 15, 10]
        switch random.weighted(weights) {
        case 0:   // content inserted or removed above: everything moves
            let dy = Double(random.pick([-200, -50, -10, 10, 50, 200]))
            sections = sections.map { section in
                var moved = section
                moved.cells = section.cells.map { $0.offsetBy(dx: 0, dy: dy) }
                return moved
            }
            for index in containers.indices where containers[index].parentID == nil {
                containers[index].frame = containers[index].frame.offsetBy(dx: 0, dy: dy)
            }
        case 1:   // a lazy list drops sections that scrolled away
            var kept: [TrackedSection<Int>] = []
            for section in sections where !random.chance(0.2) { kept.append(section) }
            sections = kept
        case 2:   // a dropped id comes back
            let present = Set(sections.map(\.id))
            if let id = Self.idPool.filter({ !present.contains($0) }).randomElement(using: &random) {
                let top = random.int(in: -200...1500)
                let section = randomSection(id: id, top: top, height: random.pick([50, 100, 200, 300]))
                sections.insert(section, at: random.int(in: 0...sections.count))
            }
        case 3:   // reordered, same geometry
            sections.shuffle(using: &random)
        case 4:   // one section changes its cells, denominators or policy
            if !sections.isEmpty {
                let index = random.int(in: 0...(sections.count - 1))
                let old = sections[index]
                let top = Int(old.cells.map(\.y).min() ?? Double(random.int(in: 0...1000)))
                var changed = randomSection(id: old.id, top: top, height: random.pick([0, 100, 200, 300, 600]))
                if random.chance(0.5) { changed.policy = old.policy }
                sections[index] = changed
            }
        case 5:   // a whole new feed
            sections = randomLayout()
        default:  // containers listed in another order, or one moves or resizes
            if random.chance(0.5) || containers.isEmpty {
                containers.shuffle(using: &random)
            } else {
                let index = random.int(in: 0...(containers.count - 1))
                var frame = containers[index].frame
                frame.y += Double(random.pick([-30, 0, 20]))
                frame.width = Double(random.pick([0, 150, 320, 400]))
                containers[index].frame = frame
            }
        }
    }
}
