import Foundation
@testable import ImpressionSimulation
@testable import ImpressionTracking
import Testing

@Suite("The trace decoder's fast path: the general path's result and error for every line, its numbers bit for bit")
struct TraceLineFastPathTests {
    static let header = Array(#"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#.utf8)

    /// What decoding `bytes` gives, in full: the line (numbers in their shortest
    /// round-trip form, so different bits print differently, `-0.0` too) or the error,
    /// and the decoder's state afterwards.
    static func outcome(_ decoder: inout TraceDecoder, _ bytes: [UInt8], lineNumber: Int) -> String {
        let result: String
        do {
            result = "line: " + String(reflecting: try decoder.decode(bytes, lineNumber: lineNumber))
        } catch {
            result = "error: \(error.line) \(error.message)"
        }
        return result + " / header \(String(reflecting: decoder.header)), latest \(decoder.latestTime), end \(String(reflecting: decoder.end))"
    }

    /// A decoder reading every line through the general path.
    static func generalDecoder() -> TraceDecoder {
        var decoder = TraceDecoder()
        decoder.usesFastPath = false
        return decoder
    }

    /// Whether the fast path reads `line` itself rather than leaving it to the general path.
    static func isFast(_ line: some StringProtocol) -> Bool {
        Array(line.utf8).withUnsafeBufferPointer { TraceLineFastPath.decode($0, limits: TraceLimits()) } != nil
    }

    /// Decodes `text` line by line through both paths, expecting the same outcome for
    /// each line; returns the lines the fast path read itself.
    static func compareLines(of text: String, _ comment: String) -> [Substring] {
        var fast = TraceDecoder()
        var general = generalDecoder()
        var taken: [Substring] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            #expect(outcome(&fast, bytes, lineNumber: index + 1) == outcome(&general, bytes, lineNumber: index + 1),
                    "\(comment), line \(index + 1): \(line)")
            if isFast(line) { taken.append(line) }
        }
        return taken
    }

    /// The types the fast path is for; every line of them the writer writes must be read by it.
    static func isFastType(_ line: some StringProtocol) -> Bool {
        // A layout but for a section's own policy or a container's clip insets, which are rare.
        if line.contains("\"type\":\"layout\"") { return !line.contains("\"policy\":") && !line.contains("\"clipInsets\":") }
        let types = ["viewport", "contentOffset", "end"] + LifecycleCall.allCases.map(\.name)
        return types.contains { line.contains("\"type\":\"\($0)\"") }
    }

    @Test("docs/trace-example.jsonl: every line the same through both paths, and the fast path reads its screen and lifecycle lines")
    func documentedExample() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/trace-example.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        let taken = Self.compareLines(of: text, "trace-example.jsonl")
        let expected = text.split(separator: "\n").filter { Self.isFastType($0) }
        #expect(taken == expected)
        #expect(taken.count == 8)
    }

    @Test("simulated sessions' traces: every line the same through both paths, and every layout, screen, lifecycle and end line read fast",
          arguments: [UInt64(1), 7, 42])
    func simulatedSessions(seed: UInt64) throws {
        let feed = Feed(sectionCount: 400, seed: seed)
        let runner = try SessionRunner(feed: feed, policies: tracePolicies)
        let generator = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(90))
        var viewports = 0
        var offsets = 0
        var layouts = 0
        for index in 0..<4 {
            let text = runner.trace(of: generator.session(seed: seed, index: index), source: "seed \(seed), session \(index)").encoded()
            let taken = Self.compareLines(of: text, "seed \(seed), session \(index)")
            #expect(taken == text.split(separator: "\n").filter { Self.isFastType($0) }, "seed \(seed), session \(index)")
            viewports += taken.count { $0.contains("\"type\":\"viewport\"") }
            offsets += taken.count { $0.contains("\"type\":\"contentOffset\"") }
            layouts += taken.count { $0.contains("\"type\":\"layout\"") }
        }
        #expect(viewports > 100)
        #expect(offsets > 0)
        #expect(layouts > 0)
    }

    @Test("an input marked afterSample, as a recorder writes one applied at time zero after sample 0: the general path reads it, with its mark, and both paths agree")
    func afterSampleLines() {
        let lines = [
            #"{"t":0,"afterSample":true,"type":"viewport","rect":[0,0,390,844]}"#,
            #"{"t":0,"afterSample":true,"type":"contentOffset","container":"row","offset":[10,0]}"#,
            #"{"t":0,"afterSample":true,"type":"appear"}"#,
            #"{"t":0,"afterSample":false,"type":"appear"}"#,
            #"{"t":0,"afterSample":1,"type":"appear"}"#,
            #"{"t":100,"type":"viewport","rect":[0,0,390,844],"afterSample":true}"#,
        ]
        let text = ([String(decoding: Self.header, as: UTF8.self)] + lines).joined(separator: "\n")
        #expect(Self.compareLines(of: text, "afterSample").isEmpty)
        var decoder = TraceDecoder()
        _ = try? decoder.decode(Self.header, lineNumber: 1)
        let marks = lines.enumerated().map { index, line -> Bool? in
            guard case .input(let input)? = try? decoder.decode(Array(line.utf8), lineNumber: index + 2) else { return nil }
            return input.afterSample
        }
        #expect(marks == [true, true, true, false, nil, true])
    }

    @Test("numbers: the nearest Double, as Double(String) reads the same digits, for up to 19 digits and 19 decimals")
    func numbers() {
        var random = SplitMix64(seed: 3, stream: 17)
        var cases: [(digits: UInt64, decimals: Int)] = [
            (9_007_199_254_740_993, 0), (9_007_199_254_740_995, 0), (45_035_996_273_704_965, 1), (45_035_996_273_704_975, 1),
            (9_999_999_999_999_999_999, 0), (9_999_999_999_999_999_999, 19), (1, 19), (0, 19), (1 << 53, 22), ((1 << 53) + 1, 5),
            (33_997_173_748_718_794, 15), (5_475_035_499_589_519, 12), (2_016_666_667, 6), (17_976_931_348_623_157, 0),
        ]
        for _ in 0..<20_000 {
            let length = 1 + random.nextInt(below: 19)
            var digits: UInt64 = 0
            for _ in 0..<length { digits = digits * 10 + UInt64(random.nextInt(below: 10)) }
            cases.append((digits, random.nextInt(below: length + 1)))
        }
        // The shortest round-trip forms the writer gives viewports, 15 to 17 digits.
        for _ in 0..<20_000 {
            let text = String(describing: random.nextUniform() * pow(10, Double(random.nextInt(below: 7))))
            guard !text.contains("e"), let point = text.firstIndex(of: ".") else { continue }
            cases.append((UInt64(text.replacingOccurrences(of: ".", with: ""))!, text.distance(from: point, to: text.endIndex) - 1))
        }
        var mismatches = 0
        for (digits, decimals) in cases {
            var text = String(digits)
            if decimals > 0 {
                text = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
            }
            let expected = Double(text)!
            guard let actual = TraceLineFastPath.nearestDouble(digits, decimals: decimals) else {
                // Left to the general path only past 19 decimals.
                #expect(decimals > 19, "\(text)")
                continue
            }
            if actual.bitPattern != expected.bitPattern {
                mismatches += 1
                Issue.record("\(text): \(actual), expected \(expected)")
                if mismatches > 10 { return }
            }
        }
        #expect(TraceLineFastPath.nearestDouble(1 << 60, decimals: 20) == nil)
    }

    @Test("40,000 near-canonical lines: the same line or the same error, word for word, with the fast path on and off")
    func nearCanonicalLines() {
        var random = SplitMix64(seed: 21, stream: 4)
        var fastCount = 0
        var errors = 0
        var fast = TraceDecoder()
        var general = Self.generalDecoder()
        for round in 0..<40_000 {
            // Fresh decoders now and then, sometimes without a header, so the time checks
            // (header first, not backwards, nothing after the end) meet both paths' lines.
            if round % 12 == 0 {
                fast = TraceDecoder()
                general = Self.generalDecoder()
                if random.nextInt(below: 10) > 0 {
                    _ = try? fast.decode(Self.header, lineNumber: 1)
                    _ = try? general.decode(Self.header, lineNumber: 1)
                }
            }
            let bytes = NearCanonicalLine.make(using: &random)
            let number = round % 12 + 2
            let fastOutcome = Self.outcome(&fast, bytes, lineNumber: number)
            let generalOutcome = Self.outcome(&general, bytes, lineNumber: number)
            #expect(fastOutcome == generalOutcome, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            if bytes.withUnsafeBufferPointer({ TraceLineFastPath.decode($0, limits: TraceLimits()) }) != nil { fastCount += 1 }
            if generalOutcome.hasPrefix("error") { errors += 1 }
        }
        // Both kinds are well represented, or the comparison proves little.
        #expect(fastCount > 5000)
        #expect(errors > 10_000)
    }

    @Test("20,000 layouts as the writer writes them, every optional field of sections and containers, and each often edited just off it: the same layout or the same error through both paths")
    func layoutLines() {
        var random = SplitMix64(seed: 8, stream: 2)
        var fastCount = 0
        var errors = 0
        for round in 0..<20_000 {
            var line = Array(Self.randomLayoutLine(round: round, using: &random).utf8)
            // Half are edited: a byte dropped, doubled or replaced by one the fast path must refuse.
            if random.nextInt(below: 2) == 0, !line.isEmpty {
                let position = random.nextInt(below: line.count)
                switch random.nextInt(below: 4) {
                case 0: line.remove(at: position)
                case 1: line.insert(line[position], at: position)
                case 2: line[position] = Array(" e0-.,]}[\"\\".utf8)[random.nextInt(below: 11)]
                default: line.insert(contentsOf: Array(",\"id\":\"x\"".utf8), at: position)
                }
            }
            var fast = TraceDecoder()
            var general = Self.generalDecoder()
            _ = try? fast.decode(Self.header, lineNumber: 1)
            _ = try? general.decode(Self.header, lineNumber: 1)
            let generalOutcome = Self.outcome(&general, line, lineNumber: 2)
            #expect(Self.outcome(&fast, line, lineNumber: 2) == generalOutcome, "round \(round): \(String(decoding: line, as: UTF8.self))")
            if line.withUnsafeBufferPointer({ TraceLineFastPath.decode($0, limits: TraceLimits()) }) != nil { fastCount += 1 }
            if generalOutcome.hasPrefix("error") { errors += 1 }
        }
        #expect(fastCount > 6_000)
        #expect(errors > 3_000)
    }

    /// A layout line of a few sections and containers with any of their optional fields,
    /// nested containers included, as ``TraceEncoder`` writes it.
    static func randomLayoutLine(round: Int, using random: inout SplitMix64) -> String {
        func number() -> Double {
            switch random.nextInt(below: 4) {
            case 0: Double(random.nextInt(below: 2_000)) - 100
            case 1: Double(random.nextInt(below: 100_000)) / 7
            case 2: Double(random.nextInt(below: 1_000)) / 4
            default: 0
            }
        }
        func rect() -> Rect { Rect(x: number(), y: number(), width: number(), height: number()) }
        let containerIDs = (0..<random.nextInt(below: 4)).map { "row-\($0)" }
        let sections = (0..<random.nextInt(below: 6)).map { index -> TrackedSection<String> in
            var section = TrackedSection(id: random.nextInt(below: 8) == 0 ? "é-\(index)" : "\(round)-\(index)",
                                         cells: (0..<random.nextInt(below: 3)).map { _ in rect() })
            if let container = containerIDs.randomElement(using: &random), random.nextInt(below: 2) == 0 {
                section.nestedCells = (0..<(1 + random.nextInt(below: 3))).map { _ in NestedCell(containerID: container, frame: rect()) }
            }
            if random.nextInt(below: 4) == 0 { section.fullHeight = number() }
            if random.nextInt(below: 4) == 0 { section.fullArea = number() }
            if random.nextInt(below: 4) == 0 { section.fullWidth = number() }
            if random.nextInt(below: 5) == 0 { section.isLoaded = false }
            if random.nextInt(below: 5) == 0 { section.opacity = Double(random.nextInt(below: 10)) / 10 }
            if random.nextInt(below: 5) == 0 { section.isHidden = true }
            if random.nextInt(below: 12) == 0 { section.policy = .mrcDisplay }
            return section
        }
        let containers = containerIDs.enumerated().map { index, id -> ScrollContainer in
            // Sometimes a chain, sometimes a cycle: both paths refuse one too deep alike.
            let parent = index > 0 && random.nextInt(below: 2) == 0 ? containerIDs[random.nextInt(below: containerIDs.count)] : nil
            var container = ScrollContainer(id: id, frame: rect(), parentID: parent,
                                            contentOffset: random.nextInt(below: 2) == 0 ? Point(x: number(), y: 0) : .zero)
            if random.nextInt(below: 10) == 0 { container.clipInsets = Insets(top: 4, left: 0, bottom: 0, right: 0) }
            if random.nextInt(below: 5) == 0 { container.opacity = 0.5 }
            if random.nextInt(below: 5) == 0 { container.isHidden = true }
            return container
        }
        let time = Duration.milliseconds(random.nextInt(below: 100_000))
        return TraceEncoder.line(EngineInput<String>.layout(sections: sections, containers: containers), at: time) { $0 }
    }

    @Test("a layout past the limits on sections, containers or their depth is left to the general path, which refuses it")
    func layoutLimits() {
        let limits = TraceLimits(maximumSectionsPerLayout: 2, maximumContainersPerLayout: 1, maximumContainerDepth: 1)
        let lines = [
            #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[]},{"id":"b","cells":[]}]}"#,
            #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[]},{"id":"b","cells":[]},{"id":"c","cells":[]}]}"#,
            #"{"t":0,"type":"layout","sections":[],"containers":[{"id":"r","frame":[0,0,1,1]}]}"#,
            #"{"t":0,"type":"layout","sections":[],"containers":[{"id":"r","frame":[0,0,1,1]},{"id":"s","frame":[0,0,1,1]}]}"#,
            #"{"t":0,"type":"layout","sections":[],"containers":[{"id":"r","frame":[0,0,1,1],"parent":"r"}]}"#,
        ]
        var outcomes: [String] = []
        for line in lines {
            let bytes = Array(line.utf8)
            var fast = TraceDecoder(limits: limits)
            var general = TraceDecoder(limits: limits)
            general.usesFastPath = false
            _ = try? fast.decode(Self.header, lineNumber: 1)
            _ = try? general.decode(Self.header, lineNumber: 1)
            let outcome = Self.outcome(&fast, bytes, lineNumber: 2)
            #expect(outcome == Self.outcome(&general, bytes, lineNumber: 2), "\(line)")
            outcomes.append(outcome)
        }
        #expect(outcomes.map { $0.hasPrefix("error") } == [false, true, false, true, true])
        #expect(lines.map { line in Array(line.utf8).withUnsafeBufferPointer { TraceLineFastPath.decode($0, limits: limits) } != nil }
            == [true, false, true, false, false])
    }

    @Test("the fast path reads any contiguous collection of bytes as the general path does")
    func collections() throws {
        let line = #"{"t":2016.666667,"type":"viewport","rect":[0,620.5,390,844]}"#
        var decoder = TraceDecoder()
        _ = try decoder.decode(Self.header, lineNumber: 1)
        let expected = TraceDecoder.Line.input(TimedInput(time: .nanoseconds(2_016_666_667),
                                                          input: .viewport(Rect(x: 0, y: 620.5, width: 390, height: 844))))
        #expect(try decoder.decode(line.utf8, lineNumber: 2) == expected)
        #expect(try decoder.decode(Array(line.utf8)[...], lineNumber: 3) == expected)
        #expect(try decoder.decode(line.utf8.lazy.map { $0 }, lineNumber: 4) == expected)
    }
}

