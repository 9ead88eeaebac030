/// Insets from each edge of a rect: the viewport's safe area, navigation bar, tab bar,
/// or the bounds a scroll container clips its cells to (IntersectionObserver's
/// `rootMargin` and `scrollMargin`, with the sign reversed: positive shrinks).
///
/// Each edge is some points plus a fraction of the rect's size (``relative``), resolved
/// against the rect being inset whenever it is: the current viewport at every sample, a
/// container's frame with each layout. `Insets.percent(top: -10)` is `rootMargin:
/// "10% 0px 0px 0px"`.
public struct Insets: Sendable, Hashable {
    /// From the top edge, in points.
    public var top: Double
    /// From the left edge, in points.
    public var left: Double
    /// From the bottom edge, in points.
    public var bottom: Double
    /// From the right edge, in points.
    public var right: Double
    /// Fractions of the rect's size added to each edge: of its height at the top and
    /// bottom, of its width at the left and right, as CSS resolves percentages of margins.
    public var relative: RelativeInsets

    /// Creates insets in points, plus fractions of the rect's size; negative values grow
    /// the rect.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0,
                relative: RelativeInsets = .zero) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.relative = relative
    }

    /// Insets in percent of the rect's size (height for top and bottom, width for left
    /// and right); negative values grow it, as a positive `rootMargin` percentage does.
    public static func percent(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Insets {
        Insets(relative: RelativeInsets(top: top / 100, left: left / 100, bottom: bottom / 100, right: right / 100))
    }

    /// No insets.
    public static let zero = Insets()

    /// Whether every inset, in points and relative, is finite.
    public var isFinite: Bool {
        top.isFinite && left.isFinite && bottom.isFinite && right.isFinite && relative.isFinite
    }
}

/// The relative part of ``Insets``: fractions of the inset rect's height (top, bottom)
/// and width (left, right).
public struct RelativeInsets: Sendable, Hashable, Codable {
    /// From the top edge, as a fraction of the height.
    public var top: Double
    /// From the left edge, as a fraction of the width.
    public var left: Double
    /// From the bottom edge, as a fraction of the height.
    public var bottom: Double
    /// From the right edge, as a fraction of the width.
    public var right: Double

    /// Creates relative insets: `0.1` is 10 % of the rect's size; negative values grow it.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No relative insets.
    public static let zero = RelativeInsets()

    /// Whether every fraction is finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

extension Insets: Codable {
    private enum CodingKeys: String, CodingKey { case top, left, bottom, right, relative }

    /// Decodes insets; `relative` may be absent (insets written before it existed).
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(top: try fields.decode(Double.self, forKey: .top), left: try fields.decode(Double.self, forKey: .left),
                  bottom: try fields.decode(Double.self, forKey: .bottom), right: try fields.decode(Double.self, forKey: .right),
                  relative: try fields.decodeIfPresent(RelativeInsets.self, forKey: .relative) ?? .zero)
    }

    /// Encodes insets, with `relative` only when it is not zero.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(top, forKey: .top)
        try fields.encode(left, forKey: .left)
        try fields.encode(bottom, forKey: .bottom)
        try fields.encode(right, forKey: .right)
        if relative != .zero { try fields.encode(relative, forKey: .relative) }
    }
}

extension Rect {
    /// The rect shrunk by `insets` (grown by negative ones), their relative part resolved
    /// against this rect's size; the size never goes below zero.
    public func inset(by insets: Insets) -> Rect {
        inset(top: insets.top + insets.relative.top * height, left: insets.left + insets.relative.left * width,
              bottom: insets.bottom + insets.relative.bottom * height, right: insets.right + insets.relative.right * width)
    }
}
