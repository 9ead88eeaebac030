/// Walks a subcommand's arguments flag by flag: `--flag value`, `--flag=value`, and
/// bare operands; the one place that knows how values attach to flags.
struct ArgumentScanner {
    private let arguments: [String]
    private let subcommand: String
    private var position = 0
    /// The flag being read, e.g. `--sessions`.
    private(set) var flag = ""
    private var attachedValue: String?

    init(_ arguments: [String], subcommand: String) {
        self.arguments = arguments
        self.subcommand = subcommand
    }

    /// Whether a subcommand's `arguments` ask for its help: `--help` or `-h` anywhere
    /// among them, which then wins over every other argument, even one that is wrong.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--help" || $0 == "-h" }
    }

    /// An error about this subcommand.
    func fail(_ message: String) -> CommandLineError { CommandLineError(subcommand: subcommand, message) }

    /// `invalid value 'x' for --flag: expectation`.
    func invalid(_ text: String, _ expectation: String) -> CommandLineError {
        fail("invalid value '\(text)' for \(flag): \(expectation)")
    }

    /// The next argument: `.flag` (see ``flag``) or `.operand`; `nil` at the end.
    /// `-` alone is an operand (standard input).
    mutating func next() -> Argument? {
        guard position < arguments.count else { return nil }
        let argument = arguments[position]
        position += 1
        attachedValue = nil
        guard argument.hasPrefix("-"), argument.count > 1 else { return .operand(argument) }
        flag = argument
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            flag = String(argument[..<equals])
            attachedValue = String(argument[argument.index(after: equals)...])
        }
        return .flag(flag)
    }

    /// The value of the current flag: attached with `=`, or the next argument.
    mutating func value() throws(CommandLineError) -> String {
        if let attachedValue { return attachedValue }
        guard position < arguments.count, !arguments[position].hasPrefix("--") else {
            throw fail("missing value for \(flag)")
        }
        position += 1
        return arguments[position - 1]
    }

    /// Refuses a value given to a flag that takes none (`--json=yes`).
    func noValue() throws(CommandLineError) {
        if let attachedValue { throw fail("\(flag) takes no value, got '\(attachedValue)'") }
    }

    /// A whole number in `range`.
    mutating func integer(in range: ClosedRange<Int>) throws(CommandLineError) -> Int {
        let text = try value()
        guard let number = Int(text), range.contains(number) else {
            throw invalid(text, "expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A seed, decimal or `0x` hexadecimal (see ``SimulateOptions/parseSeed(_:)``).
    mutating func seed() throws(CommandLineError) -> UInt64 {
        let text = try value()
        guard let seed = SimulateOptions.parseSeed(text) else {
            throw invalid(text, "expected a whole number in 0...18446744073709551615, decimal or 0x-hexadecimal")
        }
        return seed
    }

    enum Argument: Equatable {
        case flag(String)
        case operand(String)
    }
}
