import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Codable through the project's one JSON reader and writer")
struct JSONValueCodingTests {
    private struct Sample: Codable, Equatable {
        var count: Int
        var ratio: Double?
        var seeds: [UInt64]
        var name: String
        var flag: Bool
        var small: [String: Int8]
        var duration: Duration
    }

    /// What a decoder makes of `text`: the value, or the error as the project words it.
    private static func outcome(_ decode: () throws -> Sample) -> String {
        do {
            return "\(try decode())"
        } catch let error as DecodingError {
            return TraceDecoder.describe(error)
        } catch {
            return "other: \(error)"
        }
    }

    @Test("good and bad documents decode as JSONDecoder decodes them: the same values, the same errors", arguments: [
        #"{"count":3,"ratio":0.25,"seeds":[18446744073709551615,0],"name":"a","flag":true,"small":{"x":-128},"duration":[1,999999999999999999]}"#,
        #"{"count":3.0,"seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"{"count":1e3,"ratio":null,"seeds":[9007199254740993],"name":"\u00e9","flag":false,"small":{},"duration":[-1,18446744073709551615]}"#,
        #"{"count":"3","seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"{"count":null,"seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"{"seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"{"count":1,"seeds":{},"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"{"count":1,"seeds":[],"name":7,"flag":false,"small":{},"duration":[0,0]}"#,
        #"{"count":1,"seeds":[],"name":"","flag":1,"small":{},"duration":[0,0]}"#,
        #"{"count":1,"seeds":[],"name":"","flag":false,"small":[],"duration":[0,0]}"#,
        #"{"count":1,"seeds":[],"name":"","flag":false,"small":{},"duration":[0]}"#,
        #"{"count":1,"ratio":"x","seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
        #"[1,2]"#,
        #"null"#,
    ])
    func sameAsFoundation(text: String) {
        let ours = Self.outcome { try JSONValueDecoder().decode(Sample.self, from: Array(text.utf8)) }
        let theirs = Self.outcome { try JSONDecoder().decode(Sample.self, from: Data(text.utf8)) }
        #expect(ours == theirs)
    }

    // Foundation's reader on Linux calls these "not valid JSON", naming no field.
    @Test("a number its type cannot hold is named with its field", arguments: [
        (#"{"count":3.5,"seeds":[],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
         "field 'count': Parsed JSON number <3.5> does not fit in Int."),
        (#"{"count":1,"seeds":[-1],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
         "field 'seeds[0]': Parsed JSON number <-1> does not fit in UInt64."),
        (#"{"count":1,"seeds":[18446744073709551616],"name":"","flag":false,"small":{},"duration":[0,0]}"#,
         "field 'seeds[0]': Parsed JSON number <1.8446744073709552e+19> does not fit in UInt64."),
        (#"{"count":1,"seeds":[],"name":"","flag":false,"small":{"y":128},"duration":[0,0]}"#,
         "field 'small.y': Parsed JSON number <128> does not fit in Int8."),
    ])
    func outOfRange(text: String, expected: String) {
        #expect(Self.outcome { try JSONValueDecoder().decode(Sample.self, from: Array(text.utf8)) } == expected)
    }

    @Test("a run's configuration round-trips exactly: a seed past 2^53, durations to the attosecond, every policy option")
    func configurationRoundTrip() throws {
        var user = UserModel()
        user.meanReadingPause = .nanoseconds(1_234_567_891)
        user.readingPauseSigma = 0.1 + 0.2
        for seed in [UInt64.max, 9_007_199_254_740_993, 0] {
            let configuration = SimulationConfiguration(
                sessionCount: 23, sectionCount: 250, sessionDuration: .microseconds(33_333), seed: seed,
                policies: tracePolicies, sampleInterval: .nanoseconds(33_333_333), screen: Screen(width: 390.5, height: 844.25),
                user: user, depthBucketEnds: [3, 7], layoutScope: .window(marginScreens: 1.7))
            let text = try JSONValueEncoder().compactText(of: configuration)
            #expect(try JSONValueDecoder().decode(SimulationConfiguration.self, from: Array(text.utf8)) == configuration)
            // The text is plain JSON: Foundation reads it as the same configuration, and
            // what Foundation writes reads back the same through our reader.
            #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: Data(text.utf8)) == configuration)
            let foundation = try JSONEncoder().encode(configuration)
            #expect(try JSONValueDecoder().decode(SimulationConfiguration.self, from: foundation) == configuration)
            // One line, members in name order: the same value, the same bytes.
            #expect(!text.contains("\n") && text.hasPrefix(#"{"depthBucketEnds":[3,7],"feed":"#))
        }
    }

    @Test("a trace line's error says where: the column of malformed JSON, the field of a number no Double holds")
    func traceLineErrors() throws {
        var decoder = TraceDecoder()
        _ = try decoder.decode(Array(#"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#.utf8), lineNumber: 1)
        for (line, message) in [
            (#"{"t":10,"type":"viewport","rect":[0,0,390,844]"#, "malformed JSON: expected ',' or '}' in an object at column 47"),
            (#"{"t":1e999,"type":"viewport","rect":[0,0,390,844]}"#,
             "field 't': the number 1e999 is out of range (a Double holds up to 1.8e308)"),
        ] {
            #expect(throws: TraceError(line: 2, message)) { try decoder.decode(Array(line.utf8), lineNumber: 2) }
        }
    }

    @Test("a number that is not finite is refused as JSONEncoder refuses it")
    func nonFinite() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().compactText(of: [1.0, .nan]) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([1.0, .nan]) }
    }
}