/// Lines close to the ones the writer writes, and often just off them: numbers in every
/// form (0 to 8 decimals, negative, huge, exponents, leading zeros), white space, keys
/// reordered, added or missing, lines cut short, unknown types, escapes and bad bytes in
/// strings, wrong counts and wrong kinds of values.
enum NearCanonicalLine {
    static let types = ["viewport", "contentOffset", "end", "gap", "layout", "insets", "section", "Viewport", "scroll", ""]
        + LifecycleCall.allCases.map(\.name)

    static func make(using random: inout SplitMix64) -> [UInt8] {
        let time = random.nextInt(below: 8) == 0 ? number(using: &random) : canonicalTime(using: &random)
        let type = random.nextInt(below: 3) == 0 ? types[random.nextInt(below: types.count)]
            : ["viewport", "viewport", "contentOffset"][random.nextInt(below: 3)]
        var members: [(key: String, value: [UInt8])] = [("t", Array(time.utf8)), ("type", Array("\"\(type)\"".utf8))]
        switch type {
        case "viewport":
            members.append(("rect", numbers(4 + (random.nextInt(below: 10) == 0 ? random.nextInt(below: 3) - 1 : 0), using: &random)))
        case "contentOffset":
            members.append(("container", string(using: &random)))
            members.append(("offset", numbers(random.nextInt(below: 10) == 0 ? random.nextInt(below: 4) : 2, using: &random)))
        default:
            break
        }
        switch random.nextInt(below: 16) {
        case 0: members.swapAt(0, 1)
        case 1: members.swapAt(1, members.count - 1)
        case 2: members.append(("extra", Array("1".utf8)))
        case 3: members.remove(at: random.nextInt(below: members.count))
        case 4: members.append((members[0].key, Array("5".utf8)))
        case 5: members[random.nextInt(below: members.count)].value = Array(["null", "true", "\"7\"", "{}", "[]"][random.nextInt(below: 5)].utf8)
        case 6: members[1].value = Array(#""view\u0070ort""#.utf8)
        case 7: members.insert(("afterSample", Array(["true", "false", "1"][random.nextInt(below: 3)].utf8)), at: 1)
        default: break
        }
        var bytes = Array("{".utf8)
        for (index, member) in members.enumerated() {
            if index > 0 { bytes += Array(",".utf8) }
            bytes += Array("\"\(member.key)\":".utf8) + member.value
        }
        bytes += Array("}".utf8)
        switch random.nextInt(below: 10) {
        case 0:
            // White space where JSON allows it, or a byte changed where it does not.
            let position = random.nextInt(below: bytes.count + 1)
            bytes.insert([0x20, 0x09, 0x0D, 0x0A][random.nextInt(below: 4)], at: position)
        case 1: bytes = Array(bytes.prefix(random.nextInt(below: bytes.count)))
        case 2: bytes[random.nextInt(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
        default: break
        }
        return bytes
    }

    /// A time as the writer writes one: whole milliseconds or up to six decimals, no
    /// trailing zero, mostly growing so that few lines go backwards.
    static func canonicalTime(using random: inout SplitMix64) -> String {
        let nanoseconds = Int64(random.nextInt(below: 600_000)) * 1_000_000
            + (random.nextBool(probability: 0.5) ? 0 : Int64(random.nextInt(below: 1_000_000)))
        return TraceEncoder.milliseconds(.nanoseconds(nanoseconds))
    }

    static func numbers(_ count: Int, using random: inout SplitMix64) -> [UInt8] {
        Array(("[" + (0..<count).map { _ in number(using: &random) }.joined(separator: ",") + "]").utf8)
    }

    /// A number in one of many forms, most of them JSON, some canonical.
    static func number(using random: inout SplitMix64) -> String {
        let sign = random.nextInt(below: 6) == 0 ? "-" : ""
        switch random.nextInt(below: 12) {
        case 0:
            return sign + ["1e3", "2.5E-2", "1e999", "0e0", "1E+2", "3e", "1.5e308"][random.nextInt(below: 7)]
        case 1:
            // Past 2^53, 2^64 and 19 digits, some with decimals.
            let length = 15 + random.nextInt(below: 12)
            var digits = String(1 + random.nextInt(below: 9))
            for _ in 1..<length { digits += String(random.nextInt(below: 10)) }
            if random.nextBool(probability: 0.5) {
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: 1 + random.nextInt(below: length - 1)))
            }
            return sign + digits
        case 2:
            return sign + ["01", "", ".5", "1.", "0.", "0", "0.0", "00", "-1", "1.2.3", "0x10", "+1"][random.nextInt(below: 12)]
        case 3:
            // A shortest round-trip form, as the writer gives a fractional coordinate.
            return sign + TraceEncoder.number(random.nextUniform() * pow(10, Double(random.nextInt(below: 9) - 3)))
        default:
            var text = sign + String(random.nextInt(below: [10, 1000, 100_000, 1_000_000_000][random.nextInt(below: 4)]))
            let decimals = random.nextInt(below: 9)
            if decimals > 0 {
                text += "." + (0..<decimals).map { _ in String(random.nextInt(below: 10)) }.joined()
            }
            return text
        }
    }

    /// A container id: mostly plain, sometimes with escapes, non-ASCII text, bad UTF-8,
    /// a control character, or not a string at all.
    static func string(using random: inout SplitMix64) -> [UInt8] {
        switch random.nextInt(below: 10) {
        case 0: return Array(#""carousel\"-1""#.utf8)
        case 1: return Array(#""\u0063arousel""#.utf8)
        case 2: return Array("\"カルーセル-2\"".utf8)
        case 3: return [0x22, 0x63, 0xFF, 0xFE, 0x22]
        case 4: return [0x22, 0x63, 0x09, 0x22]
        case 5: return Array(["\"\"", "7", "null", "\"a\\\\b\""][random.nextInt(below: 4)].utf8)
        default: return Array("\"carousel-\(random.nextInt(below: 100))\"".utf8)
        }
    }
}
