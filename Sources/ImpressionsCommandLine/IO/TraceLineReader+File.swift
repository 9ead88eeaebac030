import ImpressionSimulation
import ImpressionTracking

extension TraceLineReader {
    /// Opens `path` (`-`: the command's standard input), hands `body` a reader of its
    /// lines in chunks of `chunkSize` bytes, and closes the file after.
    ///
    /// - Returns: what `body` returns, or why the file could not be opened.
    static func withFile<Result>(_ path: String, maximumLineBytes: Int, io: some CommandIO, chunkSize: Int = TraceLineReader.chunkSize,
                                 _ body: (inout TraceLineReader) -> Result) -> Swift.Result<Result, FileAccessError> {
        let descriptor: Int32
        if path == "-" {
            descriptor = io.inputDescriptor
        } else {
            do throws(FileAccessError) {
                descriptor = try FileAccess.openForReading(path)
            } catch {
                return .failure(error)
            }
        }
        defer { if path != "-" { FileAccess.close(descriptor) } }
        var reader = TraceLineReader(maximumLineBytes: maximumLineBytes) { () throws(TraceError) -> [UInt8] in
            do throws(FileAccessError) {
                return try FileAccess.readChunk(descriptor, maximumBytes: chunkSize)
            } catch {
                throw TraceError(line: 0, "cannot read the file: \(error)")
            }
        }
        return .success(body(&reader))
    }

    /// Hands every line within the limit to `handle`, with its number. A line past the
    /// limit, or one `handle` refuses, stops the reading with its error; with
    /// `keepGoing` it is appended to `skipped` instead.
    ///
    /// - Returns: the error that stopped the reading, or `nil` at the end of the input.
    mutating func forEachLine(maximumLineBytes: Int, keepGoing: Bool, skipped: inout [TraceError], lineCount: inout Int,
                              _ handle: (ArraySlice<UInt8>, _ lineNumber: Int) throws(TraceError) -> Void) -> TraceError? {
        while true {
            let next: Line?
            do throws(TraceError) {
                next = try self.next()
            } catch {
                return error
            }
            guard let line = next else { return nil }
            do throws(TraceError) {
                lineCount = line.number
                guard let bytes = line.text else {
                    throw TraceError.lineTooLong(line: line.number, limit: maximumLineBytes, option: "--max-line-bytes")
                }
                try handle(bytes, line.number)
            } catch {
                guard keepGoing else { return error }
                skipped.append(error)
            }
        }
    }
}
