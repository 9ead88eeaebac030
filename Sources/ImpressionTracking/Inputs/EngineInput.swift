/// One input to an ``ImpressionEngine`` or an ``ImpressionTracker``, as a value: every
/// call a screen can make between two samples.
///
/// The named methods (``ImpressionEngine/setViewport(_:)``, ``ImpressionEngine/appear()``,
/// ...) are sugar for ``ImpressionEngine/apply(_:)-(EngineInput<ID>)`` with one of these.
/// As values, inputs can be recorded, replayed, sent in a batch
/// (``ImpressionTracker/apply(_:)-([EngineInput<ID>])``) or from synchronous code
/// (``ImpressionTracker/send(_:)``).
///
/// ```swift
/// try await tracker.apply([
///     .viewport(Rect(x: 0, y: offset, width: 390, height: 844)),
///     .contentOffset(Point(x: 240, y: 0), containerID: "carousel"),
///     .lifecycle(.uncover),
/// ])
/// ```
public enum EngineInput<ID: Hashable & Sendable>: Sendable, Equatable {
    /// ``ImpressionEngine/setLayout(_:containers:)``.
    case layout(sections: [TrackedSection<ID>], containers: [ScrollContainer])
    /// ``ImpressionEngine/setViewport(_:)``.
    case viewport(Rect)
    /// ``ImpressionEngine/setContentOffset(_:ofContainer:)``.
    case contentOffset(Point, containerID: String)
    /// ``ImpressionEngine/setViewportInsets(_:)``.
    case viewportInsets(Insets)
    /// ``ImpressionEngine/setObstructions(_:friendly:)``: the rects that hide what is
    /// under them, and the friendly obstructions, listed but not subtracted (none unless
    /// given).
    case obstructions([Rect], friendly: [FriendlyObstruction] = [])
    /// ``ImpressionEngine/setSectionState(_:isLoaded:opacity:isHidden:)``: one section's
    /// loaded, opacity and hidden attributes; `nil` keeps one as it is.
    // Indirect, boxed: the only case that holds an `ID` itself, and unboxed it would make
    // the enum's layout depend on `ID`, so that generic code (the actor's, a caller in
    // another module) looks up its type metadata for every input, scrolls included.
    indirect case sectionState(ID, isLoaded: Bool?, opacity: Double?, isHidden: Bool?)
    /// A lifecycle call: appear, disappear, background, foreground, cover, uncover,
    /// refresh, reset, and the user's first interaction.
    case lifecycle(LifecycleCall)

    /// ``ImpressionEngine/setLayout(_:containers:)``: a layout without scroll containers.
    public static func layout(_ sections: [TrackedSection<ID>]) -> EngineInput {
        .layout(sections: sections, containers: [])
    }

    /// The same input with section ids mapped by `transform`.
    // Made for a trace's string ids numbered by the re-measurer, which calls it from
    // another module for every line: generic, each section mapped looked its types up at
    // run time.
    @_specialize(where ID == String, Other == Int)
    public func mapIDs<Other>(_ transform: (ID) -> Other) -> EngineInput<Other> {
        switch self {
        case .layout(let sections, let containers):
            .layout(sections: sections.map { section in
                var mapped = TrackedSection(id: transform(section.id), cells: section.cells, nestedCells: section.nestedCells,
                                            fullHeight: section.fullHeight, fullArea: section.fullArea,
                                            fullWidth: section.fullWidth, policy: section.policy)
                mapped.display = section.display
                return mapped
            }, containers: containers)
        case .viewport(let rect): .viewport(rect)
        case .contentOffset(let offset, let containerID): .contentOffset(offset, containerID: containerID)
        case .viewportInsets(let insets): .viewportInsets(insets)
        case .obstructions(let rects, let friendly): .obstructions(rects, friendly: friendly)
        case .sectionState(let id, let isLoaded, let opacity, let isHidden):
            .sectionState(transform(id), isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
        case .lifecycle(let call): .lifecycle(call)
        }
    }
}
