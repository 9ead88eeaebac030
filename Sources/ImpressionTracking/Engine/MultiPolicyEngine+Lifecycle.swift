// The screen's lifecycle calls, shared by every policy.
extension MultiPolicyEngine {
    /// The screen appeared; see ``ImpressionEngine/appear()``.
    public mutating func appear() { apply(.appear) }

    /// The screen disappeared; see ``ImpressionEngine/disappear()``.
    public mutating func disappear() { apply(.disappear) }

    /// The app went to the background; see ``ImpressionEngine/enterBackground()``.
    public mutating func enterBackground() { apply(.enterBackground) }

    /// The app came to the foreground; see ``ImpressionEngine/enterForeground()``.
    public mutating func enterForeground() { apply(.enterForeground) }

    /// A modal covers the screen or no longer does; see ``ImpressionEngine/setCovered(_:)``.
    public mutating func setCovered(_ covered: Bool) { apply(covered ? .cover : .uncover) }

    /// Content is being replaced; see ``ImpressionEngine/beginRefresh()``.
    public mutating func beginRefresh() { apply(.beginRefresh) }

    /// The refresh is over; see ``ImpressionEngine/endRefresh()``.
    public mutating func endRefresh() { apply(.endRefresh) }

    /// Forgets everything that fired under every policy and starts a new visit; see
    /// ``ImpressionEngine/reset()``.
    public mutating func reset() { apply(.reset) }
}
