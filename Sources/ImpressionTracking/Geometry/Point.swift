/// A point in points; used for scroll containers' content offsets.
public struct Point: Sendable, Hashable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
