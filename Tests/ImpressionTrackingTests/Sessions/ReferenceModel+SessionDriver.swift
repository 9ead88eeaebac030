@testable import ImpressionTracking

extension ReferenceModel: SessionDriver {
    mutating func rewind(to time: Duration) -> [Impression<ID>] {
        advance(to: time)
    }

    // The model keeps its own switch: it is the independent oracle, so it must not share
    // the engine's mapping from inputs to calls.
    mutating func perform(_ input: EngineInput<ID>) -> Bool {
        switch input {
        case .layout(let sections, let containers): return setLayout(sections, containers: containers)
        case .contentOffset(let offset, let container): return setContentOffset(offset, ofContainer: container)
        case .viewport(let rect): return setViewport(rect)
        case .viewportInsets(let insets): return setViewportInsets(insets)
        case .obstructions(let rects, let friendly): return setObstructions(rects, friendly: friendly)
        case .sectionState(let id, let isLoaded, let opacity, let isHidden):
            return setSectionState(id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
        case .lifecycle(.appear): appear()
        case .lifecycle(.disappear): disappear()
        case .lifecycle(.enterBackground): enterBackground()
        case .lifecycle(.enterForeground): enterForeground()
        case .lifecycle(.cover): setCovered(true)
        case .lifecycle(.uncover): setCovered(false)
        case .lifecycle(.beginRefresh): beginRefresh()
        case .lifecycle(.endRefresh): endRefresh()
        case .lifecycle(.reset): reset()
        case .lifecycle(.interact): interact()
        }
        return true
    }
}

extension ReferenceModel: EventSessionDriver {}
