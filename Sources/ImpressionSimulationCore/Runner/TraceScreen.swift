import ImpressionTracking

/// What a trace's inputs put on screen, for the sections a replayed session rendered:
/// the current layout's cells, its scroll containers with their content offsets, and
/// the viewport. Which sections are on screen is the rule of ``OnScreen``, which a
/// generated feed's sections are rendered by too; this type places nested cells by
/// their containers' content offsets and clips them to their containers' frames.
struct TraceScreen {
    /// The layout's sections: their ids, root cells, and nested cells with the index of
    /// their container (a cell of an unknown container is left out: the engine refuses it).
    private var sections: [(id: Int, cells: [Rect], nested: [(container: Int, frame: Rect)])] = []
    private var containers: [ScrollContainer] = []
    private var containerIndex: [String: Int] = [:]
    /// Per container, where its content's origin is in root coordinates and the part of
    /// the screen it shows (its frame clipped by its ancestors'); `nil` when invalid.
    private var placements: [(origin: Point, clip: Rect?)]?
    private var viewport: Rect?
    /// The sections found on screen for the current state, when `onScreenIsCurrent`.
    /// Kept when the state changes and refilled in place: found anew at most samples of
    /// a scroll, a new list would allocate and grow each time.
    private var onScreen: [Int] = []
    private var onScreenIsCurrent = false

    /// A new layout.
    mutating func setLayout(_ sections: [TrackedSection<Int>], containers: [ScrollContainer]) {
        self.containers = containers
        containerIndex = [:]
        for (index, container) in containers.enumerated() { containerIndex[container.id] = index }
        self.sections = sections.map { section in
            (section.id, section.cells, section.nestedCells.compactMap { cell in
                containerIndex[cell.containerID].map { ($0, cell.frame) }
            })
        }
        placements = nil
        onScreenIsCurrent = false
    }

    /// A new viewport.
    mutating func setViewport(_ rect: Rect) {
        viewport = rect
        onScreenIsCurrent = false
    }

    /// A container scrolled.
    mutating func setContentOffset(_ offset: Point, ofContainer id: String) {
        guard let index = containerIndex[id] else { return }
        containers[index].contentOffset = offset
        placements = nil
        onScreenIsCurrent = false
    }

    /// Appends the sections on screen now, in layout order.
    mutating func appendOnScreen(to result: inout [Int]) {
        if !onScreenIsCurrent {
            onScreen.removeAll(keepingCapacity: true)
            if let viewport {
                let placements = placements ?? Self.placements(of: containers, index: containerIndex)
                self.placements = placements
                for section in sections where Self.shows(section, placedBy: placements, in: viewport) {
                    onScreen.append(section.id)
                }
            }
            onScreenIsCurrent = true
        }
        result.append(contentsOf: onScreen)
    }

    /// Whether `section` is on screen, its nested cells placed by `placements`.
    private static func shows(_ section: (id: Int, cells: [Rect], nested: [(container: Int, frame: Rect)]),
                              placedBy placements: [(origin: Point, clip: Rect?)], in viewport: Rect) -> Bool {
        OnScreen.shows(cells: section.cells, nestedCells: section.nested.lazy.map { cell in
            let placement = placements[cell.container]
            return (frame: Rect(x: placement.origin.x + cell.frame.x, y: placement.origin.y + cell.frame.y,
                                width: cell.frame.width, height: cell.frame.height),
                    clip: placement.clip)
        }, in: viewport)
    }

    /// Each container's content origin and clip in root coordinates, parents first by
    /// recursion (the engine has refused cycles and missing parents before a layout
    /// gets here; a depth cap keeps a bad one from recursing forever all the same).
    private static func placements(of containers: [ScrollContainer],
                                   index: [String: Int]) -> [(origin: Point, clip: Rect?)] {
        var result = [(origin: Point, clip: Rect?)?](repeating: nil, count: containers.count)
        func place(_ position: Int, depth: Int) -> (origin: Point, clip: Rect?) {
            if let known = result[position] { return known }
            let container = containers[position]
            var frame = container.frame
            var clip: Rect? = frame
            if let parentID = container.parentID, let parent = index[parentID], depth < 64 {
                let placed = place(parent, depth: depth + 1)
                frame = Rect(x: placed.origin.x + frame.x, y: placed.origin.y + frame.y, width: frame.width, height: frame.height)
                clip = placed.clip.flatMap { frame.intersection($0) }
            }
            let placed = (origin: Point(x: frame.x - container.contentOffset.x, y: frame.y - container.contentOffset.y),
                          clip: clip)
            result[position] = placed
            return placed
        }
        return containers.indices.map { place($0, depth: 0) }
    }
}
