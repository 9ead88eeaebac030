import ImpressionSimulation
import ImpressionTracking

/// One trace a run reads: a file, or the stretch of the spool file that the traces of
/// standard input were written to, one after another.
struct TraceSource: Sendable {
    /// How the run names it.
    var label: TraceLabel
    /// The file its bytes are in.
    var path: String
    /// Its bytes in that file; `nil` for the whole file.
    var bytes: Range<Int>?
    /// Why it cannot be replayed, found while it was cut from the stream (a line past
    /// the limit, whose bytes were dropped).
    var problem: String?

    /// Runs `body` with a reader of the trace's lines, numbered from 1 (the trace's own).
    ///
    /// - Returns: what `body` returns, or why the file cannot be opened.
    func withLines<Result>(maximumLineBytes: Int, chunkSize: Int = TraceLineReader.chunkSize,
                           _ body: (inout TraceLineReader) -> Result) -> Swift.Result<Result, FileAccessError> {
        let descriptor: Int32
        do throws(FileAccessError) {
            descriptor = try FileAccess.openForReading(path)
        } catch {
            return .failure(error)
        }
        defer { FileAccess.close(descriptor) }
        let bytes = bytes
        var offset = bytes?.lowerBound ?? 0
        var reader = TraceLineReader(maximumLineBytes: maximumLineBytes) { () throws(TraceError) -> [UInt8] in
            do throws(FileAccessError) {
                guard let bytes else { return try FileAccess.readChunk(descriptor, maximumBytes: chunkSize) }
                let chunk = try FileAccess.readChunk(descriptor, at: offset, maximumBytes: min(chunkSize, bytes.upperBound - offset))
                offset += chunk.count
                return chunk
            } catch {
                throw TraceError(line: 0, "cannot read the file: \(error)")
            }
        }
        return .success(body(&reader))
    }
}
