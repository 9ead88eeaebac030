import ImpressionSimulation
import ImpressionTracking

/// Cuts a stream of traces (`zcat day/*.gz | impressions simulate --traces -`) into its
/// traces: a trace runs from a header line to the line before the next header, or to
/// the end of the stream. Lines before the first header make a trace of their own, which
/// its replay refuses for its missing header.
///
/// A line is a header when it reads as one; only lines that hold `"format"` are tried,
/// so the other lines cost a scan for those bytes.
struct TraceStreamSplitter {
    /// One trace of the stream, its lines as they came.
    struct Trace: Sendable {
        /// `standard input, trace 3`.
        var name: String
        /// Its lines, each ended by a newline.
        var bytes: [UInt8]
        /// The number of its first line in the stream.
        var firstLine: Int
        /// Its header's interval, when its header reads.
        var sampleInterval: Duration?
        /// An earlier trace of the stream has its header's session id.
        var isDuplicate: Bool
        /// Why it cannot be replayed (a line past the limit, whose bytes were dropped).
        var problem: String?
    }

    private let limits: TraceLimits
    private var current: Trace?
    private var count = 0
    private var sessions: Set<String> = []

    init(limits: TraceLimits) {
        self.limits = limits
    }

    /// Takes the next line of the stream; returns the trace it ends, if it starts another.
    mutating func add(_ line: TraceLineReader.Line) -> [Trace] {
        switch line {
        case .tooLong(let number):
            if current == nil { start(at: number, header: nil) }
            if current?.problem == nil {
                current?.problem = "line \(number): the line is longer than the limit of \(limits.maximumLineBytes) bytes (--max-line-bytes)"
            }
            return []
        case .text(let number, let bytes):
            var ended: [Trace] = []
            if let header = header(in: bytes, lineNumber: number) {
                if let finished = current { ended.append(finished) }
                start(at: number, header: header)
            } else if current == nil {
                start(at: number, header: nil)
            }
            current?.bytes.append(contentsOf: bytes)
            current?.bytes.append(0x0A)
            return ended
        }
    }

    /// The last trace, at the end of the stream.
    mutating func finish() -> [Trace] {
        defer { current = nil }
        return current.map { [$0] } ?? []
    }

    private mutating func start(at line: Int, header: TraceHeader?) {
        count += 1
        let isDuplicate = header?.session.map { !sessions.insert($0).inserted } ?? false
        current = Trace(name: "standard input, trace \(count)", bytes: [], firstLine: line,
                        sampleInterval: header?.sampleInterval, isDuplicate: isDuplicate)
    }

    private func header(in bytes: [UInt8], lineNumber: Int) -> TraceHeader? {
        guard Self.holdsFormatKey(bytes) else { return nil }
        var decoder = TraceDecoder(limits: limits)
        guard case .header(let header)? = try? decoder.decode(bytes, lineNumber: lineNumber) else { return nil }
        return header
    }

    private static let formatKey = Array("\"format\"".utf8)

    private static func holdsFormatKey(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= formatKey.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + formatKey.count <= buffer.count {
                if buffer[index] == 0x22, formatKey.indices.allSatisfy({ buffer[index + $0] == formatKey[$0] }) { return true }
                index += 1
            }
            return false
        }
    }
}
