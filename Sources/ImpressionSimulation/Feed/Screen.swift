import ImpressionTracking

/// The size of the screen's scrolling area, in points: the viewport of every session.
public struct Screen: Sendable, Hashable, Codable {
    /// The width; the feed is laid out to it.
    public var width: Double
    /// The height of the visible part of the feed.
    public var height: Double

    /// Creates a screen of the given size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A 6.1-inch iPhone in portrait: 390×844 pt.
    public static let phone = Screen(width: 390, height: 844)

    /// The viewport with the feed scrolled to `offset` (the content offset's `y`).
    public func viewport(atOffset offset: Double) -> Rect {
        Rect(x: 0, y: offset, width: width, height: height)
    }

    /// Whether both sides are finite, positive and at most 100,000 pt.
    public var isValid: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
            && width <= 100_000 && height <= 100_000
    }
}
