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
        /// Why it cannot be replayed (a line past the limit, whose bytes were dropped).
        var problem: String?
    }

    private let limits: TraceLimits
    private var current: Trace?
    private var count = 0

    init(limits: TraceLimits) {
        self.limits = limits
    }

    /// Takes the next line of the stream; returns the trace it ends, if it starts another.
    /// A last line that the stream ended without a newline (`isTerminated` false) is kept
    /// so, for the trace's replay to see that it was cut off.
    mutating func add(_ line: TraceLineReader.Line, isTerminated: Bool = true) -> [Trace] {
        let number = line.number
        guard let bytes = line.text else {
            if current == nil { start(at: number) }
            if let trace = current, trace.problem == nil {
                // Numbered as the trace's own line, with the stream's beside it, as a replay numbers its lines.
                let label = TraceLabel(trace.name, firstLineInStream: trace.firstLine)
                current?.problem = label.describe(TraceError.lineTooLong(
                    line: number - trace.firstLine + 1, limit: limits.maximumLineBytes, option: "--max-line-bytes"))
            }
            return []
        }
        var ended: [Trace] = []
        if isHeader(bytes, lineNumber: number) {
            if let finished = current { ended.append(finished) }
            start(at: number)
        } else if current == nil {
            start(at: number)
        }
        current?.bytes.append(contentsOf: bytes)
        if isTerminated { current?.bytes.append(0x0A) }
        return ended
    }

    /// The last trace, at the end of the stream.
    mutating func finish() -> [Trace] {
        defer { current = nil }
        return current.map { [$0] } ?? []
    }

    private mutating func start(at line: Int) {
        count += 1
        current = Trace(name: "standard input, trace \(count)", bytes: [], firstLine: line)
    }

    private func isHeader(_ bytes: ArraySlice<UInt8>, lineNumber: Int) -> Bool {
        guard Self.holdsFormatKey(bytes) else { return false }
        var decoder = TraceDecoder(limits: limits)
        guard case .header? = try? decoder.decode(bytes, lineNumber: lineNumber) else { return false }
        return true
    }

    private static let formatKey = Array("\"format\"".utf8)

    private static func holdsFormatKey(_ bytes: ArraySlice<UInt8>) -> Bool {
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
