import ImpressionTracking

/// One thing the user (or the app) does in a simulated session.
///
/// Offsets are content offsets in points. ``SessionRunner`` maps each input to the
/// engine: a scroll to `ImpressionEngine.setViewport(_:)`, a carousel scroll to a new
/// container offset from ``FeedLayout``, lifecycle calls as they are.
package enum SessionInput: Sendable, Hashable {
    /// The feed's vertical content offset, one per frame while it moves.
    case scroll(offset: Double)
    /// A carousel's horizontal offset, when a swipe settles.
    case carouselScroll(section: Int, offset: Double)
    /// A lifecycle call: a tab switch away and back (`disappear`, `appear`), the app
    /// going to the background and back, a modal sheet (`cover`, `uncover`), pull to
    /// refresh (`beginRefresh`, `endRefresh`), the user's first drag (`interact`).
    case lifecycle(LifecycleCall)
}
