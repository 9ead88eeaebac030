/// An axis-aligned rectangle in points, with the origin at its top-left corner.
///
/// `y` grows downwards, as in UIKit and SwiftUI: a feed scrolls towards larger `y`.
/// A rect with a non-finite field or a negative size is accepted by this type (it is a
/// plain value) but rejected by ``ImpressionEngine/setLayout(_:containers:)`` and
/// ``ImpressionEngine/setViewport(_:)``; see ``isValid``.
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; valid rects have `width >= 0`.
    public var width: Double
    /// The height; valid rects have `height >= 0`.
    public var height: Double

    /// Creates a rect from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rect at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge, `x`.
    @inlinable public var minX: Double { x }
    /// The right edge, `x + width`.
    @inlinable public var maxX: Double { x + width }
    /// The top edge, `y`.
    @inlinable public var minY: Double { y }
    /// The bottom edge, `y + height`.
    @inlinable public var maxY: Double { y + height }
    /// `width * height`.
    @inlinable public var area: Double { width * height }

    /// Whether the rect covers no area (zero or negative width or height, or NaN).
    ///
    /// Edge-adjacent rects intersect in an empty rect: only positive area counts as seen.
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether every field is finite and the size is not negative.
    @inlinable public var isValid: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite
            && width >= 0 && height >= 0 && maxX.isFinite && maxY.isFinite
    }

    /// The overlap of two rects, or `nil` when they share no positive area.
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let right = min(maxX, other.maxX)
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether the two rects share a positive area.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        max(minX, other.minX) < min(maxX, other.maxX)
            && max(minY, other.minY) < min(maxY, other.maxY)
    }

    /// The smallest rect containing both rects (their bounding box).
    @inlinable public func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Rect(
            x: left, y: top,
            width: max(maxX, other.maxX) - left,
            height: max(maxY, other.maxY) - top)
    }

    /// Whether `other` lies entirely inside this rect (edges may touch).
    @inlinable public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rect moved by `dx` to the right and `dy` down.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rect shrunk by the given amounts on each side (negative amounts grow it).
    ///
    /// The size never goes below zero.
    @inlinable public func inset(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Rect {
        Rect(
            x: x + left, y: y + top,
            width: max(0, width - left - right),
            height: max(0, height - top - bottom))
    }

    /// The bounding box of `rects`, or `nil` when there are none.
    @inlinable public static func boundingBox<S: Sequence<Rect>>(of rects: S) -> Rect? {
        var iterator = rects.makeIterator()
        guard var box = iterator.next() else { return nil }
        while let rect = iterator.next() { box = box.union(rect) }
        return box
    }
}

extension Rect: CustomStringConvertible {
    /// `(x, y, width × height)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
