/// Insets from each edge of the viewport: safe area, navigation bar, tab bar
/// (IntersectionObserver's `rootMargin`, with the sign reversed: positive shrinks).
public struct Insets: Sendable, Hashable, Codable {
    /// From the top edge.
    public var top: Double
    /// From the left edge.
    public var left: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the right edge.
    public var right: Double

    /// Creates insets; negative values grow the viewport.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = Insets()

    /// Whether every inset is finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

extension Rect {
    /// The rect shrunk by `insets` (grown by negative ones); the size never goes below zero.
    public func inset(by insets: Insets) -> Rect {
        inset(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}
