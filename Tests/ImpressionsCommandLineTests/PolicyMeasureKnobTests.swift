import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `--policy` reads the width measure (`measure=width`) and the focus rule (`focus=0.5`)
/// and refuses bad values with a usage error naming the key and the value.
@Suite("--policy: the width measure and focus")
struct PolicyMeasureKnobTests {
    @Test("measure=width and focus read after a preset or alone")
    func parses() throws {
        #expect(try NamedPolicy(parsing: "measure=width").policy == ImpressionPolicy(measure: .width))
        let epoxy = try NamedPolicy(parsing: "ratio=1,focus=0.5").policy
        #expect(epoxy == ImpressionPolicy(minimumVisibleRatio: 1, exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 0.5)))
        #expect(try NamedPolicy(parsing: "default,focus=50%,measure=Width").policy.largeSectionRule == .focus(fraction: 0.5))
        #expect(try NamedPolicy(parsing: "focus=1").policy.largeSectionRule == .focus(fraction: 1))
    }

    @Test("bad values are refused", arguments: [
        "measure=depth", "measure=", "focus=0", "focus=1.5", "focus=-0.5", "focus=nan", "focus=", "focus=0.5,focus=0.6",
    ])
    func refuses(bad: String) {
        #expect(throws: PolicyParseError.self, "\(bad)") { try NamedPolicy(parsing: bad) }
    }

    @Test("a bad value is a usage error naming the key and the value, status 2", arguments: [
        ("measure=depth", "measure must be height, area or width, got 'depth'"),
        ("focus=0", "focus must be in (0, 1] (a fraction of the viewport), got '0'"),
        ("focus=1.5", "focus must be in 0...1 (0%...100%), got '1.5'"),
    ])
    func usageError(policy: String, message: String) async {
        let result = await impressions("simulate", "--policy", policy)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("impressions simulate: invalid value '\(policy)' for --policy: \(message)"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("a simulation names the width measure and focus in its rule row")
    func simulates() async throws {
        let table = await impressions("simulate", "--sessions", "2", "--sections", "40", "--seconds", "20",
                                      "--policy", "ratio=1,focus=0.5,measure=width")
        #expect(table.status == 0, "\(table.error)")
        #expect(table.output.contains("100% width 1 s, focus 50%"), "\(table.output)")
    }
}
