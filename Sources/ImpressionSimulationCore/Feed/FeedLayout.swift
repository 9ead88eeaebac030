import ImpressionTracking

/// The engine's layout for a ``Feed`` in its current state: the one place that turns
/// feed sections into `TrackedSection`s and carousels into `ScrollContainer`s.
///
/// A carousel is a horizontal scroll container as wide as the screen; its cards are
/// nested cells in the container's content coordinates, and a swipe is
/// `ImpressionEngine.setContentOffset(_:ofContainer:)` (``setCarouselOffset(_:ofSection:)``
/// says which), not a new layout. Cards scrolled past the container's edges are clipped
/// by it. A carousel's `fullArea` is the card area it shows at rest
/// (its resting area), not the area of all its cards: a carousel on screen
/// is fully seen even though most of its cards are off to the right. Its `fullWidth`, for
/// the width measure, is likewise the width it shows at rest.
///
/// With ``Scope/window(marginScreens:)`` the layout holds only the sections near the
/// viewport, as a lazy list (`UICollectionView`, `LazyVStack`) reports them, and moves
/// with the viewport (``follow(offset:)``). The engine remembers by id what fired, and
/// every section that can be on screen at a sample is in the layout at that sample, so
/// the impressions are exactly those of the whole feed; a layout change costs
/// O(window) instead of O(feed).
///
/// Driving an engine of your own over a feed:
///
/// ```swift
/// var layout = FeedLayout(feed: Feed(sectionCount: 1000, seed: 1), scope: .window(marginScreens: 2))
/// var engine = try ImpressionEngine<Int>(policy: .default)
/// try engine.setLayout(layout.sections, containers: layout.containers)
/// try engine.setViewport(layout.feed.screen.viewport(atOffset: 0))
/// // Scrolled down 2,000 pt: a new layout only when the window moved.
/// if layout.follow(offset: 2000) { try engine.setLayout(layout.sections, containers: layout.containers) }
/// try engine.setViewport(layout.feed.screen.viewport(atOffset: 2000))
/// ```
public struct FeedLayout: Sendable {
    /// Which sections the engine's layout holds.
    public enum Scope: Sendable, Hashable, Codable {
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
    /// Every section of the feed as tracked; carousels' cards are nested cells, so
    /// swipes never change these.
    private var allSections: [TrackedSection<Int>]
    /// The sections that load late, by load time then position, and how many have loaded.
    private let loads: [(time: Duration, index: Int)]
    private var loadedCount = 0
    /// The content range the window was made for; the viewport stays inside it.
    private var coveredTop = 0.0
    private var coveredBottom = 0.0

    /// The feed's layout with every carousel at rest and the feed at `offset`.
    public init(feed: Feed, scope: Scope = .wholeFeed, offset: Double = 0) {
        self.feed = feed
        self.scope = scope
        allSections = feed.sections.map(Self.trackedSection(for:))
        loads = feed.sections.compactMap { section in
            section.loadDelay.flatMap { $0 > .zero ? (time: $0, index: section.index) : nil }
        }.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
        window = 0..<feed.sections.count
        if case .window = scope { moveWindow(to: offset) }
    }

    /// The tracked sections to give `ImpressionEngine.setLayout(_:containers:)`, in
    /// feed order; ids are feed positions.
    public var sections: [TrackedSection<Int>] {
        window.count == allSections.count ? allSections : Array(allSections[window])
    }

    /// The scroll containers of the carousels in the layout, at their current offsets.
    public var containers: [ScrollContainer] {
        window.compactMap { index in
            guard let frame = feed.sections[index].carouselFrame else { return nil }
            return ScrollContainer(id: Self.containerID(ofSection: index), frame: frame,
                                   contentOffset: Point(x: carouselOffset(ofSection: index), y: 0))
        }
    }

    /// When the next section that loads late has loaded, or `nil` when none is left.
    public var nextLoadTime: Duration? {
        loadedCount < loads.count ? loads[loadedCount].time : nil
    }

