import Testing
@testable import ImpressionTracking

/// ``ContainerTree`` scans the ids of a few containers and hashes those of more: both
/// ways must find the same containers and refuse the same trees.
@Suite("Container tree")
struct ContainerTreeTests {
    /// Counts on both sides of the scan limit.
    static let counts = [1, SlotsByID<String>.scanLimit, SlotsByID<String>.scanLimit + 1, 80]

    /// `count` containers, each but the first inside the one before it, 10 pt lower.
    static func chain(_ count: Int) -> [ScrollContainer] {
        (0..<count).map { index in
            ScrollContainer(id: "c\(index)", frame: Rect(x: 0, y: 10, width: 300, height: 200),
                            parentID: index == 0 ? nil : "c\(index - 1)", contentOffset: Point(x: Double(index), y: 0))
        }
    }

    @Test("every container is found by id, and moves cells through its whole chain", arguments: counts)
    func findsEveryContainer(count: Int) throws {
        let tree = try ContainerTree(Self.chain(count))
        for index in 0..<count {
            #expect(tree.index(ofContainer: "c\(index)") == index)
            let moved = tree.unclipped(Rect(x: 0, y: 0, width: 1, height: 1), inContainer: index)
            // Each level adds its frame's 10 pt down and takes its offset off x.
            #expect(moved.y == Double(10 * (index + 1)))
            #expect(moved.x == -Double((0...index).reduce(0, +)))
            #expect(tree.outerBounds(ofContainer: index) == Rect(x: 0, y: 10, width: 300, height: 200))
        }
        #expect(tree.index(ofContainer: "c\(count)") == nil)
        #expect(tree.offsets == (0..<count).map { Point(x: Double($0), y: 0) })
    }

    @Test("a duplicate id, an unknown parent and a cycle are refused, scanned or hashed", arguments: counts)
    func refusesBadTrees(count: Int) {
        var duplicate = Self.chain(count)
        duplicate.append(ScrollContainer(id: "c\(count - 1)", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        #expect(throws: InputError.duplicateContainerID("c\(count - 1)")) { try ContainerTree(duplicate) }
        var orphan = Self.chain(count)
        orphan.append(ScrollContainer(id: "orphan", frame: Rect(x: 0, y: 0, width: 1, height: 1), parentID: "nowhere"))
        #expect(throws: InputError.unknownParentContainer("nowhere", container: "orphan")) { try ContainerTree(orphan) }
        var loop = Self.chain(count)
        loop[0].parentID = "c\(count - 1)"
        #expect(throws: InputError.containerCycle("c0")) { try ContainerTree(loop) }
    }

    @Test("a content offset moves the container found by id, scanned or hashed", arguments: counts)
    func scrollsByID(count: Int) throws {
        var engine = try ImpressionEngine<Int>()
        try engine.setLayout([TrackedSection(id: 1, cells: [])], containers: Self.chain(count))
        try engine.setContentOffset(Point(x: 5, y: 7), ofContainer: "c\(count - 1)")
        #expect(engine.measureGroups.layout.geometry.containers.offsets.last == Point(x: 5, y: 7))
        #expect(throws: InputError.self) { try engine.setContentOffset(Point(x: 0, y: 0), ofContainer: "missing") }
    }
}
