import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The trace's line reader")
struct TraceLineReaderTests {
    @Test("a line past the limit is refused without being held: at most one chunk beyond the limit is kept")
    func longLine() throws {
        var reader = TraceLineReader(bytes: Array(repeating: UInt8(ascii: "x"), count: 3_000_000) + [0x0A] + Array("ok".utf8),
                                     maximumLineBytes: 100)
        guard let line = try reader.next(), line.number == 1, line.isTooLong else { Issue.record("the long line was not refused"); return }
        guard let line = try reader.next(), line.number == 2, let bytes = line.text else { Issue.record("the next line was lost"); return }
        #expect(Array(bytes) == Array("ok".utf8))
        #expect(try reader.next() == nil)
    }

    @Test("chunks handed in by the caller split into the same lines, whatever their sizes; a read error ends the reading")
    func chunks() throws {
        let text = Array("first\r\nsecond line\n\nlast".utf8)
        for size in [1, 2, 3, 7, 100] {
            var rest = text[...]
            var reader = TraceLineReader(maximumLineBytes: 100) { () throws(TraceError) -> [UInt8] in
                defer { rest = rest.dropFirst(size) }
                return Array(rest.prefix(size))
            }
            var lines: [String] = []
            while let bytes = try reader.next()?.text { lines.append(String(decoding: bytes, as: UTF8.self)) }
            #expect(lines == ["first", "second line", "", "last"], "chunks of \(size)")
        }
        var failing = TraceLineReader(maximumLineBytes: 100) { () throws(TraceError) -> [UInt8] in
            throw TraceError(line: 0, "cannot read the trace: Is a directory")
        }
        #expect(throws: TraceError(line: 0, "cannot read the trace: Is a directory")) { try failing.next() }
    }

    @Test("the digest of the lines read: the same for CRLF, for a missing last newline and for any chunk size; another for any other lines")
    func digest() throws {
        func digest(_ text: String, limit: Int = 100, chunk: Int = 5) throws -> TraceLineDigest {
            var rest = Array(text.utf8)[...]
            var reader = TraceLineReader(maximumLineBytes: limit) { () throws(TraceError) -> [UInt8] in
                defer { rest = rest.dropFirst(chunk) }
                return Array(rest.prefix(chunk))
            }
            reader.digest = TraceLineDigest()
            while try reader.next() != nil {}
            return try #require(reader.digest)
        }
        let text = "{\"format\":\"impressions-trace\"}\nsecond line, longer than eight\n\nlast"
        let base = try digest(text)
        #expect(base.lines == 4)
        #expect(try digest(text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n") == base)
        #expect(try digest(text + "\n", chunk: 1) == base)
        #expect(try digest(text, chunk: 1000) == base)
        let others = [
            text.replacingOccurrences(of: "second", with: "secund"),  // a byte in a line's first eight
            text.replacingOccurrences(of: "eight", with: "eighth"),  // a line longer
            text.replacingOccurrences(of: "last", with: "lasT"),  // a byte in a line's last few
            text.replacingOccurrences(of: "line, longer", with: "line,\nlonger"),  // a line split elsewhere
            text + "\n\n",  // a blank line more
        ]
        for other in others { #expect(try digest(other) != base, "\(other)") }
        // A line past the limit counts by its place, not its bytes.
        let long = try digest(text, limit: 10)
        #expect(long.lines == 4 && long != base)
        #expect(try digest(text.replacingOccurrences(of: "second", with: "secund"), limit: 10) == long)
    }

    @Test("an endless line is refused as soon as it passes the limit, after reading no more than the limit and a chunk")
    func endlessLine() throws {
        var chunksRead = 0
        var reader = TraceLineReader(maximumLineBytes: 100_000) { () throws(TraceError) -> [UInt8] in
            chunksRead += 1
            // Endless zeros, as `/dev/zero` gives: the input never ends and has no newline.
            return [UInt8](repeating: 0, count: 1000)
        }
        guard let line = try reader.next(), line.number == 1, line.isTooLong else { Issue.record("the endless line was not refused"); return }
        #expect(chunksRead == 101, "100,001 bytes of slack is passed by the 101st chunk of 1,000")
    }

    @Test("the rest of a refused line is skipped to its newline only when the next line is asked for")
    func skipsRestOnDemand() throws {
        var chunks = [Array("abcdefghij".utf8), Array("klmnop\nnext\n".utf8)][...]
        var chunksRead = 0
        var reader = TraceLineReader(maximumLineBytes: 4) { () throws(TraceError) -> [UInt8] in
            chunksRead += 1
            return chunks.popFirst() ?? []
        }
        guard let line = try reader.next(), line.number == 1, line.isTooLong else { Issue.record("the long line was not refused"); return }
        #expect(chunksRead == 1)
        guard let line = try reader.next(), line.number == 2, let bytes = line.text else { Issue.record("the next line was lost"); return }
        #expect(Array(bytes) == Array("next".utf8))
        #expect(try reader.next() == nil)
    }

    @Test("random bytes in chunks of every size from 1 to 40: the lines are what splitting at newlines gives, a `\\r` before a newline dropped, whether a line lies in one chunk or spans several")
    func linesAcrossChunks() throws {
        var random = SplitMix64(seed: 11, stream: 3)
        for chunkSize in 1...40 {
            // Newlines, carriage returns and other bytes, newlines at every offset of an 8-byte word.
            let bytes = (0..<(200 + random.nextInt(below: 200))).map { _ -> UInt8 in
                switch random.nextInt(below: 10) {
                case 0: 0x0A
                case 1: 0x0D
                default: UInt8(truncatingIfNeeded: 0x20 + random.nextInt(below: 200))
                }
            }
            var expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                line.last == 0x0D ? Array(line.dropLast()) : Array(line)
            }
            if bytes.last == 0x0A { expected.removeLast() }
            var offset = 0
            var reader = TraceLineReader(maximumLineBytes: 1_000) { () throws(TraceError) -> [UInt8] in
                let chunk = Array(bytes[offset..<min(bytes.count, offset + chunkSize)])
                offset += chunk.count
                return chunk
            }
            var lines: [[UInt8]] = []
            while let next = try reader.next(), let line = next.text {
                #expect(next.number == lines.count + 1)
                lines.append(Array(line))
            }
            #expect(lines == expected, "chunks of \(chunkSize)")
        }
    }
}
