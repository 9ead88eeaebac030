import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("Each subcommand's flags are declared once, in its table, and its help's USAGE and a trace's source are drawn from it")
struct FlagTableTests {
    /// Every subcommand's table, by name, as the flags' names.
    static let tables: [String: [String]] = [
        "simulate": SimulateOptions.flags.map(\.name), "sweep": SweepOptions.flags.map(\.name),
        "replay": ReplayOptions.flags.map(\.name), "audit": AuditOptions.flags.map(\.name),
        "fit": FitOptions.flags.map(\.name), "feed": FeedOptions.flags.map(\.name),
        "merge": MergeOptions.flags.map(\.name),
    ]

    /// The lines of `help` from `USAGE:` to the blank line after it.
    static func usage(_ help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.endIndex
        return Array(lines[start...].prefix { !$0.isEmpty })
    }

    @Test("every subcommand has a table, each flag in it once")
    func oneTableEach() {
        #expect(Set(Self.tables.keys) == Set(HelpText.subcommands.keys))
        for (name, flags) in Self.tables {
            #expect(Set(flags).count == flags.count, "impressions \(name) declares a flag twice: \(flags)")
        }
    }

    @Test("every subcommand's USAGE names exactly the flags of its table")
    func usageNamesTheTable() throws {
        for (name, flags) in Self.tables {
            let help = try #require(HelpText.subcommands[name])
            let usage = Self.usage(help).joined(separator: "\n")
            #expect(HelpAndManualTests.flags(usage) == Set(flags), "impressions \(name)")
        }
    }

    @Test("a flag added to a table joins USAGE with no other change: past the lines laid out, wrapped at 80 columns")
    func addedFlag() {
        let added = ["--first-added", "--second-added", "--third-added"].map { name in
            CommandFlag<FeedOptions>(name, value: "VALUE", help: "Added.") { _, _ throws(CommandLineError) in }
        }
        let usage = HelpText.usage("feed", FeedOptions.flags + added, [HelpText.Synopsis(lineLengths: [3])])
        let indentation = String(repeating: " ", count: "USAGE: impressions feed ".count)
        #expect(usage == """
            USAGE: impressions feed --export [--sections N] [--seed X]
            \(indentation)[--first-added VALUE] [--second-added VALUE]
            \(indentation)[--third-added VALUE]
            """)
    }

    @Test("simulate's USAGE has a synopsis for generated sessions and one for traces, each with the flags that kind of run takes")
    func simulateSynopses() throws {
        // A synopsis starts at `impressions simulate`; the lines under it continue it.
        var synopses: [String] = []
        for line in Self.usage(HelpText.simulate) {
            if line.contains("impressions simulate") { synopses.append("") }
            synopses[synopses.count - 1] += line + "\n"
        }
        #expect(synopses.count == 2)
        // `--traces` is what makes a run one of traces, so only the traces' synopsis has it.
        let generated = SimulateOptions.flags.filter { $0.refusals[.generatedSessions] == nil && $0.name != "--traces" }
        let traces = SimulateOptions.flags.filter { $0.refusals[.recordedTraces] == nil }
        #expect(HelpAndManualTests.flags(synopses[0]) == Set(generated.map(\.name)))
        #expect(HelpAndManualTests.flags(synopses[1]) == Set(traces.map(\.name)))
    }

    @Test("--traces' help names the flags a run of traces refuses, and --feed's those two feeds refuse")
    func refusalsInTheHelp() throws {
        // The flags named in the last "Not with" sentence of `name`'s help.
        func notWith(_ name: String) throws -> Set<String> {
            let help = try #require(SimulateOptions.flag(named: name)?.help)
            let sentence = try #require(help.range(of: "Not with", options: .backwards))
            return HelpAndManualTests.flags(String(help[sentence.lowerBound...]))
        }
        let refusedWithTraces = SimulateOptions.flags.filter { $0.refusals[.recordedTraces] != nil }.map(\.name)
        // "or a second --feed": two feeds with traces is refused apart from the table.
        #expect(try notWith("--traces") == Set(refusedWithTraces + ["--feed"]))
        // The trace-reading flags are refused by every run without traces, two feeds included.
        let refusedWithTwoFeeds = SimulateOptions.flags.filter {
            $0.refusals[.layoutComparison] != nil && $0.refusals[.generatedSessions] == nil
        }.map(\.name)
        #expect(try notWith("--feed") == Set(refusedWithTwoFeeds))
    }

    @Test("a trace's source names its run in a fixed order: the feed in place of the sections, the users after the seed")
    func canonicalArguments() throws {
        #expect(SimulateOptions().canonicalArguments
            == ["--sessions", "200", "--sections", "2000", "--seconds", "60000ms", "--seed", "1", "--layout", "window"])
        let options = try SimulateOptions.parse([
            "--users", "u.json", "--layout", "feed", "--policy", "abema", "--seed", "0x10", "--feed", "f.json",
            "--seconds", "1.5m", "--workers", "2", "--sessions", "3", "--policy", "default", "--json",
        ])
        #expect(options.canonicalArguments == [
            "--sessions", "3", "--feed", "f.json", "--seconds", "90000ms", "--seed", "16", "--users", "u.json",
            "--policy", "abema", "--policy", "default", "--layout", "feed",
        ])
    }
}
