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
}
