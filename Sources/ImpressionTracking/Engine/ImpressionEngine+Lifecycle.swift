// The screen's lifecycle calls, shared by every policy: each is sugar for
// `apply(_:)` with its `LifecycleCall`.
extension ImpressionEngine {
    /// The screen appeared (pop back, tab switch back).
    ///
    /// - Important: After ``disappear()`` this starts a new visit: counts restart and
    ///   `.oncePerVisit` sections may fire again. While already appeared it does nothing.
    public mutating func appear() { apply(.appear) }

    /// The screen disappeared (push, tab switch away); nothing counts until ``appear()``.
    public mutating func disappear() { apply(.disappear) }

    /// The app went to the background; nothing counts until ``enterForeground()``.
    public mutating func enterBackground() { apply(.enterBackground) }

    /// The app came to the foreground.
    ///
    /// - Important: This starts a new visit, except when the screen was covered
    ///   (``setCovered(_:)``) when the app went to the background: Cookpad's modal rule.
    public mutating func enterForeground() { apply(.enterForeground) }

    /// A modal covers the screen (`true`) or no longer does (`false`).
    ///
    /// Covering pauses counting; uncovering does not start a new visit.
    public mutating func setCovered(_ covered: Bool) { apply(covered ? .cover : .uncover) }

    /// Content is being replaced (pull to refresh, a refresh on foreground): nothing
    /// counts until ``endRefresh()``.
    public mutating func beginRefresh() { apply(.beginRefresh) }

    /// The refresh is over.
    ///
    /// - Important: This starts a new visit, so the new content fires and content shown
    ///   only before the refresh never does.
    public mutating func endRefresh() { apply(.endRefresh) }

    /// Forgets everything that fired under every policy and starts a new visit (SARAH's
    /// `restart`).
    public mutating func reset() { apply(.reset) }
}
