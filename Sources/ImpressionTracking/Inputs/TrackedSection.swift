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
    public var fullWidth: Double?
    /// A policy for this section alone, overriding the engine's.
    public var policy: ImpressionPolicy?
    /// Cells inside scroll containers (a carousel's cards), each in its container's
    /// content coordinates; see ``ScrollContainer``.
    public var nestedCells: [NestedCell]
    /// Loaded, hidden and opacity; `nil` while all are at their defaults.
    var display: DisplayState?

    /// Whether the section's content has loaded (the MRC's mobile guideline: measurement
    /// starts once the ad is fully loaded; AMP's `waitFor`); `true` by default.
    ///
    /// A section that is not loaded is not visible, whatever shows of it: its samples do
    /// not count, and a run open when it becomes not loaded ends there. It changes with a
    /// new layout, or alone, an ad that finished loading
    /// (``ImpressionEngine/setSectionState(_:isLoaded:opacity:isHidden:)``).
    public var isLoaded: Bool {
        get { display?.isLoaded ?? true }
        set { display = DisplayState.updating(display) { $0.isLoaded = newValue } }
    }

    /// The section's opacity (its view's alpha), in `0...1`; 1 by default.
    ///
    /// Matters only under a policy with a ``ImpressionPolicy/minimumOpacity``: each cell's
    /// effective opacity, this times the opacity of every ``ScrollContainer`` up its
    /// chain, must reach it for the cell to count. A value outside `0...1` makes the
    /// layout fail with ``InputError/Code/invalidOpacity``.
    public var opacity: Double {
        get { display?.opacity ?? 1 }
        set { display = DisplayState.updating(display) { $0.opacity = newValue } }
    }

    /// Whether the section is hidden (its view's `isHidden`); `false` by default. A
    /// hidden section is never visible, whatever the policy.
    public var isHidden: Bool {
        get { display?.isHidden ?? false }
        set { display = DisplayState.updating(display) { $0.isHidden = newValue } }
    }

    /// Creates a section with any of its fields; see the properties for what each
    /// means. Every field left out keeps its default: no cells, the denominators taken
    /// from the cells, the engine's policy, loaded, opaque and shown.
    ///
    /// ```swift
    /// let ad = TrackedSection(id: "ad-3", cells: [Rect(x: 0, y: 900, width: 390, height: 250)],
    ///                         policy: .mrcDisplay, isLoaded: false)
    /// ```
    public init(id: ID, cells: [Rect] = [], nestedCells: [NestedCell] = [], fullHeight: Double? = nil,
                fullArea: Double? = nil, fullWidth: Double? = nil, policy: ImpressionPolicy? = nil,
                isLoaded: Bool = true, opacity: Double = 1, isHidden: Bool = false) {
        self.id = id
        self.cells = cells
        self.nestedCells = nestedCells
        self.fullHeight = fullHeight
        self.fullArea = fullArea
        self.fullWidth = fullWidth
        self.policy = policy
        display = DisplayState.of(isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
    }
}

extension TrackedSection: Equatable where ID: Equatable {}
extension TrackedSection: Hashable where ID: Hashable {}
extension TrackedSection: Codable where ID: Codable {}
