/// An input the engine refused: a layout, viewport, insets, obstructions or content
/// offset it cannot work with. The engine keeps its previous state.
///
/// The message names the thing (the section by its id and position in the layout, or
/// the container by its id), the field and the value, e.g. `section "banner" (index 0):
/// cell 2 has a non-finite field: (0.0, nan, 10.0×10.0)`.
///
/// Compare ``code`` with the static members of ``Code`` to tell problems apart. It is a
/// struct, not an enum, so that new kinds of problem can be added without breaking a
/// `switch` in your code.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: an open set of values, compared with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The code's name, e.g. `nonFiniteCell`.
        public var description: String { name }

        /// A cell rect has a NaN or infinite field.
        public static let nonFiniteCell = Code("nonFiniteCell")
        /// A cell rect has a negative width or height.
        public static let negativeCellSize = Code("negativeCellSize")
        /// Two sections share an id.
        public static let duplicateSectionID = Code("duplicateSectionID")
        /// A section's `fullHeight` is negative or not finite.
        public static let invalidFullHeight = Code("invalidFullHeight")
        /// A section's `fullArea` is negative or not finite.
        public static let invalidFullArea = Code("invalidFullArea")
        /// A section's `fullWidth` is negative or not finite.
        public static let invalidFullWidth = Code("invalidFullWidth")
        /// A section's `opacity` is outside `0...1` or not finite.
        public static let invalidOpacity = Code("invalidOpacity")
        /// ``EngineInput/sectionState(_:isLoaded:opacity:isHidden:)`` names a section that
        /// is not in the layout.
        public static let unknownSection = Code("unknownSection")
        /// A scroll container's `opacity` is outside `0...1` or not finite.
        public static let invalidContainerOpacity = Code("invalidContainerOpacity")
        /// A section's own policy is invalid; see ``InputError/configurationError``.
        public static let invalidSectionPolicy = Code("invalidSectionPolicy")
        /// A nested cell has a non-finite field or a negative size.
        public static let invalidNestedCell = Code("invalidNestedCell")
        /// A nested cell names a container that is not in the layout.
        public static let unknownContainer = Code("unknownContainer")
        /// Two scroll containers share an id.
        public static let duplicateContainerID = Code("duplicateContainerID")
        /// A scroll container names a parent that is not in the layout.
        public static let unknownParentContainer = Code("unknownParentContainer")
        /// A scroll container is its own ancestor.
        public static let containerCycle = Code("containerCycle")
        /// A scroll container's frame has a non-finite field or a negative size.
        public static let invalidContainerFrame = Code("invalidContainerFrame")
        /// A content offset has a non-finite field.
        public static let invalidContentOffset = Code("invalidContentOffset")
        /// A scroll container's clip insets (``ScrollContainer/clipInsets``) are not finite.
        public static let invalidClipInsets = Code("invalidClipInsets")
        /// ``ImpressionEngine/setContentOffset(_:ofContainer:)`` named a container that is
        /// not in the layout.
        public static let noSuchContainer = Code("noSuchContainer")
        /// The viewport has a non-finite field or a negative size.
        public static let invalidViewport = Code("invalidViewport")
        /// A viewport inset is not finite.
        public static let invalidInsets = Code("invalidInsets")
        /// An obstruction has a non-finite field or a negative size.
        public static let invalidObstruction = Code("invalidObstruction")
        /// A friendly obstruction has a non-finite field, a negative size, or a
        /// reason longer than ``FriendlyObstruction/maximumReasonLength`` characters.
        public static let invalidFriendlyObstruction = Code("invalidFriendlyObstruction")
        /// A layout has more sections, cells (root and nested together) or scroll
        /// containers than `Int32.max`: the engine numbers each in 32 bits. ``field``
        /// names which (`sections`, `cells` or `containers`) and ``value`` the count.
        public static let layoutTooLarge = Code("layoutTooLarge")
    }

    /// Everything the error says, compared and hashed as a whole.
    private struct Fields: Hashable, Sendable {
        var code: Code
        var section: String?
        /// The section's id as a message shows it: quoted when it is a string.
        var quotedSection: String?
        var sectionIndex: Int?
        var container: String?
        var field: String
        var value: String
        var configurationError: ConfigurationError?
        var message: String
    }

    // Behind one reference, so that the error is one word wide: a function that can throw
    // it (typed throws) returns it in a register instead of through a buffer, and the
    // actor's inputs stay free of allocations when nothing is thrown.
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The kind of problem.
    public var code: Code { box.fields.code }
    /// The offending section's id as given, as text (`"ad"` for the id `"ad"`, `"3"` for
    /// the id `3`); `nil` when the problem is not a section's.
    public var section: String? { box.fields.section }
    /// The offending section's position in the layout.
    public var sectionIndex: Int? { box.fields.sectionIndex }
    /// The offending scroll container's id, for container problems.
    public var container: String? { box.fields.container }
    /// The field that was wrong, e.g. `cells[2]`, `fullHeight`, `viewport`, `frame`.
    public var field: String { box.fields.field }
    /// The offending value, as text.
    public var value: String { box.fields.value }
    /// The section policy's problem, for ``Code/invalidSectionPolicy``.
    public var configurationError: ConfigurationError? { box.fields.configurationError }
    /// The problem in words, with the value.
    private var message: String { box.fields.message }

    private init(_ code: Code, container: String? = nil, field: String, value: String, message: String,
                 configurationError: ConfigurationError? = nil) {
        box = Box(Fields(code: code, container: container, field: field, value: value,
                         configurationError: configurationError, message: message))
    }

    /// Whether two errors say the same: code, section, container, field, value and message.
    public static func == (lhs: InputError, rhs: InputError) -> Bool {
        lhs.box.fields == rhs.box.fields
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    /// A one-line message naming the section or container, the problem and the value.
    public var description: String {
        let subject: String
        if let section = box.fields.quotedSection {
            subject = "section \(section)" + (sectionIndex.map { " (index \($0)): " } ?? ": ")
        } else if let container {
            subject = "container \(String(reflecting: container)): "
        } else {
            subject = ""
        }
        return subject + message
    }

    /// This problem alone, without the section it was found in: what a factory such as
    /// `.nonFiniteCell(cellIndex: 1, rect)` makes, to compare with.
    var withoutSection: InputError {
        var fields = box.fields
        fields.section = nil
        fields.quotedSection = nil
        fields.sectionIndex = nil
        var error = self
        error.box = Box(fields)
        return error
    }

    /// This problem, found in the section `id` at `index` in the layout (`nil` for a
    /// section not in it).
    func inSection(_ id: some Hashable, at index: Int?) -> InputError {
        var fields = box.fields
        fields.section = String(describing: id)
        fields.quotedSection = String(reflecting: id)
        fields.sectionIndex = index
        var error = self
        error.box = Box(fields)
        return error
    }
}

