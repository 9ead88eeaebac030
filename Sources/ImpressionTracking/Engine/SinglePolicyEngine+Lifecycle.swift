// The screen's lifecycle calls, and the visits they start.
extension SinglePolicyEngine {
    /// The screen appeared (pop back, tab switch back).
    ///
    /// - Important: After ``disappear()`` this starts a new visit: counts restart and
    ///   `.oncePerVisit` sections may fire again. While already appeared it does nothing.
    mutating func appear() { noteLifecycleChange(lifecycle.appear()) }

    /// The screen disappeared (push, tab switch away); nothing counts until ``appear()``.
    mutating func disappear() { noteLifecycleChange(lifecycle.disappear()) }

    /// The app went to the background; nothing counts until ``enterForeground()``.
    mutating func enterBackground() { noteLifecycleChange(lifecycle.enterBackground()) }

    /// The app came to the foreground.
    ///
    /// - Important: This starts a new visit, except when the screen was covered
    ///   (``setCovered(_:)``) when the app went to the background: Cookpad's modal rule.
    mutating func enterForeground() { noteLifecycleChange(lifecycle.enterForeground()) }

    /// A modal covers the screen (`true`) or no longer does (`false`).
    ///
    /// Covering pauses counting; uncovering does not start a new visit.
    mutating func setCovered(_ covered: Bool) { noteLifecycleChange(lifecycle.setCovered(covered)) }

    /// Content is being replaced (pull to refresh, a refresh on foreground): nothing
    /// counts until ``endRefresh()``.
    mutating func beginRefresh() { noteLifecycleChange(lifecycle.beginRefresh()) }

    /// The refresh is over.
    ///
    /// - Important: This starts a new visit, so the new content fires and content shown
    ///   only before the refresh never does.
    mutating func endRefresh() { noteLifecycleChange(lifecycle.endRefresh()) }

    /// Forgets everything that fired and starts a new visit (SARAH's `restart`).
    mutating func reset() {
        firstRememberedVisit = visit + 1
        changedSinceSample = true
        startVisit()
    }

    private mutating func noteLifecycleChange(_ startsVisit: Bool) {
        changedSinceSample = true
        if startsVisit { startVisit() }
    }

    private mutating func startVisit() {
        visit += 1
        runsValidFrom = nextSample
        // The last visit's exposure (and, after a reset, the fired memory) is void.
        departed.prune(retention)
    }

    /// What makes the counters of a section that left the layout worth keeping, now.
    @inline(__always)   // see `screen`
    var retention: DepartedSections<ID>.Retention {
        .init(visit: visit, firstRememberedVisit: firstRememberedVisit, nextSample: nextSample)
    }
}
