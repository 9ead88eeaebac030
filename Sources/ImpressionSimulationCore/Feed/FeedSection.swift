import ImpressionTracking

/// One section of a ``Feed``: its kind, where it sits, its cells, and the cards of its
/// carousel if it has one.
///
/// Coordinates are the feed's content coordinates: `x` from the screen's left edge, `y`
/// from the top of the feed. A carousel's cards are given at horizontal offset 0;
/// ``FeedLayout`` moves them when the carousel is swiped.
package struct FeedSection: Sendable, Hashable {
    /// The position in the feed, from 0; also the id of the tracked section.
    package var index: Int
    /// What the section is: the row it is counted under in reports.
    package var kind: SectionKind
    /// The section's name in a feed file (`hero`, `ad-3`); its position when it has none.
    package var id: String
    /// The section's frame: full screen width, from its top to its bottom.
    package var frame: Rect
    /// The cells fixed in the feed, in content coordinates (none for a synthetic carousel).
    package var cells: [Rect]
    /// The carousel's cards, in content coordinates at offset 0; empty without a carousel.
    package var cards: [Rect]
    /// The frame of the carousel's horizontal scroll container, which clips its cards;
    /// `nil` when the section has no carousel.
    package var carouselFrame: Rect?
    /// The area a section with a carousel shows at rest: its fixed cells and the part of
    /// its cards inside the carousel's frame at offset 0. `nil` for other sections, whose
    /// area is that of all their cells.
    package var restingArea: Double?
    /// How far a carousel scrolls sideways per swipe (a card and a gap); 0 without one.
    package var carouselPageWidth: Double
    /// The largest horizontal offset of a carousel (its last card at the right margin);
    /// 0 without one.
    package var carouselMaximumOffset: Double
    /// A policy for this section alone, overriding every compared policy (an ad slot
    /// measured as the ad server measures it); `nil` for the policy being compared.
    package var policy: ImpressionPolicy?
    /// How long after the screen opens the section has loaded; `nil` or zero: loaded from
    /// the start. See ``SectionTemplate/loadDelay``.
    package var loadDelay: Duration? = nil
    /// The section's opacity; 1 by default.
    package var opacity: Double = 1

    /// Creates a section; ``Feed`` makes them from ``SectionTemplate``s.
    package init(index: Int, kind: SectionKind, frame: Rect, cells: [Rect], cards: [Rect] = [],
                 carouselFrame: Rect? = nil, restingArea: Double? = nil, carouselPageWidth: Double = 0,
                 carouselMaximumOffset: Double = 0, id: String? = nil, policy: ImpressionPolicy? = nil) {
        self.index = index
        self.kind = kind
        self.id = id ?? String(index)
        self.frame = frame
        self.cells = cells
        self.cards = cards
        self.carouselFrame = carouselFrame
        self.restingArea = restingArea
        self.carouselPageWidth = carouselPageWidth
        self.carouselMaximumOffset = carouselMaximumOffset
        self.policy = policy
    }

    /// Whether the section has a carousel that scrolls sideways.
    package var isCarousel: Bool { carouselFrame != nil && carouselMaximumOffset > 0 }
}
