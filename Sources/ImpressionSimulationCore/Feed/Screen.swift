import ImpressionTracking

/// The size of the screen's scrolling area, in points: the viewport of every session,
/// and the insets every session sets on it.
///
/// ```swift
/// let tablet = Screen(width: 820, height: 1180)
/// let configuration = SimulationConfiguration(screen: tablet)
/// let feed = Feed(sectionCount: 500, screen: tablet, seed: 1)
/// ```
public struct Screen: Sendable, Hashable {
    /// The width; the feed is laid out to it.
    public var width: Double
    /// The height of the visible part of the feed.
    public var height: Double
    /// The viewport insets of every session (bars, safe area, margins in percent:
    /// `ImpressionEngine.setViewportInsets(_:)`); none by default.
    public var insets: Insets

    /// Creates a screen of the given size.
    public init(width: Double, height: Double, insets: Insets = .zero) {
        self.width = width
        self.height = height
        self.insets = insets
    }

    /// A 6.1-inch iPhone in portrait: 390×844 pt.
    public static let phone = Screen(width: 390, height: 844)

    /// The viewport with the feed scrolled to `offset` (the content offset's `y`).
    public func viewport(atOffset offset: Double) -> Rect {
        Rect(x: 0, y: offset, width: width, height: height)
    }

    /// Whether both sides are finite, positive and at most 100,000 pt, and the insets
    /// finite.
    public var isValid: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
            && width <= 100_000 && height <= 100_000 && insets.isFinite
    }
}

extension Screen: Codable {
    private enum CodingKeys: String, CodingKey { case width, height, insets }

    /// Decodes a screen; `insets` may be absent, and then are zero.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try fields.decode(Double.self, forKey: .width), height: try fields.decode(Double.self, forKey: .height),
                  insets: try fields.decodeIfPresent(Insets.self, forKey: .insets) ?? .zero)
    }

    /// Encodes a screen, with `insets` only when there are some.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(width, forKey: .width)
        try fields.encode(height, forKey: .height)
        if insets != .zero { try fields.encode(insets, forKey: .insets) }
    }
}
