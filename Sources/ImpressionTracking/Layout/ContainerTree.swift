/// The validated scroll containers of a layout, indexed densely, with their offsets.
///
/// Moving a cell into root coordinates walks its container chain (a few levels in real
/// screens), so a new content offset costs O(1) and nothing is cached to invalidate.
struct ContainerTree: Sendable {
    private(set) var ids: [String] = []
    private(set) var frames: [Rect] = []
    /// What each container clips its cells to: its frame inset by its clip insets.
    private(set) var clipBounds: [Rect] = []
    private(set) var parents: [Int?] = []     // nil for the root content
    private(set) var offsets: [Point] = []
    /// The outermost ancestor of each container (itself when top-level): its clip bounds,
    /// in root coordinates, bound everything the container can ever show.
    private(set) var outermost: [Int] = []
    private(set) var indicesByID: [String: Int] = [:]

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
        frames.reserveCapacity(containers.count)
        clipBounds.reserveCapacity(containers.count)
        offsets.reserveCapacity(containers.count)
        indicesByID.reserveRoom(for: containers.count)
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
            if indicesByID.updateValue(index, forKey: container.id) != nil {
                throw .duplicateContainerID(container.id)
            }
            ids.append(container.id)
            frames.append(container.frame)
            clipBounds.append(container.frame.inset(by: container.clipInsets))
            offsets.append(container.contentOffset)
        }
        parents.reserveCapacity(containers.count)
        for container in containers {
            guard let parentID = container.parentID else {
                parents.append(nil)
                continue
            }
            guard let parent = indicesByID[parentID] else {
                throw .unknownParentContainer(parentID, container: container.id)
            }
            parents.append(parent)
        }
        outermost = Array(count: containers.count, filledWith: 0)
        for start in 0..<containers.count {
            var node = start
            var depth = 0
            while let parent = parents[node] {
                node = parent
                depth += 1
                // A chain longer than the number of containers must loop.
                if depth > containers.count {
                    throw .containerCycle(ids[start])
                }
            }
            outermost[start] = node
        }
    }

    mutating func setOffset(_ offset: Point, ofContainer index: Int) {
        offsets[index] = offset
    }

    /// The part of `rect` (in the content coordinates of `container`) left visible by
    /// the chain of containers, in root content coordinates, or the container that hid
    /// it entirely (`nil` when a part shows).
    func clip(_ rect: Rect, inContainer container: Int) -> (part: Rect?, hiddenBy: Int?) {
        var part = rect
        var next: Int? = container
        while let node = next {
            part = moveToParent(part, from: node)
            guard let clipped = part.intersection(clipBounds[node]) else { return (nil, node) }
            part = clipped
            next = parents[node]
        }
        return (part, nil)
    }

    /// `rect` moved into root content coordinates through the chain, without clipping.
    func unclipped(_ rect: Rect, inContainer container: Int) -> Rect {
        var moved = rect
        var next: Int? = container
        while let node = next {
            moved = moveToParent(moved, from: node)
            next = parents[node]
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
            next = parents[node]
        }
        return (effective, hiddenBy)
    }

    /// The clip bounds, in root content coordinates, of the outermost ancestor of
    /// `container`: nothing in it shows outside them.
    func outerBounds(ofContainer container: Int) -> Rect {
        clipBounds[outermost[container]]
    }

    private func moveToParent(_ rect: Rect, from node: Int) -> Rect {
        rect.offsetBy(dx: frames[node].x - offsets[node].x, dy: frames[node].y - offsets[node].y)
    }
}
