extension HelpText {
    /// One synopsis of a subcommand's USAGE: its operands, then the flags of its table that
    /// one or more kinds of run take, each as its ``FlagUsage`` says, over as many lines
    /// as ``lineLengths`` has (the one layout a table cannot say).
    struct Synopsis {
        /// The operands, written before the flags: `<FILE | ->`; `nil` for none.
        var operands: String?
        /// The kinds of run the synopsis is of: it lists the flags one of them takes (see
        /// ``CommandFlag/refusals``), the flag that asks for one of them first (see
        /// ``FlagUsage/selects``); `nil` for every flag of the table.
        var modes: Set<RunMode>?
        /// How many elements each line holds (the operands, a flag, or choices in one pair
        /// of brackets); the elements past them wrap at 80 columns.
        var lineLengths: [Int]

        /// A synopsis of `operands` and `modes`'s flags, laid out in `lineLengths`.
        init(operands: String? = nil, modes: Set<RunMode>? = nil, lineLengths: [Int]) {
            self.operands = operands
            self.modes = modes
            self.lineLengths = lineLengths
        }
    }

    /// The lines of a help's USAGE, from `USAGE:` on: each synopsis of `subcommand`
    /// drawn from its `flags`, the lines after a synopsis' first indented under its
    /// first element. No newline after the last line.
    static func usage<Options>(_ subcommand: String, _ flags: [CommandFlag<Options>], _ synopses: [Synopsis]) -> String {
        var lines: [String] = []
        for (index, synopsis) in synopses.enumerated() {
            let prefix = (index == 0 ? "USAGE: " : "       ") + "impressions " + subcommand
            let indentation = String(repeating: " ", count: prefix.count + 1)
            var elements = ArraySlice([synopsis.operands].compactMap { $0 } + Self.elements(of: synopsis, flags))
            var lengths = synopsis.lineLengths[...]
            var line = prefix + " "
            guard !elements.isEmpty else {
                lines.append(prefix)
                continue
            }
            while !elements.isEmpty {
                var taken = [elements.removeFirst()]
                if let length = lengths.popFirst() {
                    while taken.count < length, let next = elements.popFirst() { taken.append(next) }
                } else {
                    while let next = elements.first, line.count + (taken + [next]).joined(separator: " ").count <= 80 {
                        taken.append(elements.removeFirst())
                    }
                }
                lines.append(line + taken.joined(separator: " "))
                line = indentation
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The flags' elements of `synopsis`, in order: `[--seconds S]`, `--policy P`,
    /// `[--sections N | --feed FILE.json]`.
    private static func elements<Options>(of synopsis: Synopsis, _ flags: [CommandFlag<Options>]) -> [String] {
        let modes = synopsis.modes
        // Whether the synopsis is of the kind of run `flag` asks for (see FlagUsage.selects).
        func leads(_ flag: CommandFlag<Options>) -> Bool {
            guard let modes, let selected = flag.usage.selects else { return false }
            return modes.contains(selected)
        }
        let taken = flags.filter { flag in
            guard let modes else { return true }
            if let selected = flag.usage.selects { return modes.contains(selected) }
            return modes.contains { flag.refusals[$0] == nil }
        }
        let listed = CommandFlag.placed(taken.filter(leads) + taken.filter { !leads($0) }) { $0.usage.position }
        var groups: [(choices: [String], isRequired: Bool)] = []
        // The flag the last group ends with, which a flag that is its alternative joins.
        var lastFlag: String?
        for flag in listed {
            let choice = flag.name + ((flag.usage.value ?? flag.valueName).map { " " + $0 } ?? "")
            let tableIndex = flags.firstIndex { $0.name == flag.name } ?? 0
            if flag.usage.isAlternative, tableIndex > 0, flags[tableIndex - 1].name == lastFlag {
                groups[groups.count - 1].choices.append(choice)
            } else {
                groups.append(([choice], flag.usage.isRequired || leads(flag)))
            }
            lastFlag = flag.name
            if let again = flag.usage.again, modes?.contains(again.selects) ?? true {
                groups.append(([flag.name + " " + again.value], false))
                lastFlag = nil
            }
        }
        return groups.map { group in
            let choices = group.choices.joined(separator: " | ")
            return group.isRequired ? choices : "[" + choices + "]"
        }
    }
}
