/// A section of the screen (a module, an ad slot, a row) whose impressions are tracked,
/// with the rects of its cells.
///
/// Not `Section`: that name would clash with SwiftUI's in every app that imports both.
/// A section's visibility is aggregated from its cells: see ``ImpressionPolicy/Measure``.
public struct TrackedSection<ID: Hashable & Sendable>: Sendable {
    /// The identity of the section; unique within a layout, and the key under which the
    /// engine remembers what fired.
    public var id: ID
    /// The cells' frames in the root content coordinates (the same as the viewport's).
    ///
    /// May be empty: a lazy list that knows the section but shows none of it.
    public var cells: [Rect]
    /// The denominator for ``ImpressionPolicy/Measure/height`` when not every cell is
    /// given (ZOZO's `isTwoLines`); by default, the height of the bounding box of `cells`.
    public var fullHeight: Double?
    /// The denominator for ``ImpressionPolicy/Measure/area`` when not every cell is
    /// given; by default, the exact union area of `cells`.
    public var fullArea: Double?
    /// The denominator for ``ImpressionPolicy/Measure/width`` when not every cell is
    /// given (a carousel that reports only the cards it shows); by default, the width of
    /// the bounding box of `cells`.
    public var fullWidth: Double? = nil
    /// A policy for this section alone, overriding the engine's.
    public var policy: ImpressionPolicy?
    /// Cells inside scroll containers (a carousel's cards), each in its container's
    /// content coordinates; see ``ScrollContainer``.
    public var nestedCells: [NestedCell] = []

    /// Creates a section; see the properties for what each part means.
    public init(id: ID, cells: [Rect], fullHeight: Double? = nil, fullArea: Double? = nil,
                policy: ImpressionPolicy? = nil) {
        self.id = id
        self.cells = cells
        self.fullHeight = fullHeight
        self.fullArea = fullArea
        self.policy = policy
    }

    /// Creates a section with cells inside scroll containers.
    public init(id: ID, cells: [Rect] = [], nestedCells: [NestedCell], fullHeight: Double? = nil,
                fullArea: Double? = nil, policy: ImpressionPolicy? = nil) {
        self.init(id: id, cells: cells, fullHeight: fullHeight, fullArea: fullArea, policy: policy)
        self.nestedCells = nestedCells
    }
}

extension TrackedSection: Equatable where ID: Equatable {}
extension TrackedSection: Hashable where ID: Hashable {}
extension TrackedSection: Codable where ID: Codable {}
