@testable import ImpressionSimulation
import Testing

@Suite("The trace's line reader")
struct TraceLineReaderTests {
    @Test("a line past the limit is refused without being held: at most one chunk beyond the limit is kept")
    func longLine() throws {
        var reader = TraceLineReader(bytes: Array(repeating: UInt8(ascii: "x"), count: 3_000_000) + [0x0A] + Array("ok".utf8),
                                     maximumLineBytes: 100)
        guard case .tooLong(1) = try reader.next() else { Issue.record("the long line was not refused"); return }
        guard case .text(2, let bytes) = try reader.next() else { Issue.record("the next line was lost"); return }
        #expect(bytes == Array("ok".utf8))
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
            while case .text(_, let bytes)? = try reader.next() { lines.append(String(decoding: bytes, as: UTF8.self)) }
            #expect(lines == ["first", "second line", "", "last"], "chunks of \(size)")
        }
        var failing = TraceLineReader(maximumLineBytes: 100) { () throws(TraceError) -> [UInt8] in
            throw TraceError(line: 0, "cannot read the trace: Is a directory")
        }
        #expect(throws: TraceError(line: 0, "cannot read the trace: Is a directory")) { try failing.next() }
    }
}
