/// One of the engine's lifecycle calls, as a value; its raw value is its name in traces
/// (`appear`, `enterBackground`, `cover`, ...).
public enum LifecycleCall: String, Sendable, Hashable, CaseIterable {
    /// ``ImpressionEngine/appear()``.
    case appear
    /// ``ImpressionEngine/disappear()``.
    case disappear
    /// ``ImpressionEngine/enterBackground()``.
    case enterBackground
    /// ``ImpressionEngine/enterForeground()``.
    case enterForeground
    /// ``ImpressionEngine/setCovered(_:)`` with `true`.
    case cover
    /// ``ImpressionEngine/setCovered(_:)`` with `false`.
    case uncover
    /// ``ImpressionEngine/beginRefresh()``.
    case beginRefresh
    /// ``ImpressionEngine/endRefresh()``.
    case endRefresh
    /// ``ImpressionEngine/reset()``.
    case reset
    /// ``ImpressionEngine/interact()``.
    case interact

    /// The name in traces: the raw value.
    public var name: String { rawValue }

    /// The call named `name`, or `nil`.
    public init?(name: String) {
        self.init(rawValue: name)
    }
}
