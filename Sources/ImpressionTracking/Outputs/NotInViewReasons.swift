/// Why part of a section is not in view at a sample, as a set: the `reasons` of a
/// ``VisibleGeometry``, in the OM SDK's words where it has them (its `Reason` values).
///
/// Empty when the whole section is in view, or when what is missing was never given
/// (a `fullHeight` larger than the cells reported).
public struct NotInViewReasons: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits.
    public var rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Some of a cell lies outside the viewport, or under its insets (OM: `viewport`).
    public static let viewport = NotInViewReasons(rawValue: 1 << 0)
    /// A scroll container cuts off some of a cell (OM: `clipped`). Each reason says what
    /// it cuts of the whole cell, so a card past both its carousel's edge and the
    /// screen's has both.
    public static let clipped = NotInViewReasons(rawValue: 1 << 1)
    /// An obstruction that is not friendly covers some of what shows (OM: `obstructed`).
    public static let obstructed = NotInViewReasons(rawValue: 1 << 2)
    /// The section is hidden, or some of its cells are in a hidden container or fully
    /// transparent (OM: `hidden`).
    public static let hidden = NotInViewReasons(rawValue: 1 << 3)
    /// The app is in the background (OM: `backgrounded`).
    public static let backgrounded = NotInViewReasons(rawValue: 1 << 4)
    /// The screen has disappeared, is covered by a modal or is refreshing. The OM SDK has
    /// no word for it.
    public static let inactive = NotInViewReasons(rawValue: 1 << 5)
    /// The section has not loaded (``ImpressionEngine/setSectionState(_:isLoaded:opacity:isHidden:)``).
    /// The OM SDK has no word for it: its ad view exists only once loaded.
    public static let notLoaded = NotInViewReasons(rawValue: 1 << 6)
    /// The section is no longer in the layout: the last change sent for it (OM: `notFound`).
    public static let notFound = NotInViewReasons(rawValue: 1 << 7)

    /// Every reason with its name, in a fixed order: what ``names`` and ``description`` use.
    public static let all: [(reason: NotInViewReasons, name: String)] = [
        (.viewport, "viewport"), (.clipped, "clipped"), (.obstructed, "obstructed"), (.hidden, "hidden"),
        (.backgrounded, "backgrounded"), (.inactive, "inactive"), (.notLoaded, "notLoaded"), (.notFound, "notFound"),
    ]

    /// The reasons' names in ``all``'s order: the OM SDK's `Reason` strings where it has
    /// them (`viewport`, `clipped`, `obstructed`, `hidden`, `backgrounded`, `notFound`),
    /// and `inactive` and `notLoaded`, which it has not.
    public var names: [String] {
        Self.all.filter { contains($0.reason) }.map(\.name)
    }

    /// The names joined by `, `, e.g. `viewport, obstructed`; `in view` when empty.
    public var description: String {
        isEmpty ? "in view" : names.joined(separator: ", ")
    }
}
