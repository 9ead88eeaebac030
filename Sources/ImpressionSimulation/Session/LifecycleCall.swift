import ImpressionTracking

/// One of the engine's lifecycle calls, as a value: what a trace records and a replay
/// makes.
public enum LifecycleCall: Sendable, Hashable, CaseIterable {
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

    /// The name in traces: `appear`, `enterBackground`, `cover`, ...
    public var name: String {
        switch self {
        case .appear: "appear"
        case .disappear: "disappear"
        case .enterBackground: "enterBackground"
        case .enterForeground: "enterForeground"
        case .cover: "cover"
        case .uncover: "uncover"
        case .beginRefresh: "beginRefresh"
        case .endRefresh: "endRefresh"
        case .reset: "reset"
        }
    }

    /// The call named `name`, or `nil`.
    public init?(name: String) {
        guard let call = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = call
    }
}

extension ImpressionEngine {
    /// Makes the lifecycle call.
    public mutating func apply(_ call: LifecycleCall) {
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
