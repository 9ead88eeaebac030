import ImpressionSimulation
import ImpressionTracking

/// The file `--impressions-out` writes: created before the run starts, so that a path
/// that cannot be written fails first, naming it; given the rows as the run makes them
/// (in session order), so that memory holds no more than a few chunks of sessions' rows;
/// closed when the run ends.
///
/// The rows go to a hidden file beside the path, renamed over it by ``finish()``: a run
/// that fails (a bad trace, a write that fails) leaves no file that looks like a run's
/// rows and is not, and any file the path named before is left as it was. A file never
/// finished is removed when this object goes.
///
/// Used from the task that runs the command, never from two at once. A write that fails
/// midway is kept and reported by ``finish()``; the rows after it are dropped.
final class ImpressionRowsFile {
    /// The path, as given.
    let path: String
    /// The file the rows are written to until ``finish()`` renames it to ``path``.
    let partialPath: String
    /// The rows' format, columns and policies, with no row: what a run's tallies fill.
    let rows: ImpressionRows
    /// The open file; `nil` once finished.
    private var descriptor: Int32?
    /// The first write that failed.
    private var failure: FileAccessError?
    /// The rows' bytes written.
    private(set) var byteCount = 0

    /// Creates the file beside `path` the rows go to and writes its header: CSV's column names.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when it cannot be written.
    init(path: String, signals: Bool, policies: [NamedPolicy]) throws(FileAccessError) {
        self.path = path
        // The flag checked the extension.
        rows = ImpressionRows(format: ImpressionRow.Format(path: path) ?? .jsonLines, signals: signals, policies: policies)
        (partialPath, descriptor) = try FileAccess.makeTemporaryFile(beside: path)
        write(rows.header)
    }

    deinit {
        // Not finished: the run failed, and its rows are not a run's.
        if let descriptor {
            FileAccess.close(descriptor)
            FileAccess.remove(partialPath)
        }
    }

    /// Appends `text` (whole rows) to the file.
    func write(_ text: String) {
        guard failure == nil, let descriptor, !text.isEmpty else { return }
        do throws(FileAccessError) {
            try FileAccess.writeAll(Array(text.utf8), to: descriptor)
            byteCount += text.utf8.count
        } catch {
            failure = FileAccessError("cannot write \(path): \(error)")
        }
    }

    /// Closes the file and renames it to ``path``.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when a write or the rename failed;
    ///   the rows written are then removed.
    func finish() throws(FileAccessError) {
        guard let descriptor else { return }
        FileAccess.close(descriptor)
        self.descriptor = nil
        do throws(FileAccessError) {
            if let failure { throw failure }
            try FileAccess.rename(partialPath, to: path)
        } catch {
            FileAccess.remove(partialPath)
            throw error
        }
    }

    /// The file at `path`, created with its header; `nil` without a path.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when it cannot be written.
    static func open(_ path: String?, signals: Bool, policies: [NamedPolicy]) throws(FileAccessError) -> ImpressionRowsFile? {
        guard let path else { return nil }
        return try ImpressionRowsFile(path: path, signals: signals, policies: policies)
    }
}
