/// The numbers a run of recorded traces gives section ids: a feed's sections keep their
/// positions (`0..<feedCount`), so that they count by position and kind as in a
/// simulation; any other id is numbered after them, in the order the sessions met it.
///
/// Those numbers depend on which sessions a worker replayed, so a tally that holds them
/// also holds its catalog, and tallies join by id (``SimulationTally/append(_:)``).
package struct SectionCatalog: Sendable {
    /// The feed's ids and positions, shared by every worker's catalog.
    package let feedPositions: [String: Int]
    let feedCount: Int
    /// The ids met outside the feed, numbered from `feedCount`.
    package private(set) var extraIDs: [String] = []
    private var extraNumbers: [String: Int] = [:]

    /// A catalog of `feed`'s ids.
    package init(feed: Feed) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(feed.sections.count)
        for section in feed.sections where positions[section.id] == nil { positions[section.id] = section.index }
        feedPositions = positions
        feedCount = feed.sections.count
    }

    /// An empty catalog over the same feed, for another worker.
    package func emptied() -> SectionCatalog {
        var catalog = self
        catalog.extraIDs = []
        catalog.extraNumbers = [:]
        return catalog
    }

    /// The number of `id`, given one if it has none yet.
    package mutating func number(of id: String) -> Int {
        if let position = feedPositions[id] { return position }
        if let number = extraNumbers[id] { return number }
        let number = feedCount + extraIDs.count
        extraIDs.append(id)
        extraNumbers[id] = number
        return number
    }
}
