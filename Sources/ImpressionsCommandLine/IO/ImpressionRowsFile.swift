import ImpressionSimulation
import ImpressionTracking

/// The file `--impressions-out` writes: a ``PartialFile``, created before the run starts
/// so that a path that cannot be written fails first, naming it; given the rows as the
/// run makes them (in session order), so that memory holds no more than a few chunks of
/// sessions' rows; renamed over its path when the run ends, and removed if it fails.
final class ImpressionRowsFile {
    /// The file, until ``finish()`` renames it to its path.
    private let file: PartialFile
    /// The rows' format, columns and policies, with no row: what a run's tallies fill.
    let rows: ImpressionRows

    /// The path, as given.
    var path: String { file.path }
    /// The rows' bytes written.
    var byteCount: Int { file.byteCount }

    /// Creates the file beside `path` the rows go to and writes its header: CSV's column names.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when it cannot be written.
    init(path: String, signals: Bool, policies: [NamedPolicy]) throws(FileAccessError) {
        // The flag checked the extension.
        rows = ImpressionRows(format: ImpressionRow.Format(path: path) ?? .jsonLines, signals: signals, policies: policies)
        file = try PartialFile(path: path)
        file.write(rows.header)
    }

    /// Appends `text` (whole rows) to the file.
    func write(_ text: String) { file.write(text) }

    /// Closes the file and renames it to its path.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when a write or the rename failed;
    ///   the rows written are then removed.
    func finish() throws(FileAccessError) { try file.finish() }

    /// The file at `path`, created with its header; `nil` without a path.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when it cannot be written.
    static func open(_ path: String?, signals: Bool, policies: [NamedPolicy]) throws(FileAccessError) -> ImpressionRowsFile? {
        guard let path else { return nil }
        return try ImpressionRowsFile(path: path, signals: signals, policies: policies)
    }
}