// The factories: each kind of problem, its field, value and message in one place.
// Section problems are made without the section; `inSection(_:at:)` adds it.
extension InputError {
    static func nonFiniteCell(cellIndex: Int, _ rect: Rect) -> InputError {
        InputError(.nonFiniteCell, field: "cells[\(cellIndex)]", value: "\(rect)",
                   message: "cell \(cellIndex) has a non-finite field: \(rect)")
    }

    static func negativeCellSize(cellIndex: Int, _ rect: Rect) -> InputError {
        InputError(.negativeCellSize, field: "cells[\(cellIndex)]", value: "\(rect)",
                   message: "cell \(cellIndex) has a negative size: \(rect)")
    }

    static func duplicateSectionID(firstIndex: Int) -> InputError {
        InputError(.duplicateSectionID, field: "id", value: "index \(firstIndex)",
                   message: "duplicate id, already used by the section at index \(firstIndex)")
    }

    static func invalidFullHeight(_ value: Double) -> InputError {
        InputError(.invalidFullHeight, field: "fullHeight", value: "\(value)",
                   message: "fullHeight must be finite and not negative, got \(value)")
    }

    static func invalidFullArea(_ value: Double) -> InputError {
        InputError(.invalidFullArea, field: "fullArea", value: "\(value)",
                   message: "fullArea must be finite and not negative, got \(value)")
    }

    static func invalidFullWidth(_ value: Double) -> InputError {
        InputError(.invalidFullWidth, field: "fullWidth", value: "\(value)",
                   message: "fullWidth must be finite and not negative, got \(value)")
    }

    static func unknownSection(_ id: some Hashable) -> InputError {
        InputError(.unknownSection, field: "id", value: String(reflecting: id),
                   message: "not in the layout: a section's state changes only while it is laid out")
    }

    static func invalidOpacity(_ value: Double) -> InputError {
        InputError(.invalidOpacity, field: "opacity", value: "\(value)",
                   message: "opacity must be in 0...1, got \(value)")
    }

