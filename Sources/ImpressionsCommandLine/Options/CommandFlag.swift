/// One flag of a subcommand, declared once: how it is written, how its value is read
/// into the subcommand's options, what `--help` says of it, which kinds of run refuse
/// it, and whether the command line a report shows keeps it.
///
/// A subcommand's list of these, in the order its help lists them, is the one place its
/// flags are known: its parser looks flags up in it, its help's OPTIONS are drawn from
/// it, and its refusals and shown command are read off it.
struct CommandFlag<Options>: Sendable {
    /// How the flag is written: `--seconds`.
    let name: String
    /// The value's name in the help (`S`, `FILE`, `PATH...`); `nil` for a flag that
    /// takes no value.
    let valueName: String?
    /// The flag's description in the help, its lines as printed but without their
    /// indentation; `nil` when the flag is described together with the one before it
    /// (`--max-line-bytes N, --max-sections N`).
    let help: String?
    /// Whether the command line a report prints keeps the flag: `false` for the flags
    /// that only say where a run writes or how it is spread over workers and shards, so
    /// that a report is the same bytes whatever they were.
    let isShownInReports: Bool
    /// Why each kind of run that refuses the flag does, as the words that follow the
    /// flag's name in the error: `with --traces: the traces are the sessions`.
    let refusals: [RunMode: String]
    /// Reads the flag into the options; the scanner stands on the flag, so its value
    /// (if the flag takes one) is the scanner's next.
    let read: @Sendable (inout Options, inout ArgumentScanner) throws(CommandLineError) -> Void
    /// Reads a bare operand that follows the flag (`--traces a.jsonl b.jsonl`, as a
    /// shell's glob writes them); `nil` when operands after the flag are unexpected.
    let readFollowingOperand: (@Sendable (inout Options, String) -> Void)?

    /// A flag named `name`, read by `read`; see each property for the others.
    init(_ name: String, value valueName: String? = nil, help: String?, isShownInReports: Bool = true,
         refusals: [RunMode: String] = [:],
         readFollowingOperand: (@Sendable (inout Options, String) -> Void)? = nil,
         read: @escaping @Sendable (inout Options, inout ArgumentScanner) throws(CommandLineError) -> Void) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isShownInReports = isShownInReports
        self.refusals = refusals
        self.readFollowingOperand = readFollowingOperand
        self.read = read
    }

    /// The flag as the help's OPTIONS column writes it: `--seconds S`, `--json`.
    var synopsis: String { valueName.map { name + " " + $0 } ?? name }

    /// This flag as a flag of options that hold these at `keyPath` (`sweep`'s
    /// ``SweepOptions/simulation``): read the same way, described and refused as given.
    func lifted<Outer>(into keyPath: any WritableKeyPath<Outer, Options> & Sendable, value valueName: String? = nil,
                       help: String?, refusals: [RunMode: String] = [:]) -> CommandFlag<Outer> {
        let read = self.read
        var readOuterOperand: (@Sendable (inout Outer, String) -> Void)?
        if let readOperand = readFollowingOperand {
            readOuterOperand = { outer, operand in readOperand(&outer[keyPath: keyPath], operand) }
        }
        let readOuter: @Sendable (inout Outer, inout ArgumentScanner) throws(CommandLineError) -> Void = { outer, scanner throws(CommandLineError) in
            try read(&outer[keyPath: keyPath], &scanner)
        }
        return CommandFlag<Outer>(name, value: valueName ?? self.valueName, help: help, isShownInReports: isShownInReports,
                                  refusals: refusals, readFollowingOperand: readOuterOperand, read: readOuter)
    }
}
