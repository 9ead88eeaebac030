/// The validated scroll containers of a layout, indexed densely, with their offsets.
///
/// Moving a cell into root coordinates walks its container chain (a few levels in real
/// screens), so a new content offset costs O(1) and nothing is cached to invalidate.
struct ContainerTree: Sendable {
    /// What the tree keeps of one container, together: walking a chain reads all of it
    /// per level, and a layout allocates one table for its containers, not one per field.
    private struct Node: Sendable {
        var frame: Rect
        /// What the container clips its cells to: its frame inset by its clip insets.
        var clipBounds: Rect
        var offset: Point
        /// `nil` for the root content.
        var parent: Int?
        /// The outermost ancestor (itself when top-level): its clip bounds, in root
        /// coordinates, bound everything the container can ever show.
        var outermost: Int
    }

    private(set) var ids: [String] = []
    private var nodes: [Node] = []
    /// The index of each id, for a layout of more than ``SlotsByID/scanLimit`` containers;
    /// empty for fewer, whose ids are scanned: a carousel or two per layout is found in a
    /// comparison or two, without hashing its id or allocating a table.
    private var indicesByID: [String: Int] = [:]

    init() {}

    /// Validates `containers`.
    ///
    /// - Throws: ``InputError`` for a duplicate id, an unknown parent, a cycle, or a
    ///   frame or offset that is not finite (or a negative frame size).
    init(_ containers: [ScrollContainer]) throws(InputError) {
        guard !containers.isEmpty else { return }
        // Each table at its size from the start: grown by doubling, a layout's few
        // containers would allocate every table several times over.
        ids.reserveCapacity(containers.count)
        nodes.reserveCapacity(containers.count)
        let hashes = containers.count > SlotsByID<String>.scanLimit
        if hashes { indicesByID.reserveRoom(for: containers.count) }
        for (index, container) in containers.enumerated() {
            guard container.frame.isValid else {
                throw .invalidContainerFrame(container.frame, container: container.id)
            }
            guard container.contentOffset.isFinite else {
                throw .invalidContentOffset(container.contentOffset, container: container.id)
            }
            guard container.clipInsets.isFinite else {
                throw .invalidClipInsets(container.clipInsets, container: container.id)
            }
            guard container.opacity >= 0, container.opacity <= 1 else {
                throw .invalidContainerOpacity(container.opacity, container: container.id)
            }
            if hashes ? indicesByID.updateValue(index, forKey: container.id) != nil : ids.contains(container.id) {
                throw .duplicateContainerID(container.id)
            }
            ids.append(container.id)
            nodes.append(Node(frame: container.frame, clipBounds: container.frame.inset(by: container.clipInsets),
                              offset: container.contentOffset, parent: nil, outermost: index))
        }
        for (index, container) in containers.enumerated() {
            guard let parentID = container.parentID else { continue }
            guard let parent = self.index(ofContainer: parentID) else {
                throw .unknownParentContainer(parentID, container: container.id)
            }
            nodes[index].parent = parent
        }
        for start in 0..<containers.count {
            var node = start
            var depth = 0
            while let parent = nodes[node].parent {
                node = parent
                depth += 1
                // A chain longer than the number of containers must loop.
                if depth > containers.count {
                    throw .containerCycle(ids[start])
                }
            }
            nodes[start].outermost = node
        }
    }

    /// The index of the container `id`, or `nil` for an id not in the layout.
    func index(ofContainer id: String) -> Int? {
        indicesByID.isEmpty ? ids.firstIndex(of: id) : indicesByID[id]
    }

    /// Each container's content offset, by index.
    var offsets: [Point] { nodes.map(\.offset) }

    mutating func setOffset(_ offset: Point, ofContainer index: Int) {
        nodes[index].offset = offset
    }

    /// The part of `rect` (in the content coordinates of `container`) left visible by
    /// the chain of containers, in root content coordinates, or the container that hid
    /// it entirely (`nil` when a part shows).
    func clip(_ rect: Rect, inContainer container: Int) -> (part: Rect?, hiddenBy: Int?) {
        var part = rect
        var next: Int? = container
        while let node = next {
            part = moveToParent(part, from: node)
            guard let clipped = part.intersection(nodes[node].clipBounds) else { return (nil, node) }
            part = clipped
            next = nodes[node].parent
        }
        return (part, nil)
    }

    /// `rect` moved into root content coordinates through the chain, without clipping.
    func unclipped(_ rect: Rect, inContainer container: Int) -> Rect {
        var moved = rect
        var next: Int? = container
        while let node = next {
            moved = moveToParent(moved, from: node)
            next = nodes[node].parent
        }
        return moved
    }

    /// The effective opacity of `opacity` inside `container`, given each container's
    /// opacity and hidden flag by index (`displays`, not kept here: only a new layout needs
    /// them): times the opacity of every container up the chain, innermost first (the
    /// reference model multiplies in the same order, so both get the same bits); and the
    /// innermost hidden container on the chain, ``PackedIndex/none`` when none is hidden.
    func display(of opacity: Double, inContainer container: Int,
                 displays: [DisplayState]) -> (opacity: Double, hiddenBy: PackedIndex) {
        var effective = opacity
        var hiddenBy = PackedIndex.none
        var next: Int? = container
        while let node = next {
            effective *= displays[node].opacity
            if !hiddenBy.isSome && displays[node].isHidden { hiddenBy = PackedIndex(node) }
            next = nodes[node].parent
        }
        return (effective, hiddenBy)
    }

    /// The clip bounds, in root content coordinates, of the outermost ancestor of
    /// `container`: nothing in it shows outside them.
    func outerBounds(ofContainer container: Int) -> Rect {
        nodes[nodes[container].outermost].clipBounds
    }

    private func moveToParent(_ rect: Rect, from node: Int) -> Rect {
        let node = nodes[node]
        return rect.offsetBy(dx: node.frame.x - node.offset.x, dy: node.frame.y - node.offset.y)
    }
}
