import ImpressionSimulationCore
import ImpressionSimulationFormats

/// What differs between feeds A and B, section by section, so that an A/B report can say
/// what was compared before what it measured: the sections B moved, added and removed,
/// named by id.
///
/// Sections are matched by their id in the feed files. A section without one is known
/// only by its position (its id is that position), so it is not matched across feeds:
/// such sections are counted by kind instead. A section in both feeds at another position
/// is "moved"; the lists put the longest moves first. Positions are 1-based, as the
/// reports' `#position` labels write them.
package struct FeedDifference: Sendable, Hashable {
    /// A section in one feed: its id, kind and position.
    package struct Placed: Sendable, Hashable {
        package var id: String
        package var kind: SectionKind
        package var position: Int
    }

    /// A section in both feeds at another position.
    package struct Move: Sendable, Hashable {
        package var id: String
        package var kind: SectionKind
        package var from: Int
        package var to: Int
    }

    /// A section in both feeds that is of another kind in B.
    package struct KindChange: Sendable, Hashable {
        package var id: String
        package var from: SectionKind
        package var to: SectionKind
    }

    /// Each feed's number of sections, A then B.
    package var sectionCounts: (a: Int, b: Int)
    /// The sections in both at another position: the longest moves first, then in B's order.
    package var moved: [Move]
    /// The named sections only B has, in B's order.
    package var added: [Placed]
    /// The named sections only A has, in A's order.
    package var removed: [Placed]
    /// The sections in both whose kind differs.
    package var kindChanged: [KindChange]
    /// Each kind's number of sections, A then B, where they differ (every section,
    /// named or not), in `SectionKind.allCases` order.
    package var kindCounts: [(kind: SectionKind, a: Int, b: Int)]

    /// The difference of feed `b` from feed `a`.
    package init(a: Feed, b: Feed) {
        func named(_ feed: Feed) -> [FeedSection] { feed.sections.filter { $0.id != String($0.index) } }
        let namedA = named(a), namedB = named(b)
        let indexInB = Dictionary(namedB.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let idsInA = Set(namedA.map(\.id))
        let common = namedA.filter { indexInB[$0.id] != nil }
        moved = common.compactMap { section in
            let inB = indexInB[section.id]!
            return inB.index == section.index ? nil : Move(id: section.id, kind: inB.kind, from: section.index + 1, to: inB.index + 1)
        }.sorted { (($1.to - $1.from).magnitude, $0.to) < (($0.to - $0.from).magnitude, $1.to) }
        added = namedB.filter { !idsInA.contains($0.id) }.map { Placed(id: $0.id, kind: $0.kind, position: $0.index + 1) }
        removed = namedA.filter { indexInB[$0.id] == nil }.map { Placed(id: $0.id, kind: $0.kind, position: $0.index + 1) }
        kindChanged = common.compactMap { section in
            let to = indexInB[section.id]!.kind
            return to == section.kind ? nil : KindChange(id: section.id, from: section.kind, to: to)
        }
        sectionCounts = (a.sections.count, b.sections.count)
        kindCounts = SectionKind.allCases.compactMap { kind in
            let countA = a.sections.count { $0.kind == kind }, countB = b.sections.count { $0.kind == kind }
            return countA == countB ? nil : (kind, countA, countB)
        }
    }

    /// Whether B's sections are A's: none moved, added, removed or of another kind, and
    /// as many of each kind.
    package var isEmpty: Bool {
        moved.isEmpty && added.isEmpty && removed.isEmpty && kindChanged.isEmpty && kindCounts.isEmpty
            && sectionCounts.a == sectionCounts.b
    }

    package static func == (lhs: FeedDifference, rhs: FeedDifference) -> Bool {
        lhs.sectionCounts == rhs.sectionCounts && lhs.moved == rhs.moved
            && lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.kindChanged == rhs.kindChanged
            && lhs.kindCounts.elementsEqual(rhs.kindCounts) { $0.kind == $1.kind && $0.a == $1.a && $0.b == $1.b }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(moved)
        hasher.combine(added)
        hasher.combine(removed)
    }

    /// The difference in a few lines: what the text report and the page print first.
    /// Each list names at most `listed` sections, then says how many more.
    package func lines(listed: Int = 8) -> [String] {
        func list<T>(_ items: [T], _ text: (T) -> String) -> String {
            guard !items.isEmpty else { return "none" }
            let shown = items.prefix(listed).map(text).joined(separator: ", ")
            return shown + (items.count > listed ? ", and \(NumberFormatting.integer(items.count - listed)) more" : "")
                + " (\(NumberFormatting.integer(items.count)))"
        }
        guard !isEmpty else { return ["the same sections in the same order: the feeds differ only in their sections' sizes or content"] }
        var lines = ["moved: " + list(moved) { "\($0.id) #\($0.from) to #\($0.to)" }]
        lines.append("added: " + list(added) { "\($0.id) at #\($0.position)" })
        lines.append("removed: " + list(removed) { "\($0.id) from #\($0.position)" })
        if !kindChanged.isEmpty { lines.append("kind changed: " + list(kindChanged) { "\($0.id) \($0.from.name) to \($0.to.name)" }) }
        let counts = kindCounts.isEmpty ? "as many of each kind"
            : kindCounts.map { "\($0.kind.name) \(NumberFormatting.integer($0.a)) to \(NumberFormatting.integer($0.b))" }
                .joined(separator: ", ")
        lines.append("sections: \(NumberFormatting.integer(sectionCounts.a)) in A, \(NumberFormatting.integer(sectionCounts.b)) in B; "
            + counts + "; sections without an id are known by position only")
        return lines
    }
}
