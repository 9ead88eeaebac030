/// The options of `impressions simulate`, read from its arguments by hand (the package
/// has no dependencies, so no argument-parser library).
package struct SimulateOptions: Hashable, Sendable {
    package var sessions = 200
    package var sections = 2000
    package var sessionDuration: Duration = .seconds(60)
    package var seed: UInt64 = 1
    package var policies: [NamedPolicy] = []
    package var workers: Int?
    package var json = false
    package var layoutScope: FeedLayout.Scope = .window(marginScreens: 2)
    /// `--help` was given: print the help and nothing else.
    package var help = false

    package init() {}

    /// The policies to run: those given, or ``NamedPolicy/defaults``.
    package var effectivePolicies: [NamedPolicy] { policies.isEmpty ? NamedPolicy.defaults : policies }

    /// The configuration these options describe.
    package var configuration: SimulationConfiguration {
        SimulationConfiguration(
            sessionCount: sessions, sectionCount: sections, sessionDuration: sessionDuration,
            seed: seed, policies: effectivePolicies, layoutScope: layoutScope)
    }

    static let sessionRange = 1...1_000_000
    static let sectionRange = 1...1_000_000
    static let workerRange = 1...1024
    static let maximumSeconds = 86_400.0

    /// Reads `simulate`'s arguments (without the subcommand).
    ///
    /// Accepts `--flag value` and `--flag=value`; a repeated flag takes its last value,
    /// except `--policy`, which adds a policy each time.
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> SimulateOptions {
        var options = SimulateOptions()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            options.help = true
            return options
        }
        var position = 0
        func fail(_ message: String) -> CommandLineError { CommandLineError(subcommand: "simulate", message) }
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw fail("unexpected argument '\(argument)'")
            }
            var flag = argument
            var attachedValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                flag = String(argument[..<equals])
                attachedValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(CommandLineError) -> String {
                if let attachedValue { return attachedValue }
                guard position < arguments.count, !arguments[position].hasPrefix("--") else {
                    throw fail("missing value for \(flag)")
                }
                position += 1
                return arguments[position - 1]
            }
            func invalid(_ text: String, _ expectation: String) -> CommandLineError {
                fail("invalid value '\(text)' for \(flag): \(expectation)")
            }
            switch flag {
            case "--sessions":
                let text = try value()
                guard let count = Int(text), sessionRange.contains(count) else {
                    throw invalid(text, "expected a whole number in 1...1000000")
                }
                options.sessions = count
            case "--sections":
                let text = try value()
                guard let count = Int(text), sectionRange.contains(count) else {
                    throw invalid(text, "expected a whole number in 1...1000000")
                }
                options.sections = count
            case "--seconds":
                let text = try value()
                guard let seconds = NamedPolicy.parseSeconds(text), seconds > 0, seconds <= maximumSeconds else {
                    throw invalid(text, "expected a session length in seconds, more than 0 and at most 86400 (e.g. 60, 90s, 2m)")
                }
                options.sessionDuration = .microseconds(Int64((seconds * 1_000_000).rounded()))
            case "--seed":
                let text = try value()
                guard let seed = parseSeed(text) else {
                    throw invalid(text, "expected a whole number in 0...18446744073709551615, decimal or 0x-hexadecimal")
                }
                options.seed = seed
            case "--policy":
                let text = try value()
                do throws(PolicyParseError) {
                    options.policies.append(try NamedPolicy(parsing: text))
                } catch {
                    throw invalid(text, error.message)
                }
            case "--workers":
                let text = try value()
                guard let count = Int(text), workerRange.contains(count) else {
                    throw invalid(text, "expected a whole number in 1...1024")
                }
                options.workers = count
            case "--layout":
                let text = try value()
                switch text {
                case "window": options.layoutScope = .window(marginScreens: 2)
                case "feed": options.layoutScope = .wholeFeed
                default: throw invalid(text, "expected window or feed")
                }
            case "--json":
                guard attachedValue == nil else { throw fail("--json takes no value, got '\(attachedValue ?? "")'") }
                options.json = true
            default:
                throw fail("unknown option '\(flag)'")
            }
        }
        return options
    }

    /// A seed written in decimal or as `0x` hexadecimal; `nil` otherwise.
    static func parseSeed(_ text: String) -> UInt64? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            let digits = lowered.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt64(digits, radix: 16)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(text)
    }
}