    /// Marks loaded every section whose load time is at or before `time`; returns whether
    /// one of them is in the layout (which is then a new layout for the engine).
    public mutating func load(through time: Duration) -> Bool {
        var changed = false
        while loadedCount < loads.count, loads[loadedCount].time <= time {
            let index = loads[loadedCount].index
            allSections[index].isLoaded = true
            if window.contains(index) { changed = true }
            loadedCount += 1
        }
        return changed
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

    /// Scrolls the carousel at `sectionIndex` to `offset` (clamped to its range).
    ///
    /// - Returns: The container to scroll and its new content offset when the carousel
    ///   is in the layout and moved; `nil` when the engine has nothing to do (no change,
    ///   another kind, an index out of range, or a carousel outside the window, which
    ///   ``containers`` gives at its new offset when it comes back).
    @discardableResult
    public mutating func setCarouselOffset(_ offset: Double, ofSection sectionIndex: Int) -> (containerID: String, offset: Point)? {
        guard feed.sections.indices.contains(sectionIndex), offset.isFinite else { return nil }
        let section = feed.sections[sectionIndex]
        guard section.isCarousel else { return nil }
        let clamped = min(max(0, offset), section.carouselMaximumOffset)
        guard clamped != carouselOffsets[sectionIndex, default: 0] else { return nil }
        carouselOffsets[sectionIndex] = clamped == 0 ? nil : clamped
        guard window.contains(sectionIndex) else { return nil }
        return (Self.containerID(ofSection: sectionIndex), Point(x: clamped, y: 0))
    }

    /// The horizontal offset of the carousel at `sectionIndex`; 0 at rest or for other kinds.
    public func carouselOffset(ofSection sectionIndex: Int) -> Double {
        carouselOffsets[sectionIndex, default: 0]
    }

    /// The id of the scroll container of the carousel at `sectionIndex`: `carousel-12`.
    public static func containerID(ofSection sectionIndex: Int) -> String {
        "carousel-\(sectionIndex)"
    }

    /// The tracked section of a feed section; a carousel's cards become nested cells of
    /// its container, in the container's content coordinates.
    package static func trackedSection(for section: FeedSection) -> TrackedSection<Int> {
        guard let origin = section.carouselFrame else {
            var tracked = TrackedSection(id: section.index, cells: section.cells, fullArea: section.restingArea,
                                         policy: section.policy)
            applyDisplay(of: section, to: &tracked)
            return tracked
        }
        let containerID = containerID(ofSection: section.index)
        let nested = section.cards.map { card in
            NestedCell(containerID: containerID, frame: card.offsetBy(dx: -origin.x, dy: -origin.y))
        }
        var tracked = TrackedSection(id: section.index, cells: section.cells, nestedCells: nested,
                                     fullArea: section.restingArea, policy: section.policy)
        tracked.fullWidth = restingWidth(of: section, carouselFrame: origin)
        applyDisplay(of: section, to: &tracked)
        return tracked
    }

    /// A section that loads late starts not loaded; its opacity is the feed's.
    private static func applyDisplay(of section: FeedSection, to tracked: inout TrackedSection<Int>) {
        if let delay = section.loadDelay, delay > .zero { tracked.isLoaded = false }
        tracked.opacity = section.opacity
    }

    /// The width a carousel's section shows at rest, as ``FeedSection/restingArea`` is its
    /// area: the bounding box of its fixed cells and of what the carousel's frame clips of
    /// its cards at offset 0. The width measure's denominator, so that a carousel at rest
    /// on screen is fully seen by width too.
    static func restingWidth(of section: FeedSection, carouselFrame: Rect) -> Double {
        var left = Double.infinity
        var right = -Double.infinity
        for cell in section.cells {
            left = min(left, cell.minX)
            right = max(right, cell.maxX)
        }
        for card in section.cards {
            guard let shown = card.intersection(carouselFrame) else { continue }
            left = min(left, shown.minX)
            right = max(right, shown.maxX)
        }
        return right > left ? right - left : 0
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
