#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import ucrt
#endif

/// Splits input into lines, taking it in chunks and never holding more than one line
/// of up to `maximumLineBytes` and one chunk: a longer line is reported as too long as
/// soon as it passes the limit, and its rest is skipped (up to its newline) only when
/// the next line is asked for.
///
/// Reporting at once is what keeps an endless line (`replay /dev/zero`, a stuck pipe)
/// from hanging a caller that stops at the first bad line.
///
/// It reads no files itself: the caller hands it chunks (the command line reads a file
/// descriptor ``chunkSize`` bytes at a time), or bytes in memory.
package struct TraceLineReader {
    /// One line, numbered from 1, without its `\n` (or `\r\n`).
    // An array and a range: the compiler destroys the optional line `next()` returns
    // through its type's generic witnesses, once a line for this shape, and two or three
    // times a line for an optional slice or an enum of a line and a line too long.
    package struct Line {
        /// The line's number, from 1.
        package var number: Int
        /// The chunk the line lies in, or its bytes put together when it lies across
        /// chunks; empty for a line past the limit.
        private var storage: [UInt8]
        /// Where the line lies in `storage`; `nil` for a line past the limit.
        private var range: Range<Int>?

        /// The line in `range` of `storage`.
        init(number: Int, in storage: [UInt8], at range: Range<Int>) {
            self.number = number
            (self.storage, self.range) = (storage, range)
        }

        /// Line `number`, past the limit.
        init(tooLong number: Int) {
            self.number = number
            (storage, range) = ([], nil)
        }

        /// Whether the line was past the limit, its bytes dropped.
        package var isTooLong: Bool { range == nil }

        /// The line's bytes when it is within the limit: a slice of the chunk it was read
        /// from when it lies within one, so that most lines are read without copying their
        /// bytes. `nil` for a line past the limit.
        package var text: ArraySlice<UInt8>? { range.map { storage[$0] } }
    }

    private enum Source {
        case chunks(() throws(TraceError) -> [UInt8])
        case bytes([UInt8], position: Int)
    }

    private var source: Source
    private let maximumLineBytes: Int
    private var chunk: [UInt8] = []
    private var chunkPosition = 0
    private var lineNumber = 0
    private var isAtEnd = false
    /// The line last reported too long has not been read to its newline yet.
    private var isSkippingLongLine = false
    /// Whether the line last returned ended the input without a newline: the usual shape
    /// of a file cut off mid-write, whose last line is then a part of one. Still so once
    /// ``next()`` has returned `nil` after it.
    package private(set) var lastLineIsUnterminated = false
    /// When set, every line ``next()`` returns is added to it: a digest of the lines a
    /// caller reads for another purpose, read once.
    package var digest: TraceLineDigest?
    /// The size of the chunks that bytes in memory are cut into, and a good size for
    /// the chunks of ``init(maximumLineBytes:nextChunk:)``.
    package static let chunkSize = 64 << 10

    /// Reads the chunks `nextChunk` returns, until it returns an empty one; an error it
    /// throws ends the reading with that error.
    package init(maximumLineBytes: Int, nextChunk: @escaping () throws(TraceError) -> [UInt8]) {
        source = .chunks(nextChunk)
        self.maximumLineBytes = max(0, maximumLineBytes)
    }

    /// Reads bytes in memory, by the same chunks, numbering lines from `firstLineNumber`
    /// (the lines of one trace of a stream keep their numbers in the stream).
    package init(bytes: [UInt8], maximumLineBytes: Int, firstLineNumber: Int = 1) {
        source = .bytes(bytes, position: 0)
        self.maximumLineBytes = max(0, maximumLineBytes)
        lineNumber = firstLineNumber - 1
    }

    /// The next line, or `nil` at the end of the input.
    ///
    /// - Throws: ``TraceError`` (line 0) when the input cannot be read.
    package mutating func next() throws(TraceError) -> Line? {
        let line = try readLine()
        if digest != nil, let line { digest!.add(line) }
        return line
    }

    /// ``next()``, without the digest.
    private mutating func readLine() throws(TraceError) -> Line? {
        if isSkippingLongLine {
            guard try skipToNewline() else { return nil }
        }
        var line: ArraySlice<UInt8> = []
        var sawAnything = false
        while true {
            if chunkPosition == chunk.count {
                guard try refill() else { break }
            }
            sawAnything = true
            if let newline = firstNewline() {
                // A line within one chunk is a range of it, with no bytes copied; one
                // across chunks is put together from its parts.
                let start = chunkPosition
                chunkPosition = newline + 1
                lineNumber += 1
                lastLineIsUnterminated = false
                if line.isEmpty { return finish(chunk, start..<newline) }
                line.append(contentsOf: chunk[start..<newline])
                return finish(Array(line))
            }
            line.append(contentsOf: chunk[chunkPosition...])
            chunkPosition = chunk.count
            // One byte of slack for a `\r` before the newline; past it, no newline can
            // save the line, so it is refused now instead of at its end.
            if line.count > maximumLineBytes + 1 {
                lineNumber += 1
                isSkippingLongLine = true
                lastLineIsUnterminated = false
                return Line(tooLong: lineNumber)
            }
        }
        guard sawAnything else { return nil }
        lineNumber += 1
        lastLineIsUnterminated = true
        return finish(Array(line))
    }

    /// Drops the rest of a line refused as too long; `false` when the input ended first.
    private mutating func skipToNewline() throws(TraceError) -> Bool {
        while true {
            if chunkPosition == chunk.count {
                guard try refill() else { return false }
            }
            if let newline = firstNewline() {
                chunkPosition = newline + 1
                isSkippingLongLine = false
                return true
            }
            chunkPosition = chunk.count
        }
    }

    /// The index in the chunk of the first newline at or after `chunkPosition`, if any.
    // The C library's `memchr`, which reads many bytes at a time, where a loop over the
    // slice tests one: every byte of the input goes through here.
    @inline(__always)
    private func firstNewline() -> Int? {
        chunk.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, chunkPosition < buffer.count else { return nil }
            guard let found = memchr(base + chunkPosition, 0x0A, buffer.count - chunkPosition) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The line in `range` of `storage`, without its `\r`, or a line too long.
    private func finish(_ storage: [UInt8], _ range: Range<Int>? = nil) -> Line {
        let range = range ?? storage.indices
        var end = range.upperBound
        if end > range.lowerBound, storage[end - 1] == 0x0D { end -= 1 }
        guard end - range.lowerBound <= maximumLineBytes else { return Line(tooLong: lineNumber) }
        return Line(number: lineNumber, in: storage, at: range.lowerBound..<end)
    }

    /// Reads the next chunk; `false` at the end of the input.
    private mutating func refill() throws(TraceError) -> Bool {
        guard !isAtEnd else { return false }
        chunkPosition = 0
        switch source {
        case .bytes(let bytes, let position):
            let end = min(bytes.count, position + Self.chunkSize)
            chunk = Array(bytes[position..<end])
            source = .bytes(bytes, position: end)
        case .chunks(let nextChunk):
            chunk = try nextChunk()
        }
        if chunk.isEmpty { isAtEnd = true }
        return !chunk.isEmpty
    }
}
