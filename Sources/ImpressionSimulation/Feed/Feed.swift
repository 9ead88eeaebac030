import ImpressionTracking

/// A synthetic feed: sections of mixed kinds stacked top to bottom, as a home or
/// timeline screen shows them.
///
/// Generated from a seed (``init(sectionCount:parameters:screen:seed:)``) or from an
/// explicit list of kinds (``init(kinds:parameters:screen:)``, for scripted tests). Every
/// session of a simulation scrolls the same feed, so sections and depths compare across
/// sessions and policies.
public struct Feed: Sendable {
    /// The screen the feed is laid out for.
    public let screen: Screen
    /// The sizes and mix it was made with.
    public let parameters: FeedParameters
    /// The sections, top to bottom; `sections[i].index == i`.
    public let sections: [FeedSection]
    /// The height of the whole feed, from the top of the first section to the bottom of
    /// the last.
    public let contentHeight: Double

    /// A feed of `sectionCount` sections whose kinds are drawn from `parameters.mix`
    /// with a generator seeded by `seed`.
    public init(sectionCount: Int, parameters: FeedParameters = FeedParameters(),
                screen: Screen = .phone, seed: UInt64) {
        // A stream apart from every session's (those are `SplitMix64(seed:stream: index)`).
        var generator = SplitMix64(seed: SplitMix64.mix(~seed), stream: 0)
        let weights = parameters.mix.weights
        let kinds = (0..<max(0, sectionCount)).map { _ in
            SectionKind.allCases[generator.nextIndex(weights: weights)]
        }
        self.init(kinds: kinds, parameters: parameters, screen: screen)
    }

    /// A feed of exactly these kinds, in this order.
    public init(kinds: [SectionKind], parameters: FeedParameters = FeedParameters(), screen: Screen = .phone) {
        self.screen = screen
        self.parameters = parameters
        var sections: [FeedSection] = []
        sections.reserveCapacity(kinds.count)
        var top = 0.0
        for (index, kind) in kinds.enumerated() {
            if index > 0 { top += parameters.sectionSpacing }
            let section = Self.makeSection(index: index, kind: kind, top: top, parameters: parameters, screen: screen)
            top = section.frame.maxY
            sections.append(section)
        }
        self.sections = sections
        contentHeight = top
    }

    /// The largest vertical content offset: the bottom of the feed at the bottom of the screen.
    public var maximumOffset: Double { max(0, contentHeight - screen.height) }

    /// The index of the first section whose bottom is below `y`, or `sections.count`.
    public func firstSection(endingBelow y: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].frame.maxY > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The index of the last section whose top is above `y`, or `nil` when none is.
    public func lastSection(startingAbove y: Double) -> Int? {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].frame.minY < y { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The indices of the sections that share a positive height with the screen scrolled
    /// to `offset`.
    public func sections(onScreenAtOffset offset: Double) -> Range<Int> {
        let first = firstSection(endingBelow: offset)
        guard let last = lastSection(startingAbove: offset + screen.height), last >= first else {
            return first..<first
        }
        return first..<(last + 1)
    }

    private static func makeSection(index: Int, kind: SectionKind, top: Double,
                                    parameters: FeedParameters, screen: Screen) -> FeedSection {
        let inset = parameters.horizontalInset
        let spacing = parameters.cellSpacing
        let innerWidth = max(1, screen.width - 2 * inset)
        func section(height: Double, cells: [Rect]) -> FeedSection {
            FeedSection(index: index, kind: kind, frame: Rect(x: 0, y: top, width: screen.width, height: height), cells: cells)
        }
        switch kind {
        case .banner:
            return section(height: parameters.bannerHeight,
                           cells: [Rect(x: 0, y: top, width: screen.width, height: parameters.bannerHeight)])
        case .card:
            return section(height: parameters.cardHeight,
                           cells: [Rect(x: inset, y: top, width: innerWidth, height: parameters.cardHeight)])
        case .twoLineModule:
            let columns = parameters.twoLineColumns
            let cellWidth = max(1, (innerWidth - Double(columns - 1) * spacing) / Double(columns))
            let cellHeight = parameters.twoLineCellHeight
            var cells: [Rect] = []
            cells.reserveCapacity(2 * columns)
            for row in 0..<2 {
                for column in 0..<columns {
                    cells.append(Rect(x: inset + Double(column) * (cellWidth + spacing),
                                      y: top + Double(row) * (cellHeight + spacing),
                                      width: cellWidth, height: cellHeight))
                }
            }
            return section(height: 2 * cellHeight + spacing, cells: cells)
        case .carousel:
            let count = parameters.carouselCardCount
            let cardWidth = parameters.carouselCardWidth
            let height = parameters.carouselCardHeight
            let cells = (0..<count).map { card in
                Rect(x: inset + Double(card) * (cardWidth + spacing), y: top, width: cardWidth, height: height)
            }
            let frame = Rect(x: 0, y: top, width: screen.width, height: height)
            let restingArea = cells.reduce(0.0) { $0 + ($1.intersection(frame)?.area ?? 0) }
            let contentWidth = 2 * inset + Double(count) * cardWidth + Double(count - 1) * spacing
            return FeedSection(
                index: index, kind: kind, frame: frame, cells: cells, restingArea: restingArea,
                carouselPageWidth: cardWidth + spacing,
                carouselMaximumOffset: max(0, contentWidth - screen.width))
        case .video:
            let height = parameters.videoHeightToScreen * screen.height
            return section(height: height, cells: [Rect(x: 0, y: top, width: screen.width, height: height)])
        case .ad:
            let width = min(parameters.adWidth, screen.width)
            return section(height: parameters.adHeight,
                           cells: [Rect(x: (screen.width - width) / 2, y: top, width: width, height: parameters.adHeight)])
        }
    }
}
