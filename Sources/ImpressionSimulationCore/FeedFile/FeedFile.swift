import ImpressionSimulationFormats
import ImpressionTracking

/// The app's own feed as a JSON file: `impressions simulate --feed FILE.json`.
///
/// An ordered list of sections (a kind for the reports, an id, a height, cells in the
/// section's coordinates, a carousel row of cards, a policy of its own), with blocks
/// repeated (`{"repeat": 200, "sections": [...]}`) and sections inserted every few
/// positions (`"insert": [{"every": 5, "section": {...}}]`). The format is described,
/// with an example, in `docs/feed-format.md`.
///
/// Reading checks every value and names the first bad one with its JSON path; nothing a
/// file holds can crash it or make it build more than ``maximumSections`` sections and
/// ``maximumCells`` cells. Unknown keys are errors, so that a typo never silently drops
/// a setting; keys starting with `_` are comments and ignored.
package enum FeedFile {
    /// The `format` every feed file declares.
    package static let formatName = "impressions-feed"
    /// The version of the format this library reads and writes.
    package static let currentVersion = 1
    /// The most sections a file may make, repeats and inserts included.
    package static let maximumSections = 1_000_000
    /// The most cells and cards a file may make, repeats and inserts included.
    package static let maximumCells = 5_000_000
    /// The most cells or cards one section may have.
    package static let maximumCellsPerSection = 10_000
    /// The largest coordinate or size, in points.
    package static let maximumLength = 100_000.0
    /// The most times a block may repeat.
    package static let maximumRepeat = 1_000_000

    /// Reads a feed file.
    ///
    /// - Throws: ``FileFormatError`` naming the first bad value by its JSON path.
    package static func decode(_ bytes: some Collection<UInt8>) throws(FileFormatError) -> Feed {
        let root = try JSONValue.parse(bytes)
        var reader = FeedFileReader()
        return try reader.feed(root)
    }
}

extension Feed {
    /// The feed a feed file describes (the format of `docs/feed-format.md`, the one
    /// `impressions simulate --feed` reads): an embedding simulator runs the app's own
    /// feed as the command line does.
    ///
    /// ```swift
    /// let bytes = try Data(contentsOf: URL(fileURLWithPath: "docs/feed-example.json"))
    /// let feed = try Feed(feedFile: bytes)
    /// let simulation = try Simulation(configuration: SimulationConfiguration(sessionCount: 100), feed: feed)
    /// print(simulation.runSerially().table())
    /// ```
    ///
    /// - Throws: ``SimulationError`` naming the first bad value by its JSON path:
    ///   `sections[3].height: must be positive, got -4`.
    public init(feedFile bytes: some Collection<UInt8>) throws(SimulationError) {
        do throws(FileFormatError) {
            self = try FeedFile.decode(bytes)
        } catch {
            throw SimulationError(error.description)
        }
    }
}
