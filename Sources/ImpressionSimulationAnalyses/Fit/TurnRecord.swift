import ImpressionTracking

/// One turn of a recorded session as ``TraceObserver`` recognised it: what the user did
/// after a reading pause, and when.
struct TurnRecord: Sendable {
    /// What the turn was.
    enum Kind: Sendable, Equatable {
        /// Scroll frames that decelerate geometrically.
        case fling
        /// Scroll frames easing out to the top: a status-bar tap.
        case backToTop
        /// Scroll frames that follow neither curve (or too few to tell).
        case otherMotion
        /// A carousel's content offset changed: the swipe settled.
        case swipe
        /// A rare event that takes the user away and back, or a refresh.
        case away(AwayKind)
    }

    var kind: Kind
    /// When the turn began, in nanoseconds: a motion's fitted start (its first frame when
    /// no curve fits), an event's time; for a swipe, when it settled.
    var start: Int64
    /// When the turn ended: its last frame, or the event that closed it.
    var end: Int64
    /// The feed's offset when the turn began.
    var offsetAtStart: Double
    /// Whether a carousel was entirely on screen when the turn began.
    var carouselOnScreen: Bool
}

/// The rare events that keep the user away for a while, each with the lifecycle calls
/// that open and close it.
enum AwayKind: Int, Sendable, CaseIterable {
    case tabSwitch, background, modal, refresh

    /// The call that starts it and the call that ends it.
    var calls: (opening: LifecycleCall, closing: LifecycleCall) { Self.calls[rawValue] }

    private static let calls: [(opening: LifecycleCall, closing: LifecycleCall)] = [
        (.disappear, .appear), (.enterBackground, .enterForeground), (.cover, .uncover), (.beginRefresh, .endRefresh),
    ]
}
