@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The trace decoder on random and mutated lines: a clear error or a correct result, never a crash")
struct TraceDecoderPropertyTests {
    /// Valid lines of every type, from simulated sessions and random scripts.
    static let validLines: [String] = {
        var lines: [String] = []
        if let runner = try? SessionRunner(feed: Feed(sectionCount: 120, seed: 2), policies: NamedPolicy.defaults) {
            let generator = SessionGenerator(model: UserModel(), feed: runner.feed, duration: .seconds(30))
            lines += runner.trace(of: generator.session(seed: 2, index: 0)).encoded().split(separator: "\n").map(String.init)
        }
        var random = SplitMix64(seed: 5, stream: 1)
        let script = Trace(header: TraceHeader(sampleInterval: .milliseconds(250), source: "a \"quoted\" source ✓"),
                           inputs: RandomScript.inputs(using: &random), end: .seconds(99))
        lines += script.encoded().split(separator: "\n").map(String.init)
        return lines
    }()

    static let replacements = ["1e999", "-1e999", "-1", "0", "null", "true", "\"x\"", "[]", "{}", "1e308", "-0",
                               "99999999999999999999999", "[1,2]", "\"\\u0000\"", "NaN", "1.5", "[[1,2,3,4]]"]

    /// A mutation of `line`: bytes flipped, cut, repeated, or a value replaced.
    static func mutate(_ line: String, using random: inout SplitMix64) -> [UInt8] {
        var bytes = Array(line.utf8)
        guard !bytes.isEmpty else { return bytes }
        for _ in 0..<(1 + random.nextInt(below: 3)) {
            let position = random.nextInt(below: bytes.count)
            switch random.nextInt(below: 6) {
            case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes = Array(bytes[..<position])
            case 2: bytes.insert(contentsOf: bytes[position...].prefix(random.nextInt(below: 40)), at: position)
            case 3: bytes.remove(at: position)
            default:
                // Replace the number or literal at `position` with a hostile one.
                let isValueByte: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 }
                var end = position
                while end < bytes.count && isValueByte(bytes[end]) { end += 1 }
                let replacement = replacements[random.nextInt(below: replacements.count)]
                bytes.replaceSubrange(position..<end, with: Array(replacement.utf8))
            }
            if bytes.isEmpty { break }
        }
        return bytes
    }

    @Test("3,000 mutated lines: each decodes to something that re-encodes and decodes the same, or to a line-numbered error")
    func mutatedLines() {
        var random = SplitMix64(seed: 11, stream: 0)
        let header = Array(Self.validLines[0].utf8)
        var decoded = 0
        var refused = 0
        for round in 0..<3000 {
            let source = Self.validLines[random.nextInt(below: Self.validLines.count)]
            let bytes = Self.mutate(source, using: &random)
            var decoder = TraceDecoder()
            let isHeader = source.hasPrefix("{\"format\"")
            if !isHeader { _ = try? decoder.decode(header, lineNumber: 1) }
            do {
                let line = try decoder.decode(bytes, lineNumber: 2)
                decoded += 1
                // A correct result: it writes back to a line that reads as the same.
                var again = TraceDecoder()
                if !isHeader { _ = try? again.decode(header, lineNumber: 1) }
                switch line {
                case .input(let input):
                    #expect(try again.decode(Array(TraceEncoder.line(input).utf8), lineNumber: 2) == line, "round \(round)")
                case .header(let parsed):
                    #expect(try again.decode(Array(TraceEncoder.line(parsed).utf8), lineNumber: 2) == line, "round \(round)")
                case .end(let time):
                    #expect(try again.decode(Array(TraceEncoder.endLine(at: time).utf8), lineNumber: 2) == line, "round \(round)")
                case .blank:
                    #expect(bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
                }
            } catch {
                refused += 1
                #expect(error.line == 2 && !error.message.isEmpty)
            }
        }
        // Both outcomes happen: mutations that stay valid and ones that do not.
        #expect(decoded > 100 && refused > 1000, "decoded \(decoded), refused \(refused)")
    }

    @Test("random bytes and random JSON-ish text never crash the decoder or the reader")
    func randomInput() throws {
        var random = SplitMix64(seed: 12, stream: 0)
        let alphabet = Array("{}[]\",:0123456789.-+eE tfnrulasx\\/\n\r\t".utf8)
        for round in 0..<2000 {
            let length = random.nextInt(below: 300)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : alphabet[random.nextInt(below: alphabet.count)]
            }
            var reader = TraceLineReader(bytes: bytes, maximumLineBytes: 120)
            var decoder = TraceDecoder(limits: TraceLimits(maximumLineBytes: 120, maximumSectionsPerLayout: 3))
            var previous = 0
            while let line = try reader.next() {
                #expect(line.number == previous + 1)
                previous = line.number
                if let text = line.text {
                    #expect(text.count <= 120)
                    _ = try? decoder.decode(text, lineNumber: line.number)
                }
            }
        }
    }
}
