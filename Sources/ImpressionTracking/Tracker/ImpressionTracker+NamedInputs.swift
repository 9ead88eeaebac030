// The inputs of DESIGN.md by name: each is sugar for `apply(_:)` with its `EngineInput`.
extension ImpressionTracker {
    /// Replaces the layout; see ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>]) throws(InputError) {
        try apply(.layout(sections))
    }

    /// Replaces the layout and its scroll containers; see
    /// ``ImpressionEngine/setLayout(_:containers:)``.
    ///
    /// - Throws: ``InputError``; the previous layout stays in force.
    public func setLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer]) throws(InputError) {
        try apply(.layout(sections: sections, containers: containers))
    }

    /// Scrolls a container; see ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    ///
    /// - Throws: ``InputError``; the previous offset stays in force.
    public func setContentOffset(_ offset: Point, ofContainer containerID: String) throws(InputError) {
        try apply(.contentOffset(offset, containerID: containerID))
    }

    /// Changes one section's loaded, opacity and hidden state; see
    /// ``ImpressionEngine/setSectionState(_:isLoaded:opacity:isHidden:)``.
    ///
    /// - Throws: ``InputError`` for an id not in the layout or a bad opacity; nothing changes.
    public func setSectionState(_ id: ID, isLoaded: Bool? = nil, opacity: Double? = nil,
                                isHidden: Bool? = nil) throws(InputError) {
        try apply(.sectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden))
    }

    /// Insets the viewport; see ``ImpressionEngine/setViewportInsets(_:)``.
    ///
    /// - Throws: ``InputError``; the previous insets stay in force.
    public func setViewportInsets(_ insets: Insets) throws(InputError) {
        try apply(.viewportInsets(insets))
    }

    /// Sets what covers the content; see ``ImpressionEngine/setObstructions(_:)``.
    ///
    /// - Throws: ``InputError``; the previous obstructions stay in force.
    public func setObstructions(_ obstructions: [Rect]) throws(InputError) {
        try apply(.obstructions(obstructions))
    }

    /// Sets the viewport; see ``ImpressionEngine/setViewport(_:)``.
    ///
    /// - Throws: ``InputError``; the previous viewport stays in force.
    public func setViewport(_ viewport: Rect) throws(InputError) {
        try apply(.viewport(viewport))
    }

    /// The screen appeared; see ``ImpressionEngine/appear()``.
    public func appear() { apply(.appear) }
    /// The screen disappeared; see ``ImpressionEngine/disappear()``.
    public func disappear() { apply(.disappear) }
    /// The app went to the background; see ``ImpressionEngine/enterBackground()``.
    public func enterBackground() { apply(.enterBackground) }
    /// The app came to the foreground; see ``ImpressionEngine/enterForeground()``.
    public func enterForeground() { apply(.enterForeground) }
    /// A modal covers the screen or no longer does; see ``ImpressionEngine/setCovered(_:)``.
    public func setCovered(_ covered: Bool) { apply(covered ? .cover : .uncover) }
    /// Content is being replaced; see ``ImpressionEngine/beginRefresh()``.
    public func beginRefresh() { apply(.beginRefresh) }
    /// The refresh is over; see ``ImpressionEngine/endRefresh()``.
    public func endRefresh() { apply(.endRefresh) }
    /// Forgets what fired and starts a new visit; see ``ImpressionEngine/reset()``.
    public func reset() { apply(.reset) }
}
