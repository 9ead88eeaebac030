/// A layout or viewport the engine refused; the engine keeps its previous state.
///
/// The message names the section (by its id and its position in the layout) and the
/// problem with its value, e.g. `section "banner" (index 0): cell 2 has a non-finite
/// field: (0.0, nan, 10.0×10.0)`.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Hashable, Sendable {
        /// A cell rect has a NaN or infinite field.
        case nonFiniteCell(cellIndex: Int, Rect)
        /// A cell rect has a negative width or height.
        case negativeCellSize(cellIndex: Int, Rect)
        /// The id was already used by the section at `firstIndex`.
        case duplicateID(firstIndex: Int)
        /// `fullHeight` is negative or not finite.
        case invalidFullHeight(Double)
        /// `fullArea` is negative or not finite.
        case invalidFullArea(Double)
        /// The section's own policy is invalid.
        case invalidPolicy(ConfigurationError)
        /// The viewport has a non-finite field or a negative size.
        case invalidViewport(Rect)
        /// The engine's own configuration is invalid, so it accepts no input.
        case invalidConfiguration(ConfigurationError)
        /// A nested cell has a non-finite field or a negative size.
        case invalidNestedCell(cellIndex: Int, Rect)
        /// A nested cell names a container that is not in the layout.
        case unknownContainer(cellIndex: Int, containerID: String)
        /// Two containers share an id.
        case duplicateContainerID
        /// A container names a parent that is not in the layout.
        case unknownParentContainer(String)
        /// A container is its own ancestor.
        case containerCycle
        /// A container's frame has a non-finite field or a negative size.
        case invalidContainerFrame(Rect)
        /// A content offset has a non-finite field.
        case invalidContentOffset(Point)
        /// ``ImpressionEngine/setContentOffset(_:ofContainer:)`` named a container that
        /// is not in the layout.
        case noSuchContainer
        /// A viewport inset is not finite.
        case invalidInsets(EdgeInsets)
        /// An obstruction has a non-finite field or a negative size.
        case invalidObstruction(index: Int, Rect)
    }

    /// The offending section's id, as text; `nil` for viewport and configuration problems.
    public var section: String?
    /// The offending section's position in the layout.
    public var sectionIndex: Int?
    /// The offending scroll container's id, for container problems.
    public var container: String?
    /// What was wrong, with the value.
    public var problem: Problem

    /// Creates an error; the engine makes these.
    public init(section: String?, sectionIndex: Int?, container: String? = nil, problem: Problem) {
        self.section = section
        self.sectionIndex = sectionIndex
        self.container = container
        self.problem = problem
    }

    init(container: String, _ problem: Problem) {
        self.init(section: nil, sectionIndex: nil, container: container, problem: problem)
    }

    init(_ problem: Problem) {
        self.init(section: nil, sectionIndex: nil, problem: problem)
    }

    static func section<ID>(_ id: ID, at index: Int, _ problem: Problem) -> LayoutError {
        LayoutError(section: String(reflecting: id), sectionIndex: index, problem: problem)
    }

    /// A one-line message naming the section, the problem and the value.
    public var description: String {
        let subject: String
        if let section, let sectionIndex {
            subject = "section \(section) (index \(sectionIndex)): "
        } else if let container {
            subject = "container \(String(reflecting: container)): "
        } else {
            subject = ""
        }
        return subject + problemDescription
    }

    private var problemDescription: String {
        switch problem {
        case .nonFiniteCell(let cellIndex, let rect):
            "cell \(cellIndex) has a non-finite field: \(rect)"
        case .negativeCellSize(let cellIndex, let rect):
            "cell \(cellIndex) has a negative size: \(rect)"
        case .duplicateID(let firstIndex):
            "duplicate id, already used by the section at index \(firstIndex)"
        case .invalidFullHeight(let value):
            "fullHeight must be finite and not negative, got \(value)"
        case .invalidFullArea(let value):
            "fullArea must be finite and not negative, got \(value)"
        case .invalidPolicy(let error):
            "invalid policy: \(error)"
        case .invalidViewport(let rect):
            "viewport must be finite with a size that is not negative, got \(rect)"
        case .invalidConfiguration(let error):
            "the engine's configuration is invalid: \(error)"
        case .invalidNestedCell(let cellIndex, let rect):
            "nested cell \(cellIndex) must be finite with a size that is not negative, got \(rect)"
        case .unknownContainer(let cellIndex, let containerID):
            "nested cell \(cellIndex) names an unknown container \(String(reflecting: containerID))"
        case .duplicateContainerID:
            "duplicate container id"
        case .unknownParentContainer(let parentID):
            "unknown parent container \(String(reflecting: parentID))"
        case .containerCycle:
            "the container is its own ancestor"
        case .invalidContainerFrame(let rect):
            "frame must be finite with a size that is not negative, got \(rect)"
        case .invalidContentOffset(let offset):
            "content offset must be finite, got (\(offset.x), \(offset.y))"
        case .noSuchContainer:
            "no container with this id in the layout"
        case .invalidInsets(let insets):
            "viewport insets must be finite, got \(insets)"
        case .invalidObstruction(let index, let rect):
            "obstruction \(index) must be finite with a size that is not negative, got \(rect)"
        }
    }
}
