extension HelpText {
    /// The lines of a help's OPTIONS drawn from a subcommand's flags, in their order,
    /// then `-h, --help`: each flag (or the flags described together) two spaces in,
    /// its description from `column` on, beside the flags' last line when it ends
    /// before `column`, else from the next line. No newline after the last line.
    static func options<Options>(_ flags: [CommandFlag<Options>], column: Int) -> String {
        // Flags without a description of their own join the entry of the one before.
        var entries: [(synopses: [String], description: String)] = []
        for flag in flags {
            if let description = flag.help {
                entries.append(([flag.synopsis], description))
            } else if !entries.isEmpty {
                entries[entries.count - 1].synopses.append(flag.synopsis)
            }
        }
        entries.append((["-h", "--help"], "Show this help."))
        let indentation = String(repeating: " ", count: column)
        var lines: [String] = []
        for entry in entries {
            // The flags, as many to a line as fit in 78 columns, each but the last with a comma.
            var labels = ["  "]
            for (index, synopsis) in entry.synopses.enumerated() {
                let item = synopsis + (index == entry.synopses.count - 1 ? "" : ",")
                let separator = labels[labels.count - 1] == "  " ? "" : " "
                if labels[labels.count - 1].count + separator.count + item.count > 78 {
                    labels.append("  " + item)
                } else {
                    labels[labels.count - 1] += separator + item
                }
            }
            var description = entry.description.split(separator: "\n", omittingEmptySubsequences: false)
                .map { indentation + $0 }
            let label = labels.removeLast()
            lines += labels
            if label.count < column {
                description[0] = label + String(repeating: " ", count: column - label.count) + description[0].dropFirst(column)
            } else {
                lines.append(label)
            }
            lines += description
        }
        return lines.joined(separator: "\n")
    }
}
