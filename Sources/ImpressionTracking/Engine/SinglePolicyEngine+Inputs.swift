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
        case .lifecycle(let call): apply(call)
        }
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
