import ImpressionTracking

/// One input to an ``ImpressionEngine``, as a value: every call a screen can make
/// between two `advance(to:)`s. Sessions are turned into these (``SessionRunner``),
/// traces record them (``TraceEvent``), replays apply them.
public enum EngineInput<ID: Hashable & Sendable>: Sendable {
    /// ``ImpressionEngine/setLayout(_:containers:)``.
    case layout(sections: [TrackedSection<ID>], containers: [ScrollContainer])
    /// ``ImpressionEngine/setViewport(_:)``.
    case viewport(Rect)
    /// ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    case contentOffset(Point, containerID: String)
    /// ``ImpressionEngine/setViewportInsets(_:)``.
    case viewportInsets(Insets)
    /// ``ImpressionEngine/setObstructions(_:)``.
    case obstructions([Rect])
    /// A lifecycle call.
    case lifecycle(LifecycleCall)

    /// The same input with section ids mapped by `transform`.
    public func mapIDs<Other>(_ transform: (ID) -> Other) -> EngineInput<Other> {
        switch self {
        case .layout(let sections, let containers):
            .layout(sections: sections.map { section in
                var mapped = TrackedSection(id: transform(section.id), cells: section.cells, fullHeight: section.fullHeight,
                                            fullArea: section.fullArea, policy: section.policy)
                mapped.nestedCells = section.nestedCells
                return mapped
            }, containers: containers)
        case .viewport(let rect): .viewport(rect)
        case .contentOffset(let offset, let containerID): .contentOffset(offset, containerID: containerID)
        case .viewportInsets(let insets): .viewportInsets(insets)
        case .obstructions(let rects): .obstructions(rects)
        case .lifecycle(let call): .lifecycle(call)
        }
    }
}

extension EngineInput: Equatable where ID: Equatable {}

extension ImpressionEngine {
    /// Applies `input`.
    ///
    /// - Throws: ``InputError`` when the engine refuses it; its previous state stays.
    public mutating func apply(_ input: EngineInput<ID>) throws(InputError) {
        switch input {
        case .layout(let sections, let containers): try setLayout(sections, containers: containers)
        case .viewport(let rect): try setViewport(rect)
        case .contentOffset(let offset, let containerID): try setContentOffset(offset, ofContainer: containerID)
        case .viewportInsets(let insets): try setViewportInsets(insets)
        case .obstructions(let rects): try setObstructions(rects)
        case .lifecycle(let call): apply(call)
        }
    }
}

/// An ``EngineInput`` at a time since the start of the session: the engines are
/// advanced to `time`, then given `input`, which applies from the next sample on.
public struct TimedInput<ID: Hashable & Sendable>: Sendable {
    /// When it happens.
    public var time: Duration
    /// What happens.
    public var input: EngineInput<ID>

    /// Creates a timed input.
    public init(time: Duration, input: EngineInput<ID>) {
        self.time = time
        self.input = input
    }
}

extension TimedInput: Equatable where ID: Equatable {}
