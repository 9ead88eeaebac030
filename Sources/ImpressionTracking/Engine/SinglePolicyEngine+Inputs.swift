extension SinglePolicyEngine {
    /// Applies `input`: the one place that maps each ``EngineInput`` to the engine.
    ///
    /// The input applies from the next unevaluated sample on, as the named method would.
    ///
    /// - Throws: ``InputError`` when the engine refuses it; its previous state stays.
    // Pre-specialised: the actor calls it from generic code, where the enum's payloads
    // would otherwise go through value witnesses.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func apply(_ input: EngineInput<ID>) throws(InputError) {
        switch input {
        case .layout(let sections, let containers): try setLayout(sections, containers: containers)
        case .viewport(let rect): try setViewport(rect)
        case .contentOffset(let offset, let containerID): try setContentOffset(offset, ofContainer: containerID)
        case .viewportInsets(let insets): try setViewportInsets(insets)
        case .obstructions(let rects): try setObstructions(rects)
        case .sectionState(let id, let isLoaded, let opacity, let isHidden):
            _ = try setSectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
        case .lifecycle(let call): apply(call)
        }
    }

    /// Changes one section's loaded, opacity and hidden attributes (`nil` keeps one as it
    /// is), as a layout with the section so would, without building the layout again.
    ///
    /// - Returns: the section's slot and its attributes now, for the other ways of
    ///   measuring of an engine of several policies.
    /// - Throws: ``InputError`` for an id not in the layout or an opacity outside `0...1`;
    ///   nothing changes then.
    mutating func setSectionState(_ id: ID, isLoaded: Bool?, opacity: Double?, isHidden: Bool?)
        throws(InputError) -> (slot: Int, display: DisplayState) {
        guard let slot = layout.slotsByID[id] else { throw InputError.unknownSection(id).inSection(id, at: nil) }
        var display = layout.geometry.display(ofSlot: slot)
        if let isLoaded { display.isLoaded = isLoaded }
        if let isHidden { display.isHidden = isHidden }
        if let opacity {
            guard opacity >= 0 && opacity <= 1 else { throw InputError.invalidOpacity(opacity).inSection(id, at: slot) }
            display.opacity = opacity
        }
        layout.geometry.setDisplay(display, ofSlot: slot)
        changedSinceSample = true
        return (slot, display)
    }

    /// Makes the lifecycle call; never refused.
    mutating func apply(_ call: LifecycleCall) {
        switch call {
        case .appear: appear()
        case .disappear: disappear()
        case .enterBackground: enterBackground()
        case .enterForeground: enterForeground()
        case .cover: setCovered(true)
        case .uncover: setCovered(false)
        case .beginRefresh: beginRefresh()
        case .endRefresh: endRefresh()
        case .reset: reset()
        }
    }
}
