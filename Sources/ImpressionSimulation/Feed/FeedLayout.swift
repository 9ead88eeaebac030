import ImpressionTracking

/// The engine's layout for a ``Feed`` in its current state: the one place that turns
/// feed sections, with their carousels' horizontal offsets, into ``TrackedSection``s.
///
/// A carousel is a row of cards wider than the screen. Until the engine has nested
/// scroll containers, a swipe is modelled as a new layout with the cards moved left by
/// the carousel's offset; cards beyond the screen's edges are outside the viewport, so
/// not visible. A carousel's `fullArea` is the card area it shows at rest
/// (``FeedSection/restingArea``), not the area of all its cards: a carousel on screen
/// is fully seen even though most of its cards are off to the right.
///
/// With ``Scope/window(marginScreens:)`` the layout holds only the sections near the
/// viewport, as a lazy list (`UICollectionView`, `LazyVStack`) reports them, and moves
/// with the viewport (``follow(offset:)``). The engine remembers by id what fired, and
/// every section that can be on screen at a sample is in the layout at that sample, so
/// the impressions are exactly those of the whole feed; a layout change costs
/// O(window) instead of O(feed).
public struct FeedLayout: Sendable {
    /// Which sections the engine's layout holds.
    public enum Scope: Sendable, Hashable {
        /// Every section of the feed: each layout change costs O(feed).
        case wholeFeed
        /// The sections within `marginScreens` screen heights above and below the
        /// viewport; the window moves when the viewport leaves it.
        case window(marginScreens: Double)
    }

    /// The feed laid out.
    public let feed: Feed
    /// Which sections the layout holds.
    public let scope: Scope
    /// The horizontal offset of every carousel that is not at rest (offset 0), by section.
    public private(set) var carouselOffsets: [Int: Double] = [:]
    /// The feed positions in the layout.
    public private(set) var window: Range<Int>
    /// Every section of the feed as tracked, carousels at their offsets.
    private var allSections: [TrackedSection<Int>]
    /// The content range the window was made for; the viewport stays inside it.
    private var coveredTop = 0.0
    private var coveredBottom = 0.0

    /// The feed's layout with every carousel at rest and the feed at `offset`.
    public init(feed: Feed, scope: Scope = .wholeFeed, offset: Double = 0) {
        self.feed = feed
        self.scope = scope
        allSections = feed.sections.map { Self.trackedSection(for: $0, carouselOffset: 0) }
        window = 0..<feed.sections.count
        if case .window = scope { moveWindow(to: offset) }
    }

    /// The tracked sections to give ``ImpressionEngine/setLayout(_:)``, in feed order;
    /// ids are feed positions.
    public var sections: [TrackedSection<Int>] {
        window.count == allSections.count ? allSections : Array(allSections[window])
    }

    /// Keeps the window around a viewport at `offset`; returns whether the layout changed
    /// (always `false` for ``Scope/wholeFeed``).
    public mutating func follow(offset: Double) -> Bool {
        guard case .window = scope, offset.isFinite else { return false }
        guard offset < coveredTop || offset + feed.screen.height > coveredBottom else { return false }
        let previous = window
        moveWindow(to: offset)
        return window != previous
    }

    /// Scrolls the carousel at `sectionIndex` to `offset` (clamped to its range); returns
    /// whether the layout changed. Other sections, and indices out of range, are ignored.
    @discardableResult
    public mutating func setCarouselOffset(_ offset: Double, ofSection sectionIndex: Int) -> Bool {
        guard feed.sections.indices.contains(sectionIndex), offset.isFinite else { return false }
        let section = feed.sections[sectionIndex]
        guard section.isCarousel else { return false }
        let clamped = min(max(0, offset), section.carouselMaximumOffset)
        guard clamped != carouselOffsets[sectionIndex, default: 0] else { return false }
        carouselOffsets[sectionIndex] = clamped == 0 ? nil : clamped
        allSections[sectionIndex] = Self.trackedSection(for: section, carouselOffset: clamped)
        return window.contains(sectionIndex)
    }

    /// The horizontal offset of the carousel at `sectionIndex`; 0 at rest or for other kinds.
    public func carouselOffset(ofSection sectionIndex: Int) -> Double {
        carouselOffsets[sectionIndex, default: 0]
    }

    /// The tracked section of a feed section, its cards moved left by `carouselOffset`.
    public static func trackedSection(for section: FeedSection, carouselOffset: Double) -> TrackedSection<Int> {
        let cells = carouselOffset == 0
            ? section.cells
            : section.cells.map { $0.offsetBy(dx: -carouselOffset, dy: 0) }
        return TrackedSection(id: section.index, cells: cells, fullArea: section.restingArea)
    }

    private mutating func moveWindow(to offset: Double) {
        guard case .window(let marginScreens) = scope else { return }
        let margin = max(0, marginScreens.isFinite ? marginScreens : 0) * feed.screen.height
        coveredTop = offset - margin
        coveredBottom = offset + feed.screen.height + margin
        let first = feed.firstSection(endingBelow: coveredTop)
        let last = feed.lastSection(startingAbove: coveredBottom).map { $0 + 1 } ?? first
        window = first..<max(first, last)
    }
}
