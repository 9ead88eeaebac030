/// One thing the user (or the app) does in a simulated session.
///
/// Offsets are content offsets in points. ``SessionRunner`` maps each input to the
/// engine: a scroll to ``ImpressionEngine/setViewport(_:)``, a carousel scroll to a new
/// container offset from ``FeedLayout``, the rest to the lifecycle call of the same name.
public enum SessionInput: Sendable, Hashable {
    /// The feed's vertical content offset, one per frame while it moves.
    case scroll(offset: Double)
    /// A carousel's horizontal offset, when a swipe settles.
    case carouselScroll(section: Int, offset: Double)
    /// The screen disappeared (a tab switch away, a push).
    case disappear
    /// The screen appeared again.
    case appear
    /// The app went to the background.
    case enterBackground
    /// The app came back to the foreground.
    case enterForeground
    /// A modal sheet covers the screen (`true`) or was dismissed (`false`).
    case setCovered(Bool)
    /// Pull to refresh started.
    case beginRefresh
    /// The refresh finished.
    case endRefresh
}
