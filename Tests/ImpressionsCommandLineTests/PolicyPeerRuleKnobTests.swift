import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `--policy` reads a rounding (`rounding=floor-to-percent`), the interaction gate
/// (`wait-for-interaction=true`) and the `flutter-visibility` preset, and refuses bad
/// values with a usage error naming the key and the value.
@Suite("--policy: rounding and the interaction gate")
struct PolicyPeerRuleKnobTests {
    @Test("rounding and wait-for-interaction read after a preset or alone")
    func parses() throws {
        var expected = ImpressionPolicy.mrcDisplay
        expected.rounding = .floorToPercent
        #expect(try NamedPolicy(parsing: "mrc-display,rounding=floor-to-percent").policy == expected)
        #expect(try NamedPolicy(parsing: "rounding=snap-near-ends").policy.rounding == .snapNearEnds)
        #expect(try NamedPolicy(parsing: "rounding=exact").policy.rounding == .exact)
        #expect(try NamedPolicy(parsing: "wait-for-interaction=true").policy.requiresInteraction)
        #expect(try !NamedPolicy(parsing: "wait-for-interaction=false").policy.requiresInteraction)
        #expect(try NamedPolicy(parsing: "flutter-visibility").policy == .flutterVisibility)
    }

    @Test("React Native's presets take the threshold and minimumViewTime as overrides")
    func reactNative() throws {
        var item = ImpressionPolicy.reactNativeItem
        item.minimumVisibleRatio = 0.5
        item.minimumDuration = .milliseconds(250)
        #expect(try NamedPolicy(parsing: "react-native-item,ratio=50%,duration=250ms").policy == item)
        #expect(try NamedPolicy(parsing: "react-native-area").policy == .reactNativeArea)
        #expect(try NamedPolicy(parsing: "react-native-area,ratio-of=section").policy == .reactNativeItem)
        #expect(try NamedPolicy(parsing: "rounding=whole-points,ratio-of=viewport,ratio=0,duration=0,timing=both-ends")
                .policy == .reactNativeArea)
    }

    @Test("bad values are refused", arguments: ["rounding=nearest", "rounding=", "rounding=exact,rounding=exact",
                                                 "wait-for-interaction=maybe", "wait-for-interaction="])
    func refuses(bad: String) {
        #expect(throws: PolicyParseError.self, "\(bad)") { try NamedPolicy(parsing: bad) }
    }

    @Test("a bad value is a usage error naming the key and the value, status 2", arguments: [
        ("rounding=nearest", "rounding must be exact, snap-near-ends, floor-to-percent or whole-points, got 'nearest'"),
        ("wait-for-interaction=maybe", "wait-for-interaction must be true or false, got 'maybe'"),
        ("react-native-item,ratio=150%", "ratio must be in 0...1 (0%...100%), got '150%'"),
        ("react-native-item,duration=-1s", "duration must look like 2s, 500ms or 1.5 (seconds), got '-1s'"),
        ("react-native-area,ratio-of=screen", "ratio-of must be section or viewport, got 'screen'"),
        ("react-native-item,measure=area", "rounding whole-points floors along an axis: measure must be height or width, got area"),
    ])
    func usageError(value: String, message: String) async {
        let result = await impressions("simulate", "--policy", value)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("impressions simulate: invalid value '\(value)' for --policy: \(message)"),
                "\(result.error)")
    }

    @Test("a simulation's users interact at their first fling: the gate holds back only what came before it")
    func simulates() async throws {
        let waiting = await impressions("simulate", "--sessions", "4", "--sections", "40", "--seconds", "20",
                                        "--policy", "default,rounding=floor-to-percent,wait-for-interaction=true",
                                        "--policy", "default")
        #expect(waiting.status == 0, "\(waiting.error)")
        // The first screen counts only once the user has dragged: fewer impressions than
        // the same rule without the gate, but some (the users do interact).
        let row = waiting.output.split(separator: "\n").first { $0.hasPrefix("impressions ") } ?? ""
        let counts = row.split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] > 0 && counts[0] < counts[1], "\(waiting.output)")
    }
}
