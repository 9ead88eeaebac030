import ImpressionTracking

/// A section as a feed file describes it, before it is placed: its size, and its cells
/// in the section's own coordinates (`y` from the section's top).
///
/// ``Feed`` stacks templates top to bottom (``placed(index:top:screen:)``); the
/// synthetic sections are templates too (``synthetic(_:parameters:screen:)``), so a
/// synthetic feed written as a file (``FeedFile/encode(_:)``) and read back places every
/// rect at exactly the same coordinates.
package struct SectionTemplate: Sendable, Hashable {
    /// A horizontal row of cards inside the section, scrolled sideways.
    package struct Carousel: Sendable, Hashable {
        /// The top of the row, from the top of the section.
        package var y: Double
        /// The height of the row (and of its scroll container).
        package var height: Double
        /// The cards, in the row's content coordinates: `x` from the row's start at
        /// offset 0, `y` from the row's top.
        package var cards: [Rect]
        /// The width of the row's content; it scrolls by up to `contentWidth` minus the
        /// screen's width.
        package var contentWidth: Double
        /// How far one swipe moves the row.
        package var pageWidth: Double

        /// Creates a carousel row; see the properties.
        package init(y: Double = 0, height: Double, cards: [Rect], contentWidth: Double, pageWidth: Double) {
            self.y = y
            self.height = height
            self.cards = cards
            self.contentWidth = contentWidth
            self.pageWidth = pageWidth
        }
    }

    /// The row the section is counted under in reports.
    package var kind: SectionKind
    /// The section's name; `nil` to be named by its position.
    package var id: String?
    /// The section's height.
    package var height: Double
    /// The cells fixed in the section, in its coordinates.
    package var cells: [Rect]
    /// The carousel row, if the section has one.
    package var carousel: Carousel?
    /// The section's own policy, overriding every compared one; see ``FeedSection/policy``.
    package var policy: ImpressionPolicy?
    /// How long after the screen opens the section's content has loaded (an ad waiting
    /// for its creative); until then it is not loaded (`TrackedSection.isLoaded`).
    /// `nil` or zero: loaded from the start.
    package var loadDelay: Duration? = nil
    /// The section's opacity (`TrackedSection.opacity`); 1 by default.
    package var opacity: Double = 1

    /// Creates a template; see the properties.
    package init(kind: SectionKind, id: String? = nil, height: Double, cells: [Rect], carousel: Carousel? = nil,
                 policy: ImpressionPolicy? = nil) {
        self.kind = kind
        self.id = id
        self.height = height
        self.cells = cells
        self.carousel = carousel
        self.policy = policy
    }

    /// The section at feed position `index`, with its top at `top`, as wide as `screen`.
    package func placed(index: Int, top: Double, screen: Screen) -> FeedSection {
        let frame = Rect(x: 0, y: top, width: screen.width, height: height)
        let placedCells = cells.map { $0.offsetBy(dx: 0, dy: top) }
        guard let carousel else {
            var section = FeedSection(index: index, kind: kind, frame: frame, cells: placedCells, id: id, policy: policy)
            section.loadDelay = loadDelay
            section.opacity = opacity
            return section
        }
        let rowTop = top + carousel.y
        let rowFrame = Rect(x: 0, y: rowTop, width: screen.width, height: carousel.height)
        let cards = carousel.cards.map { $0.offsetBy(dx: 0, dy: rowTop) }
        // At rest the row shows what its frame clips of the cards, not all of them.
        let shownCards = cards.reduce(0.0) { $0 + ($1.intersection(rowFrame)?.area ?? 0) }
        let restingArea = placedCells.isEmpty ? shownCards : Rect.unionArea(of: placedCells) + shownCards
        var section = FeedSection(index: index, kind: kind, frame: frame, cells: placedCells, cards: cards,
                                  carouselFrame: rowFrame, restingArea: restingArea, carouselPageWidth: carousel.pageWidth,
                                  carouselMaximumOffset: max(0, carousel.contentWidth - screen.width), id: id, policy: policy)
        section.loadDelay = loadDelay
        section.opacity = opacity
        return section
    }

    /// The template of a synthetic section of `kind`, sized by `parameters` for `screen`.
    package static func synthetic(_ kind: SectionKind, parameters: FeedParameters, screen: Screen) -> SectionTemplate {
        let inset = parameters.horizontalInset
        let spacing = parameters.cellSpacing
        let innerWidth = max(1, screen.width - 2 * inset)
        func section(height: Double, cells: [Rect]) -> SectionTemplate {
            SectionTemplate(kind: kind, height: height, cells: cells)
        }
        switch kind {
        case .banner:
            return section(height: parameters.bannerHeight,
                           cells: [Rect(x: 0, y: 0, width: screen.width, height: parameters.bannerHeight)])
        case .card:
            return section(height: parameters.cardHeight,
                           cells: [Rect(x: inset, y: 0, width: innerWidth, height: parameters.cardHeight)])
        case .twoLineModule:
            let columns = parameters.twoLineColumns
            let cellWidth = max(1, (innerWidth - Double(columns - 1) * spacing) / Double(columns))
            let cellHeight = parameters.twoLineCellHeight
            let cells = SectionTemplate.grid(columns: columns, rows: 2, x: inset, y: 0, width: cellWidth,
                                             height: cellHeight, gap: spacing)
            return section(height: 2 * cellHeight + spacing, cells: cells)
        case .carousel:
            let count = parameters.carouselCardCount
            let cardWidth = parameters.carouselCardWidth
            let height = parameters.carouselCardHeight
            let cards = SectionTemplate.grid(columns: count, rows: 1, x: inset, y: 0, width: cardWidth,
                                             height: height, gap: spacing)
            let contentWidth = 2 * inset + Double(count) * cardWidth + Double(count - 1) * spacing
            let row = Carousel(height: height, cards: cards, contentWidth: contentWidth, pageWidth: cardWidth + spacing)
            return SectionTemplate(kind: kind, height: height, cells: [], carousel: row)
        case .video:
            let height = parameters.videoHeightToScreen * screen.height
            return section(height: height, cells: [Rect(x: 0, y: 0, width: screen.width, height: height)])
        case .ad:
            let width = min(parameters.adWidth, screen.width)
            return section(height: parameters.adHeight,
                           cells: [Rect(x: (screen.width - width) / 2, y: 0, width: width, height: parameters.adHeight)])
        }
    }

    /// Cells of one size in rows and columns, row by row, `gap` apart both ways, the
    /// first at (`x`, `y`): a module's grid, a carousel's row of cards.
    package static func grid(columns: Int, rows: Int, x: Double, y: Double, width: Double, height: Double,
                             gap: Double) -> [Rect] {
        var cells: [Rect] = []
        cells.reserveCapacity(max(0, columns) * max(0, rows))
        for row in 0..<max(0, rows) {
            for column in 0..<max(0, columns) {
                cells.append(Rect(x: x + Double(column) * (width + gap), y: y + Double(row) * (height + gap),
                                  width: width, height: height))
            }
        }
        return cells
    }
}