    static func invalidContainerOpacity(_ value: Double, container: String) -> InputError {
        InputError(.invalidContainerOpacity, container: container, field: "opacity", value: "\(value)",
                   message: "opacity must be in 0...1, got \(value)")
    }

    static func invalidSectionPolicy(_ error: ConfigurationError) -> InputError {
        InputError(.invalidSectionPolicy, field: "policy.\(error.field)", value: error.value,
                   message: "invalid policy: \(error)", configurationError: error)
    }

    static func invalidNestedCell(cellIndex: Int, _ rect: Rect) -> InputError {
        InputError(.invalidNestedCell, field: "nestedCells[\(cellIndex)]", value: "\(rect)",
                   message: "nested cell \(cellIndex) must be finite with a size that is not negative, got \(rect)")
    }

    static func unknownContainer(cellIndex: Int, containerID: String) -> InputError {
        InputError(.unknownContainer, field: "nestedCells[\(cellIndex)].containerID", value: String(reflecting: containerID),
                   message: "nested cell \(cellIndex) names an unknown container \(String(reflecting: containerID))")
    }

    static func duplicateContainerID(_ container: String) -> InputError {
        InputError(.duplicateContainerID, container: container, field: "id", value: String(reflecting: container),
                   message: "duplicate container id")
    }

    static func unknownParentContainer(_ parentID: String, container: String) -> InputError {
        InputError(.unknownParentContainer, container: container, field: "parentID", value: String(reflecting: parentID),
                   message: "unknown parent container \(String(reflecting: parentID))")
    }

    static func containerCycle(_ container: String) -> InputError {
        InputError(.containerCycle, container: container, field: "parentID", value: String(reflecting: container),
                   message: "the container is its own ancestor")
    }

    static func invalidContainerFrame(_ rect: Rect, container: String) -> InputError {
        InputError(.invalidContainerFrame, container: container, field: "frame", value: "\(rect)",
                   message: "frame must be finite with a size that is not negative, got \(rect)")
    }

    static func invalidContentOffset(_ offset: Point, container: String) -> InputError {
        InputError(.invalidContentOffset, container: container, field: "contentOffset", value: "(\(offset.x), \(offset.y))",
                   message: "content offset must be finite, got (\(offset.x), \(offset.y))")
    }

    static func invalidClipInsets(_ insets: Insets, container: String) -> InputError {
        InputError(.invalidClipInsets, container: container, field: "clipInsets", value: "\(insets)",
                   message: "clip insets must be finite, got \(insets)")
    }

    static func noSuchContainer(_ container: String) -> InputError {
        InputError(.noSuchContainer, container: container, field: "containerID", value: String(reflecting: container),
                   message: "no container with this id in the layout")
    }

    static func invalidViewport(_ rect: Rect) -> InputError {
        InputError(.invalidViewport, field: "viewport", value: "\(rect)",
                   message: "viewport must be finite with a size that is not negative, got \(rect)")
    }

    static func invalidInsets(_ insets: Insets) -> InputError {
        InputError(.invalidInsets, field: "viewportInsets", value: "\(insets)",
                   message: "viewport insets must be finite, got \(insets)")
    }

    /// `count` of `what` (`sections`, `cells` or `containers`), more than `maximum`.
    static func layoutTooLarge(_ what: String, count: Int, maximum: Int) -> InputError {
        InputError(.layoutTooLarge, field: what, value: "\(count)",
                   message: "the layout has \(count) \(what), more than the \(maximum) the engine can number")
    }

    static func invalidObstruction(index: Int, _ rect: Rect) -> InputError {
        InputError(.invalidObstruction, field: "obstructions[\(index)]", value: "\(rect)",
                   message: "obstruction \(index) must be finite with a size that is not negative, got \(rect)")
    }

    static func invalidFriendlyObstruction(index: Int, _ obstruction: FriendlyObstruction) -> InputError {
        if let reason = obstruction.detailedReason, reason.count > FriendlyObstruction.maximumReasonLength {
            return InputError(.invalidFriendlyObstruction, field: "friendlyObstructions[\(index)].detailedReason",
                              value: reason,
                              message: "friendly obstruction \(index) has a reason of \(reason.count) characters, "
                                  + "more than \(FriendlyObstruction.maximumReasonLength): \(reason)")
        }
        return InputError(.invalidFriendlyObstruction, field: "friendlyObstructions[\(index)].rect",
                          value: "\(obstruction.rect)",
                          message: "friendly obstruction \(index) must be finite with a size that is not negative, "
                              + "got \(obstruction.rect)")
    }
}
