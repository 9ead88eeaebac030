/// One flag of a subcommand, declared once: how it is written, how its value is read
/// into the subcommand's options, what `--help` says of it, which kinds of run refuse
/// it, whether the command line a report shows keeps it, and how the arguments that fix
/// what a run computes record it.
///
/// A subcommand's list of these, in the order its help lists them, is the one place its
/// flags are known: its parser looks flags up in it, its help's USAGE and OPTIONS are
/// drawn from it, and its refusals, shown command and recorded arguments are read off it.
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
    /// How the help's USAGE synopsis writes the flag.
    let usage: FlagUsage
    /// Whether the command line a report prints keeps the flag: `false` for the flags
    /// that only say where a run writes or how it is spread over workers and shards, so
    /// that a report is the same bytes whatever they were.
    let isShownInReports: Bool
    /// Why each kind of run that refuses the flag does, as the words that follow the
    /// flag's name in the error: `with --traces: the traces are the sessions`.
    let refusals: [RunMode: String]
    /// How the arguments that fix what a run computes write the flag (a trace's `source`
    /// names its run by them); `nil` for a flag that changes only how a run goes or where
    /// it writes.
    let canonicalForm: CanonicalForm?
    /// Reads the flag into the options; the scanner stands on the flag, so its value
    /// (if the flag takes one) is the scanner's next.
    let read: @Sendable (inout Options, inout ArgumentScanner) throws(CommandLineError) -> Void
    /// Reads a bare operand that follows the flag (`--traces a.jsonl b.jsonl`, as a
    /// shell's glob writes them); `nil` when operands after the flag are unexpected.
    let readFollowingOperand: (@Sendable (inout Options, String) -> Void)?

    /// A flag named `name`, read by `read`; see each property for the others.
    init(_ name: String, value valueName: String? = nil, usage: FlagUsage = FlagUsage(), help: String?,
         isShownInReports: Bool = true, refusals: [RunMode: String] = [:], canonicalForm: CanonicalForm? = nil,
         readFollowingOperand: (@Sendable (inout Options, String) -> Void)? = nil,
         read: @escaping @Sendable (inout Options, inout ArgumentScanner) throws(CommandLineError) -> Void) {
        self.name = name
        self.valueName = valueName
        self.usage = usage
        self.help = help
        self.isShownInReports = isShownInReports
        self.refusals = refusals
        self.canonicalForm = canonicalForm
        self.readFollowingOperand = readFollowingOperand
        self.read = read
    }

    /// The flag as the help's OPTIONS column writes it: `--seconds S`, `--json`.
    var synopsis: String { valueName.map { name + " " + $0 } ?? name }

    /// How a flag is written among the arguments that fix what a run computes: once for
    /// each of its values, at its place in the table or at ``position``.
    struct CanonicalForm: Sendable {
        /// The flag's index among the flags written, when it is not written at its place
        /// in the table.
        let position: Int?
        /// The flag's values in a run of the options, in order: the flag is written once
        /// before each, and left out when there is none.
        let values: @Sendable (Options) -> [String]

        /// A flag written before each of `values`, at `position` (`nil`: at its place in the table).
        init(position: Int? = nil, _ values: @escaping @Sendable (Options) -> [String]) {
            self.position = position
            self.values = values
        }
    }

    /// The arguments that fix what a run of `options` computes: each flag of `flags`
    /// that has a ``canonicalForm``, in the table's order or at its position, before each
    /// of its values.
    static func canonicalArguments(of options: Options, flags: [CommandFlag]) -> [String] {
        let written = placed(flags.filter { $0.canonicalForm != nil }) { $0.canonicalForm?.position }
        return written.flatMap { flag in (flag.canonicalForm?.values(options) ?? []).flatMap { [flag.name, $0] } }
    }

    /// `flags` in their order, except that each flag `position` gives an index is moved
    /// there (the lowest index first; past the end, at the end).
    static func placed(_ flags: [CommandFlag], position: (CommandFlag) -> Int?) -> [CommandFlag] {
        var ordered = flags.filter { position($0) == nil }
        let moved = flags.compactMap { flag in position(flag).map { (index: $0, flag: flag) } }
        for (index, flag) in moved.sorted(by: { $0.index < $1.index }) {
            ordered.insert(flag, at: min(index, ordered.count))
        }
        return ordered
    }

    /// This flag as a flag of options that hold these at `keyPath`: read, written in USAGE,
    /// described, refused and recorded the same way.
    func lifted<Outer>(into keyPath: any WritableKeyPath<Outer, Options> & Sendable) -> CommandFlag<Outer> {
        lifted(into: keyPath, help: help, refusals: refusals)
    }

    /// This flag as a flag of options that hold these at `keyPath` (`sweep`'s
    /// ``SweepOptions/simulation``): read, written in USAGE and recorded the same way,
    /// described and refused as given.
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
        let canonicalForm = self.canonicalForm.map { form in
            CommandFlag<Outer>.CanonicalForm(position: form.position) { outer in form.values(outer[keyPath: keyPath]) }
        }
        return CommandFlag<Outer>(name, value: valueName ?? self.valueName, usage: usage, help: help,
                                  isShownInReports: isShownInReports, refusals: refusals, canonicalForm: canonicalForm,
                                  readFollowingOperand: readOuterOperand, read: readOuter)
    }
}
