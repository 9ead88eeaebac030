import ImpressionTracking

/// One section of a synthetic ``Feed``: its kind, where it sits, and its cells.
///
/// Coordinates are the feed's content coordinates: `x` from the screen's left edge, `y`
/// from the top of the feed. A carousel's cells are given at horizontal offset 0;
/// ``FeedLayout`` moves them when the carousel is swiped.
public struct FeedSection: Sendable, Hashable {
    /// The position in the feed, from 0; also the id of the tracked section.
    public var index: Int
    /// What the section is.
    public var kind: SectionKind
    /// The section's frame: full screen width, from its top to its bottom.
    public var frame: Rect
    /// The cells, in content coordinates (a carousel's at offset 0).
    public var cells: [Rect]
    /// The area a carousel shows at rest: the part of its cards inside the frame at
    /// offset 0. `nil` for other kinds, whose area is that of all their cells.
    public var restingArea: Double?
    /// How far a carousel scrolls sideways per swipe (a card and a gap); 0 for other kinds.
    public var carouselPageWidth: Double
    /// The largest horizontal offset of a carousel (its last card at the right margin);
    /// 0 for other kinds.
    public var carouselMaximumOffset: Double

    /// Creates a section; ``Feed`` makes them from ``FeedParameters``.
    public init(index: Int, kind: SectionKind, frame: Rect, cells: [Rect], restingArea: Double? = nil,
                carouselPageWidth: Double = 0, carouselMaximumOffset: Double = 0) {
        self.index = index
        self.kind = kind
        self.frame = frame
        self.cells = cells
        self.restingArea = restingArea
        self.carouselPageWidth = carouselPageWidth
        self.carouselMaximumOffset = carouselMaximumOffset
    }

    /// Whether the section scrolls sideways.
    public var isCarousel: Bool { kind == .carousel && carouselMaximumOffset > 0 }
}
