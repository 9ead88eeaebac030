/// A scroll container inside the content (a carousel, a nested scroll view): it moves
/// its cells by its content offset and clips them to its frame.
///
/// Containers nest: a container's frame is in its parent's content coordinates (the
/// root content when ``parentID`` is `nil`). A cell inside one is a ``NestedCell``; its
/// visible part is clipped by every container up the chain, then by the viewport, as
/// IntersectionObserver clips through every scrolling ancestor. Scrolling a container is
/// ``ImpressionEngine/setContentOffset(_:ofContainer:)``, not a new layout.
public struct ScrollContainer: Sendable, Hashable {
    /// The container's identity, unique within a layout.
    public var id: String
    /// The visible bounds of the container in its parent's content coordinates.
    public var frame: Rect
    /// The enclosing container, or `nil` for the root content.
    public var parentID: String?
    /// How far its content is scrolled: content at `contentOffset` shows at the
    /// container's top-left corner.
    public var contentOffset: Point
    /// Insets of the bounds it clips its cells to, from its frame (IntersectionObserver's
    /// `scrollMargin`, with the sign reversed): positive shrinks what it shows, negative
    /// grows it (content just outside a carousel counts as in it), percentages are of the
    /// frame's size. Zero, the default, clips to the frame.
    public var clipInsets: Insets
    /// Opacity and hidden; `nil` while both are at their defaults.
    var display: DisplayState?

    /// The container's opacity (its view's alpha), in `0...1`; 1 by default. It
    /// multiplies the effective opacity of every cell inside it, nested containers
    /// included (see ``ImpressionPolicy/minimumOpacity``).
    public var opacity: Double {
        get { display?.opacity ?? 1 }
        set { display = DisplayState.updating(display) { $0.opacity = newValue } }
    }

    /// Whether the container is hidden; `false` by default. The cells inside it, nested
    /// containers included, count for nothing (ImpressionKit's hidden ancestors).
    public var isHidden: Bool {
        get { display?.isHidden ?? false }
        set { display = DisplayState.updating(display) { $0.isHidden = newValue } }
    }

    /// Creates a container with any of its fields; see the properties for what each
    /// means. Every field left out keeps its default: in the root content, not scrolled,
    /// clipping to its frame, opaque and shown.
    public init(id: String, frame: Rect, parentID: String? = nil, contentOffset: Point = .zero,
                clipInsets: Insets = .zero, opacity: Double = 1, isHidden: Bool = false) {
        self.id = id
        self.frame = frame
        self.parentID = parentID
        self.contentOffset = contentOffset
        self.clipInsets = clipInsets
        display = DisplayState.of(isLoaded: true, opacity: opacity, isHidden: isHidden)
    }
}

/// A cell inside a ``ScrollContainer``, in that container's content coordinates.
public struct NestedCell: Sendable, Hashable, Codable {
    /// The container the cell scrolls in.
    public var containerID: String
    /// The cell's frame in the container's content coordinates.
    public var frame: Rect

    /// Creates a nested cell.
    public init(containerID: String, frame: Rect) {
        self.containerID = containerID
        self.frame = frame
    }
}

extension ScrollContainer: Codable {
    private enum CodingKeys: String, CodingKey { case id, frame, parentID, contentOffset, clipInsets, display }

    /// Decodes a container; `clipInsets` and its display (opacity, hidden) may be absent,
    /// and then take their defaults.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try fields.decode(String.self, forKey: .id), frame: try fields.decode(Rect.self, forKey: .frame),
                  parentID: try fields.decodeIfPresent(String.self, forKey: .parentID),
                  contentOffset: try fields.decode(Point.self, forKey: .contentOffset),
                  clipInsets: try fields.decodeIfPresent(Insets.self, forKey: .clipInsets) ?? .zero)
        display = try fields.decodeIfPresent(DisplayState.self, forKey: .display)
    }

    /// Encodes a container, with `clipInsets` and its display only when not at their defaults.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(frame, forKey: .frame)
        try fields.encodeIfPresent(parentID, forKey: .parentID)
        try fields.encode(contentOffset, forKey: .contentOffset)
        if clipInsets != .zero { try fields.encode(clipInsets, forKey: .clipInsets) }
        try fields.encodeIfPresent(display, forKey: .display)
    }
}
