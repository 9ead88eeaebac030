/// Insets from each edge of a rect: the viewport's safe area, navigation bar, tab bar,
/// or the bounds a scroll container clips its cells to (IntersectionObserver's
/// `rootMargin` and `scrollMargin`, with the sign reversed: positive shrinks).
///
/// Each edge is some points plus a percentage of the rect's size (``topPercent``, ...),
/// resolved against the rect being inset whenever it is: the current viewport at every
/// sample, a container's frame with each layout. `Insets.percent(top: -10)` is
/// `rootMargin: "10% 0px 0px 0px"`.
public struct Insets: Sendable, Hashable {
    /// From the top edge, in points.
    public var top: Double
    /// From the left edge, in points.
    public var left: Double
    /// From the bottom edge, in points.
    public var bottom: Double
    /// From the right edge, in points.
    public var right: Double
    /// The percentages, as fractions of the rect's size: what the engine multiplies by,
    /// and what traces and feed files write (`"relative"`), kept exact through a round trip.
    package var relative: RelativeInsets

    /// Creates insets in points, plus percentages of the rect's size (of its height at the
    /// top and bottom, of its width at the left and right, as CSS resolves percentages of
    /// margins); negative values grow the rect.
    ///
    /// ```swift
    /// // A 44 pt bar at the top; the bottom grown by a tenth of the height (rootMargin's "0px 0px 10%").
    /// let insets = Insets(top: 44, bottomPercent: -10)
    /// ```
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0,
                topPercent: Double = 0, leftPercent: Double = 0, bottomPercent: Double = 0, rightPercent: Double = 0) {
        self.init(top: top, left: left, bottom: bottom, right: right,
                  relative: RelativeInsets(top: topPercent / 100, left: leftPercent / 100,
                                           bottom: bottomPercent / 100, right: rightPercent / 100))
    }

    /// Creates insets in points plus fractions of the rect's size: what files hold.
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0, relative: RelativeInsets) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.relative = relative
    }

    /// Insets in percent of the rect's size alone (height for top and bottom, width for
    /// left and right); negative values grow it, as a positive `rootMargin` percentage does.
    public static func percent(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Insets {
        Insets(topPercent: top, leftPercent: left, bottomPercent: bottom, rightPercent: right)
    }

    /// From the top edge, in percent of the rect's height, added to ``top``.
    public var topPercent: Double {
        get { relative.top * 100 }
        set { relative.top = newValue / 100 }
    }

    /// From the left edge, in percent of the rect's width, added to ``left``.
    public var leftPercent: Double {
        get { relative.left * 100 }
        set { relative.left = newValue / 100 }
    }

    /// From the bottom edge, in percent of the rect's height, added to ``bottom``.
    public var bottomPercent: Double {
        get { relative.bottom * 100 }
        set { relative.bottom = newValue / 100 }
    }

    /// From the right edge, in percent of the rect's width, added to ``right``.
    public var rightPercent: Double {
        get { relative.right * 100 }
        set { relative.right = newValue / 100 }
    }

    /// No insets.
    public static let zero = Insets()

    /// Whether every inset, in points and in percent, is finite.
    public var isFinite: Bool {
        top.isFinite && left.isFinite && bottom.isFinite && right.isFinite && relative.isFinite
    }
}

extension Insets: CustomStringConvertible {
    /// The edges that are not zero, as written: `top 44 pt, bottom -10 %`; `none` for
    /// ``zero``.
    public var description: String {
        let points = [("top", top), ("left", left), ("bottom", bottom), ("right", right)]
            .filter { $0.1 != 0 }.map { "\($0.0) \($0.1.shortText) pt" }
        let percents = [("top", topPercent), ("left", leftPercent), ("bottom", bottomPercent), ("right", rightPercent)]
            .filter { $0.1 != 0 }.map { "\($0.0) \($0.1.shortText) %" }
        let edges = points + percents
        return edges.isEmpty ? "none" : edges.joined(separator: ", ")
    }
}

/// The percentages of ``Insets`` as fractions of the inset rect's height (top, bottom)
/// and width (left, right): `0.1` is 10 %.
package struct RelativeInsets: Sendable, Hashable, Codable {
    /// From the top edge, as a fraction of the height.
    package var top: Double
    /// From the left edge, as a fraction of the width.
    package var left: Double
    /// From the bottom edge, as a fraction of the height.
    package var bottom: Double
    /// From the right edge, as a fraction of the width.
    package var right: Double

    /// Creates fractions of the rect's size; negative values grow it.
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No relative insets.
    package static let zero = RelativeInsets()

    /// Whether every fraction is finite.
    package var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

extension Insets: Codable {
    private enum CodingKeys: String, CodingKey { case top, left, bottom, right, relative }

    /// Decodes insets; `relative` may be absent, and then is none.
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
