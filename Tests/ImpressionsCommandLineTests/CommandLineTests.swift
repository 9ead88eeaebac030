import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("The impressions command line")
struct CommandLineTests {
    @Test("no flags: the built-in defaults")
    func defaults() throws {
        let options = try SimulateOptions.parse([])
        let users = try #require(options.run.simulatedUsers)
        #expect(options.mode == .generatedSessions)
        #expect(users.sessions == 200 && users.sections == 2000)
        #expect(users.sessionDuration == .seconds(60) && options.seed == 1)
        #expect(options.effectivePolicies.map(\.name) == ["default", "mrc-display", "abema"])
        #expect(!options.json && options.workers == nil)
    }

    @Test("every flag, with a space or an equals sign; --policy repeats")
    func flags() throws {
        let options = try SimulateOptions.parse([
            "--sessions", "1000", "--sections=50", "--seconds", "1.5m", "--seed", "0xff",
            "--policy", "abema", "--policy=ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit",
            "--workers", "3", "--layout", "feed", "--json",
        ])
        let users = try #require(options.run.simulatedUsers)
        #expect(users.sessions == 1000 && users.sections == 50)
        #expect(users.sessionDuration == .seconds(90) && options.seed == 255)
        #expect(options.workers == 3 && options.json && users.layoutScope == .wholeFeed)
        #expect(options.policies.count == 2)
        #expect(options.policies[0] == NamedPolicy(name: "abema", policy: .abema))
        #expect(options.policies[1].policy == ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2),
                                                                 measure: .area, recurrence: .oncePerVisit))
        #expect(options.policies[1].name == "ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit")
        #expect(try SimulateOptions.parse(["--sessions", "5", "--sessions", "7"]).run.simulatedUsers?.sessions == 7)
    }

    @Test("each kind of run carries the options it takes: one feed, two feeds, traces")
    func kindsOfRun() throws {
        let one = try SimulateOptions.parse(["--feed", "a.json", "--trace-out", "t", "--sessions", "9"])
        guard case .generatedSessions(let generated) = one.run else {
            Issue.record("one --feed generates sessions")
            return
        }
        #expect(generated.feedPath == "a.json" && generated.traceDirectory == "t" && generated.users.sessions == 9)
        let two = try SimulateOptions.parse(["--feed", "a.json", "--users", "u.json", "--feed", "b.json"])
        guard case .layoutComparison(let layouts) = two.run else {
            Issue.record("two --feed compare layouts")
            return
        }
        #expect(layouts.feedPathA == "a.json" && layouts.feedPathB == "b.json" && layouts.users.usersPath == "u.json")
        let traces = try SimulateOptions.parse(["--traces", "x", "y", "--feed", "a.json", "--keep-going", "--max-sections", "5"])
        guard case .recordedTraces(let recorded) = traces.run else {
            Issue.record("--traces re-measures traces")
            return
        }
        #expect(recorded.paths == ["x", "y"] && recorded.feedPath == "a.json" && recorded.keepGoing)
        #expect(recorded.limits.maximumSectionsPerLayout == 5 && traces.run.simulatedUsers == nil)
    }

    @Test("every preset reads back by its name; the default comparison is presets under their own names")
    func presetNames() throws {
        for preset in PolicyPresets.all { #expect(try NamedPolicy(parsing: preset.name) == preset) }
        #expect(Set(PolicyPresets.names).count == PolicyPresets.all.count)
        #expect(NamedPolicy.defaults.allSatisfy { PolicyPresets.named($0.name) == $0 })
    }

    @Test("inline policies: presets, overrides, percentages, names")
    func policies() throws {
        #expect(try NamedPolicy(parsing: "mrc-display,duration=2s").policy == .mrcVideo)
        #expect(try NamedPolicy(parsing: "ratio=80%").policy.minimumVisibleRatio == 0.8)
        #expect(try NamedPolicy(parsing: "duration=500ms").policy.minimumDuration == .milliseconds(500))
        #expect(try NamedPolicy(parsing: "duration=0").policy.minimumDuration == .zero)
        #expect(try NamedPolicy(parsing: " ratio = 0 , recurrence = once-per-tracker ").policy
                == ImpressionPolicy(minimumVisibleRatio: 0, recurrence: .oncePerTracker))
        #expect(try NamedPolicy(parsing: "abema,name=ABEMA 2s").name == "ABEMA 2s")
        for bad in ["", "nope", "ratio=1.5", "ratio=-0.1", "ratio=abc", "ratio=nan", "duration=-1s",
                    "duration=inf", "duration=2 hours", "measure=volume", "recurrence=sometimes",
                    "colour=red", "ratio=0.5,ratio=0.6", "ratio=0.5,abema", "ratio=0.5,,", "name="] {
            #expect(throws: PolicyParseError.self, "\(bad)") { try NamedPolicy(parsing: bad) }
        }
    }

    @Test("a bad value: one line naming the flag and the value, a usage hint, status 2",
          arguments: [
              (["--sessions", "abc"], "invalid value 'abc' for --sessions"),
              (["--sessions", "0"], "invalid value '0' for --sessions"),
              (["--sessions", "99999999999999999999"], "invalid value '99999999999999999999' for --sessions"),
              (["--sections", "-3"], "invalid value '-3' for --sections"),
              (["--seconds", "0"], "invalid value '0' for --seconds"),
              (["--seconds", "nan"], "invalid value 'nan' for --seconds"),
              (["--seconds=1e9"], "invalid value '1e9' for --seconds"),
              (["--seed", "-1"], "invalid value '-1' for --seed"),
              (["--seed", "0xZZ"], "invalid value '0xZZ' for --seed"),
              (["--policy", "ratio=1.5"], "invalid value 'ratio=1.5' for --policy: ratio must be in 0...1"),
              (["--policy", "abemaa"], "invalid value 'abemaa' for --policy: unknown preset 'abemaa'"),
              (["--workers", "0"], "invalid value '0' for --workers"),
              (["--layout", "grid"], "invalid value 'grid' for --layout"),
              (["--sessions"], "missing value for --sessions"),
              (["--policy", "--json"], "missing value for --policy"),
              (["--json=yes"], "--json takes no value"),
              (["--frobnicate"], "unknown option '--frobnicate'"),
              (["extra"], "unexpected argument 'extra'"),
          ])
    func badValues(arguments: [String], message: String) async {
        let io = CapturedIO()
        let status = await ImpressionsCommand.run(arguments: ["simulate"] + arguments, io: io)
        #expect(status == 2)
        let lines = io.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)         // two lines, each ending in a newline
        #expect(lines.first?.hasPrefix("impressions simulate: " + message) == true, "\(lines)")
        #expect(lines.dropFirst().first == "Run 'impressions simulate --help' for usage.")
        #expect(io.standardOutput.isEmpty)
    }

    @Test("unknown subcommands and a bare command are usage errors")
    func toolErrors() async {
        let unknown = await impressions("simulat")
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("impressions: unknown subcommand 'simulat'\nRun 'impressions --help' for usage.\n"))
        let bare = await impressions()
        #expect(bare.status == 2 && bare.error.contains("USAGE: impressions <subcommand>"))
        #expect(await impressions("--verbose").status == 2)
        #expect(await impressions("help", "nothing").status == 2)
    }

    @Test("--help on the tool and on simulate, in every spelling", arguments: [
        ["--help"], ["-h"], ["help"], ["simulate", "--help"], ["simulate", "-h"], ["help", "simulate"],
        ["simulate", "--sessions", "abc", "--help"],
    ])
    func help(arguments: [String]) async {
        let io = CapturedIO()
        let status = await ImpressionsCommand.run(arguments: arguments, io: io)
        #expect(status == 0)
        #expect(io.standardOutput.contains("USAGE: impressions"))
        #expect(io.standardError.isEmpty)
        if arguments.contains("simulate") {
            for flag in ["--sessions", "--sections", "--seconds", "--seed", "--policy", "--json", "--workers"] {
                #expect(io.standardOutput.contains(flag))
            }
        }
    }

    @Test("simulate prints the table, the same bytes every time and on any number of workers")
    func simulate() async {
        let first = await impressions("simulate", "--sessions", "6", "--sections", "80", "--seconds", "15", "--workers", "1")
        let second = await impressions("simulate", "--sessions", "6", "--sections", "80", "--seconds", "15", "--workers", "5")
        #expect(first.status == 0 && second.status == 0)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix("6 sessions of 15 s on a feed of 80 sections, seed 1"))
        #expect(first.output.contains("first impression p50"))
        #expect(first.error.isEmpty)            // not a terminal: no progress bar
        let otherSeed = await impressions("simulate", "--sessions", "6", "--sections", "80", "--seconds", "15", "--seed", "2")
        #expect(otherSeed.output != first.output)
    }

    @Test("--sections-out writes a row per section and policy, the same bytes on any number of workers")
    func sectionsOut() async throws {
        let directory = try temporaryDirectory()
        let run = ["simulate", "--sessions", "9", "--sections", "60", "--seconds", "15", "--policy", "default", "--policy", "abema"]
        var files: [String] = []
        for workers in ["1", "4"] {
            let path = directory + "/sections-\(workers).csv"
            let result = await impressions(arguments: run + ["--workers", workers, "--sections-out", path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("viewable rate (impressed / rendered)"))
            files.append(try String(contentsOfFile: path, encoding: .utf8))
        }
        #expect(files[0] == files[1])
        let lines = files[0].split(separator: "\n")
        #expect(lines.count == 1 + 60 * 2)
        #expect(lines[0] == "section,kind,position,policy,fingerprint,sessions,rendered,impressed,viewable_rate,mean_time_in_view_ms")
        #expect(lines[1].hasPrefix("0,") && lines[1].contains(",default,\(ImpressionPolicy.default.fingerprint),9,9,")
                && lines[2].contains(",abema,\(ImpressionPolicy.abema.fingerprint),9,9,"))
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 10 })
        let unwritable = await impressions(arguments: run + ["--sections-out", directory + "/missing/sections.csv"])
        #expect(unwritable.status == 1 && unwritable.output.isEmpty && unwritable.error.contains("cannot write"))
    }

    @Test("--json prints JSON with every policy")
    func json() async {
        let result = await impressions("simulate", "--sessions", "4", "--sections", "40", "--seconds", "10",
                                       "--policy", "default", "--policy", "ratio=0.8,duration=2s,name=strict \"80\"", "--json")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("{\n  \"sessions\": 4,\n"))
        #expect(result.output.hasSuffix("}\n"))
        #expect(result.output.contains("\"name\": \"default\""))
        #expect(result.output.contains("\"name\": \"strict \\\"80\\\"\""))
        #expect(result.output.contains("\"firstImpressionSeconds\""))
        #expect(result.output.contains("\"viewabilityByKind\"") && result.output.contains("\"meanTimeInViewSeconds\""))
        // Balanced brackets, outside strings.
        var depth = 0
        var inString = false
        var escaped = false
        for character in result.output {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]": depth -= 1; #expect(depth >= 0)
            default: break
            }
        }
        #expect(depth == 0 && !inString)
    }

    @Test("on a terminal, a progress bar on standard error, then erased")
    func progressBar() async {
        let result = await impressions("simulate", "--sessions", "8", "--sections", "40", "--seconds", "5", terminal: true)
        #expect(result.status == 0)
        #expect(result.error.contains("100%"))
        #expect(result.error.contains("8/8 sessions"))
        #expect(result.error.contains("session-seconds per second"))
        #expect(!result.output.contains("%]"))
    }

    @Test("odd arguments never crash", arguments: [
        ["simulate", "--seconds", "0.0001"], ["simulate", "--sections", "1", "--seconds", "3"],
        ["simulate", "--seed", "18446744073709551615", "--sessions", "2", "--seconds", "3"],
        ["simulate", "--seed", "18446744073709551616"], ["simulate", "--policy", "=,="], ["simulate", "-"],
        ["simulate", "--policy", "ratio=0,duration=0s", "--sessions", "2", "--sections", "3", "--seconds", "3"],
        ["simulate", "--policy", "\u{0}", "--json"], ["simulate", "--=x"], ["", ""],
    ])
    func oddArguments(arguments: [String]) async {
        let io = CapturedIO()
        let status = await ImpressionsCommand.run(arguments: arguments, io: io)
        #expect(status == 0 || status == 2)
        if status == 2 { #expect(io.standardError.split(separator: "\n").count == 2) }
    }
}
