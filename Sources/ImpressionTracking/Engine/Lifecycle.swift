/// The screen's lifecycle: whether samples count, and which calls start a new visit.
///
/// Each call returns whether it starts a new visit; repeated calls change nothing.
@usableFromInline
struct Lifecycle: Sendable, Hashable {
    @usableFromInline private(set) var isAppeared = true
    @usableFromInline private(set) var isInForeground = true
    @usableFromInline private(set) var isCovered = false
    @usableFromInline private(set) var isRefreshing = false
    // Cookpad's modal rule: a screen covered when the app went to the background is not
    // a new visit when it comes back.
    private var wasCoveredWhenBackgrounded = false

    /// Samples count only while the screen is shown, in the foreground, uncovered and
    /// not refreshing.
    @inlinable var isActive: Bool { isAppeared && isInForeground && !isCovered && !isRefreshing }

    mutating func appear() -> Bool {
        guard !isAppeared else { return false }
        isAppeared = true
        return true
    }

    mutating func disappear() -> Bool {
        isAppeared = false
        return false
    }

    mutating func enterBackground() -> Bool {
        guard isInForeground else { return false }
        isInForeground = false
        wasCoveredWhenBackgrounded = isCovered
        return false
    }

    mutating func enterForeground() -> Bool {
        guard !isInForeground else { return false }
        isInForeground = true
        return !wasCoveredWhenBackgrounded
    }

    mutating func setCovered(_ covered: Bool) -> Bool {
        isCovered = covered
        return false
    }

    mutating func beginRefresh() -> Bool {
        isRefreshing = true
        return false
    }

    mutating func endRefresh() -> Bool {
        guard isRefreshing else { return false }
        isRefreshing = false
        return true
    }
}
