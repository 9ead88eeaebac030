import ImpressionTracking

/// What a trace's inputs put on screen, for the sections a replayed session rendered:
/// the current layout's cells, its scroll containers with their content offsets, and
/// the viewport.
///
/// A section is on screen when one of its cells shares a positive area with the
/// viewport: a root cell as it is, a nested cell moved by its containers' content
/// offsets and clipped to their frames. That is the rule ``FeedLayout`` applies to a
/// generated feed's cells (a carousel's cards clipped to its row), so a generated
/// session and its trace render the same sections. Like it, the rule is geometry only:
/// insets, obstructions, opacity and the load gate change what the engine measures, not
/// what was drawn.
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
    /// The sections found on screen for the current state; `nil` once it changes.
    private var onScreen: [Int]?

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
        onScreen = nil
    }

    /// A new viewport.
    mutating func setViewport(_ rect: Rect) {
        viewport = rect
        onScreen = nil
    }

    /// A container scrolled.
    mutating func setContentOffset(_ offset: Point, ofContainer id: String) {
        guard let index = containerIndex[id] else { return }
        containers[index].contentOffset = offset
        placements = nil
        onScreen = nil
    }

    /// Appends the sections on screen now, in layout order.
    mutating func appendOnScreen(to result: inout [Int]) {
        if let onScreen {
            result.append(contentsOf: onScreen)
            return
        }
        var found: [Int] = []
        if let viewport {
            if placements == nil { placements = Self.placements(of: containers, index: containerIndex) }
            for section in sections where shows(section, in: viewport) { found.append(section.id) }
        }
        onScreen = found
        result.append(contentsOf: found)
    }

    private func shows(_ section: (id: Int, cells: [Rect], nested: [(container: Int, frame: Rect)]), in viewport: Rect) -> Bool {
        if section.cells.contains(where: { $0.intersects(viewport) }) { return true }
        guard let placements else { return false }
        return section.nested.contains { cell in
            guard let clip = placements[cell.container].clip else { return false }
            let origin = placements[cell.container].origin
            let frame = Rect(x: origin.x + cell.frame.x, y: origin.y + cell.frame.y,
                             width: cell.frame.width, height: cell.frame.height)
            return frame.intersection(clip)?.intersects(viewport) ?? false
        }
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
