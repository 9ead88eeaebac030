/// What a section shows at a sample, in numbers: where it is on screen, how much of it
/// is in view by height, width and area, its pixels (points²) in view, the integer
/// percentage in view as the OM SDK reports it, the obstructions over it, and why the
/// rest is not in view.
///
/// ``ImpressionTracker/geometryChanges(bufferingPolicy:)`` sends one at every sample at
/// which any of these values changes for a section, and one when the section leaves
/// the layout (``reasons`` then ``NotInViewReasons/notFound``); ``ImpressionEngine``
/// hands them out through ``ImpressionEngine/takeGeometryChanges()``. The field names
/// follow the OM SDK's `geometryChange` event data (`percentageInView`, `pixelsInView`,
/// `onScreenGeometry`, `obstructions`, `friendlyObstructions`, `reasons`).
///
/// **Screen coordinates** are the viewport's: the viewport's origin is `(0, 0)`,
/// whatever the content's scroll position, as obstructions are given.
///
/// The fractions are what the section's cells show against its full size
/// (`fullHeight`, `fullWidth`, `fullArea` when given, else those of its cells, as a
/// policy measures them without a large-section rule): cells moved through their
/// containers, clipped by each and by the viewport less its insets, less the
/// obstructions that are not friendly. Friendly obstructions are listed and take
/// nothing away. While the tracker is inactive, or the section is not loaded or hidden,
/// nothing is in view: the fractions are 0 and ``reasons`` says why.
public struct VisibleGeometry<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The section.
    public var sectionID: ID
    /// Tracker time of the sample at which these values took effect.
    public var time: Duration
    /// The bounding box of the section's cells on screen, moved through their containers
    /// but not clipped: OM's `geometry`. `nil` without a viewport, cells, or once the
    /// section has left the layout.
    public var frame: Rect?
    /// The bounding box of what is in view, on screen: OM's `onScreenGeometry`. `nil`
    /// when nothing is.
    public var onScreenFrame: Rect?
    /// The height of ``onScreenFrame`` over the section's full height, in `0...1`.
    public var heightFraction: Double
    /// The width of ``onScreenFrame`` over the section's full width, in `0...1`.
    public var widthFraction: Double
    /// ``pixelsInView`` over the section's full area, in `0...1`.
    public var areaFraction: Double
    /// The area in view, in points², overlaps counted once: OM's `pixelsInView`.
    public var pixelsInView: Double
    /// ``areaFraction`` as a whole percent, floored (a percent within 10⁻⁹ of it counts
    /// as reached): OM's `percentageInView`.
    public var percentageInView: Int
    /// The obstructions that are not friendly and cover some of the section's visible
    /// part, on screen, in the order given: OM's `onScreenGeometry.obstructions`.
    public var obstructions: [Rect]
    /// The friendly obstructions over some of the section's visible part, in the order
    /// given; they take nothing away.
    public var friendlyObstructions: [FriendlyObstruction]
    /// Why the rest is not in view; see ``NotInViewReasons``.
    public var reasons: NotInViewReasons

    /// A geometry with every value given; the fractions are not checked.
    ///
    /// - Parameters:
    ///   - sectionID: the section.
    ///   - time: tracker time of the sample.
    ///   - frame: the section's cells' bounding box on screen, unclipped.
    ///   - onScreenFrame: the bounding box of what is in view, on screen.
    ///   - heightFraction: the visible height over the full height.
    ///   - widthFraction: the visible width over the full width.
    ///   - areaFraction: the visible area over the full area.
    ///   - pixelsInView: the visible area in points².
    ///   - percentageInView: the floored whole percent of `areaFraction`.
    ///   - obstructions: the obstructions over the visible part.
    ///   - friendlyObstructions: the friendly obstructions over the visible part.
    ///   - reasons: why the rest is not in view.
    public init(sectionID: ID, time: Duration, frame: Rect? = nil, onScreenFrame: Rect? = nil,
                heightFraction: Double = 0, widthFraction: Double = 0, areaFraction: Double = 0,
                pixelsInView: Double = 0, percentageInView: Int = 0, obstructions: [Rect] = [],
                friendlyObstructions: [FriendlyObstruction] = [], reasons: NotInViewReasons = []) {
        self.sectionID = sectionID
        self.time = time
        self.frame = frame
        self.onScreenFrame = onScreenFrame
        self.heightFraction = heightFraction
        self.widthFraction = widthFraction
        self.areaFraction = areaFraction
        self.pixelsInView = pixelsInView
        self.percentageInView = percentageInView
        self.obstructions = obstructions
        self.friendlyObstructions = friendlyObstructions
        self.reasons = reasons
    }

    /// Whether this is the change sent when the section left the layout.
    public var hasLeft: Bool { reasons.contains(.notFound) }

    /// OM's `percentageInView` of `areaFraction`: the largest whole percent not above
    /// it, a percent within 10⁻⁹ of it counting as reached (as
    /// ``ImpressionPolicy/Rounding/floorToPercent`` rounds).
    public static func percentage(ofAreaFraction areaFraction: Double) -> Int {
        Int(ImpressionPolicy.Rounding.floorToPercent.rounded(min(1, max(0, areaFraction))) * 100 + 0.5)
    }

    /// Whether `other` says the same as this in everything but ``time``: what decides
    /// whether a sample sends a change.
    public func hasSameValues(as other: VisibleGeometry<ID>) -> Bool {
        var other = other
        other.time = time
        return self == other
    }
}
