import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `--policy` reads a minimum opacity (`min-opacity=0.1`) and the `impressionkit` preset,
/// and refuses bad values with a usage error naming the key and the value.
@Suite("--policy: the minimum opacity")
struct PolicyGateKnobTests {
    @Test("min-opacity reads after a preset or alone, as a fraction or a percentage")
    func parses() throws {
        var expected = ImpressionPolicy.mrcDisplay
        expected.minimumOpacity = 0.1
        #expect(try NamedPolicy(parsing: "mrc-display,min-opacity=0.1").policy == expected)
        #expect(try NamedPolicy(parsing: "min-opacity=10%").policy.minimumOpacity == 0.1)
        #expect(try NamedPolicy(parsing: "min-opacity=1").policy.minimumOpacity == 1)
        #expect(try NamedPolicy(parsing: "impressionkit").policy == .impressionKit)
    }

    @Test("bad values are refused", arguments: ["min-opacity=1.5", "min-opacity=-0.1", "min-opacity=nan", "min-opacity=",
                                                 "min-opacity=0.1,min-opacity=0.2"])
    func refuses(bad: String) {
        #expect(throws: PolicyParseError.self, "\(bad)") { try NamedPolicy(parsing: bad) }
    }

    @Test("a bad value is a usage error naming the key and the value, status 2")
    func usageError() async {
        let result = await impressions("simulate", "--policy", "min-opacity=1.5")
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("impressions simulate: invalid value 'min-opacity=1.5' for --policy: min-opacity must be in 0...1 (0%...100%), got '1.5'"),
                "\(result.error)")
    }

    @Test("a simulation names the minimum opacity in its rule row")
    func simulates() async throws {
        let table = await impressions("simulate", "--sessions", "2", "--sections", "40", "--seconds", "20",
                                      "--policy", "default,min-opacity=0.1")
        #expect(table.status == 0, "\(table.error)")
        #expect(table.output.contains("opacity at least 10%"), "\(table.output)")
    }
}
