import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("--help and the manual say the same things: every flag documented, every documented flag real")
struct HelpAndManualTests {
    /// The README, both DocC catalogs and docs/*.md, as one text per file.
    static func manual() throws -> [(name: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["Sources/ImpressionTracking/ImpressionTracking.docc", "Sources/ImpressionSimulation/ImpressionSimulation.docc",
                       "docs"] {
            let directory = root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                .filter { $0.hasSuffix(".md") }.map { directory.appendingPathComponent($0) }
        }
        return try files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The `--flag` words of `text`.
    static func flags(_ text: String) -> Set<String> {
        let pattern = /--[a-z][a-z-]*[a-z]/
        return Set(text.matches(of: pattern).map { String($0.output) })
    }

    @Test("every flag of every subcommand's --help is in the manual")
    func helpFlagsDocumented() throws {
        let documented = try Self.manual().reduce(into: Set<String>()) { $0.formUnion(Self.flags($1.text)) }
        for (name, help) in HelpText.subcommands {
            let missing = Self.flags(help).subtracting(documented).subtracting(["--help"])
            #expect(missing.isEmpty, "impressions \(name): \(missing.sorted()) are in --help, not in the manual")
        }
    }

    @Test("every flag the manual gives a subcommand is one its --help lists")
    func manualFlagsReal() throws {
        var checked = 0
        for (file, text) in try Self.manual() {
            for line in text.split(separator: "\n") {
                // A command line in the manual: `impressions SUB ...` (after `swift run ... ` or a prompt).
                guard let match = line.firstMatch(of: /impressions (simulate|sweep|feed|replay|audit|fit|merge)\b(.*)/),
                      let help = HelpText.subcommands[String(match.output.1)] else { continue }
                // Up to a pipe or a redirection: what follows is another command.
                let arguments = match.output.2.prefix { $0 != "|" && $0 != ">" && $0 != ";" }
                let unknown = Self.flags(String(arguments)).subtracting(Self.flags(help))
                #expect(unknown.isEmpty, "\(file): '\(line)' gives \(unknown.sorted()), which 'impressions \(match.output.1) --help' does not list")
                checked += 1
            }
        }
        #expect(checked > 50, "only \(checked) command lines found in the manual")
    }
}
