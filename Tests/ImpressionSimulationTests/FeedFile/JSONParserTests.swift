import Foundation
@testable import ImpressionSimulation
@testable import ImpressionTracking
import Testing

@Suite("The JSON parser of feed and users files")
struct JSONParserTests {
    /// The parsed value in a canonical form, to compare with Foundation's reading.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let number): String(number)
        case .string(let string): "\"" + string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") + "\""
        case .array(let elements): "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .object(let members): "{" + members.keys.sorted().map { canonical(.string($0)) + ":" + canonical(members[$0]!) }.joined(separator: ",") + "}"
        }
    }

    static func canonical(foundation value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let number as NSNumber where String(cString: number.objCType) == "c": return String(number.boolValue)
        case let number as NSNumber: return String(number.doubleValue)
        case let string as String: return canonical(.string(string))
        case let array as [Any]: return "[" + array.map { canonical(foundation: $0) }.joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { canonical(.string($0)) + ":" + canonical(foundation: object[$0]!) }.joined(separator: ",") + "}"
        default: return "?"
        }
    }

    @Test("escapes, surrogate pairs, numbers and white space read as Foundation reads them")
    func handCases() throws {
        let text = #" { "a\"b\\c\/\n\t\u00e9\ud83d\ude00" : [ -0.5e+2, 0, 1E3, 12.25, true, false, null, {} , [ ] ] } "#
        let ours = try JSONParser.parse(Array(text.utf8))
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.canonical(ours) == Self.canonical(foundation: theirs))
    }

    @Test("random documents read as Foundation reads them")
    func differential() throws {
        var random = SplitMix64(seed: 42)
        func value(_ depth: Int) -> Any {
            switch random.nextInt(below: depth > 3 ? 4 : 6) {
            case 0: return NSNull()
            case 1: return random.nextBool(probability: 0.5)
            // Numbers with few digits, which every reader rounds alike (Foundation's reader is
            // off by an ulp on some long ones; ours is Swift's Double(String), exact).
            case 2: return Double(random.nextInt(below: 2_000_001) - 1_000_000) / Double(1 << random.nextInt(below: 11))
            case 3: return String((0..<random.nextInt(below: 8)).map { _ in
                Character(Unicode.Scalar([0x22, 0x5C, 0x0A, 0x41, 0xE9, 0x1F600, 0x7F][random.nextInt(below: 7)])!) })
            case 4: return (0..<random.nextInt(below: 5)).map { _ in value(depth + 1) }
            default: return Dictionary(uniqueKeysWithValues: (0..<random.nextInt(below: 5)).map { ("k\($0)", value(depth + 1)) })
            }
        }
        for _ in 0..<300 {
            let document = ["root": value(0)]
            let data = try JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed])
            let ours = try JSONParser.parse(Array(data))
            let theirs = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            #expect(Self.canonical(ours) == Self.canonical(foundation: theirs))
        }
    }

    @Test("a number no Double holds is named by its path, not as malformed JSON")
    func numberOutOfRange() {
        #expect(throws: FileFormatError(path: "a.b[1]", "the number 1e999 is out of range (a Double holds up to 1.8e308)")) {
            try JSONParser.parse(Array(#"{"a": {"b": [0, 1e999]}}"#.utf8))
        }
        #expect(throws: FileFormatError(path: "(the file)", "the number -2e400 is out of range (a Double holds up to 1.8e308)")) {
            try JSONParser.parse(Array("-2e400".utf8))
        }
    }

    @Test("malformed input is an error with its line and column, never a crash", arguments: [
        ("", "unexpected end of file at line 1, column 1"),
        ("[1,]", "unexpected character ']' at line 1, column 4"),
        ("{\"a\" 1}", "expected ':' after a member name at line 1, column 6"),
        ("[01]", "a number with a leading zero"),
        ("[1.]", "expected digits after a decimal point"),
        ("\"a\nb\"", "a control character in a string at line 1, column 3"),
        ("[\"\\x\"]", "an unknown escape in a string"),
        ("[\"\\ud800\"]", "a lone surrogate in a string"),
        ("[1] [2]", "unexpected text after the JSON value"),
        ("{\n  \"a\": tru\n}", "unexpected character 't' at line 2, column 8"),
        (String(repeating: "[", count: 600), "nested more than 512 deep"),
    ])
    func malformed(text: String, expected: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("accepted \(text.prefix(20))")
        } catch {
            #expect(error.path == "(the file)")
            #expect(error.message.hasPrefix("malformed JSON: ") && error.message.contains(expected), "\(error)")
        }
    }
}
