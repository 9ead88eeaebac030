/// An output file written while a run goes on, that exists under its path only once the
/// run has finished: what `--impressions-out` and `replay --geometry` write.
///
/// The text goes to a hidden file beside the path, created at once so that a path that
/// cannot be written fails before the run starts, naming it; ``finish()`` renames it over
/// the path. A run that fails (a bad trace, a write that fails) leaves no file that looks
/// like a run's output and is not, and any file the path named before is left as it was.
/// A file never finished is removed when this object goes.
///
/// Used from the task that runs the command, never from two at once. A write that fails
/// midway is kept and reported by ``finish()``; the text after it is dropped.
final class PartialFile {
    /// The path, as given.
    let path: String
    /// The file written until ``finish()`` renames it to ``path``.
    let partialPath: String
    /// The open file; `nil` once finished.
    private var descriptor: Int32?
    /// The first write that failed.
    private var failure: FileAccessError?
    /// The bytes written.
    private(set) var byteCount = 0

    /// Creates the hidden file beside `path`.
    ///
    /// - Throws: ``FileAccessError`` naming the path, when it cannot be written.
    init(path: String) throws(FileAccessError) {
        self.path = path
        (partialPath, descriptor) = try FileAccess.makeTemporaryFile(beside: path)
    }

    deinit {
        // Not finished: the run failed, and what it wrote is not a run's output.
        if let descriptor {
            FileAccess.close(descriptor)
            FileAccess.remove(partialPath)
        }
    }

    /// Appends `text` to the file.
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
    ///   what was written is then removed.
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
}
