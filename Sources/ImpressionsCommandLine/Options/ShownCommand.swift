/// The command line a report prints: what the user typed, so that pasting it into a
/// shell runs the same computation again.
///
/// The flags that only say where a run writes or how many threads it uses are left out,
/// so that the page is the same bytes wherever it was written from and on any number of
/// workers; every other argument is printed as given (`--seconds 60` stays `60`, two
/// `--feed` files stay side by side), quoted for a POSIX shell where it needs quoting.
enum ShownCommand {
    /// `impressions <subcommand>` and `arguments` as given, less the flags of `flags`
    /// that a report does not show (``CommandFlag/isShownInReports``) with their values,
    /// each argument quoted as a shell needs it. `arguments` are ones the subcommand's
    /// parser accepted, so a flag that takes a value is followed by it unless written
    /// `--flag=value`.
    static func text<Options>(subcommand: String, arguments: [String], flags: [CommandFlag<Options>]) -> String {
        let leftOut = Dictionary(flags.filter { !$0.isShownInReports }.map { ($0.name, $0.valueName != nil) },
                                 uniquingKeysWith: { first, _ in first })
        var shown: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let flag = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            if let takesValue = leftOut[flag] {
                if takesValue && !argument.contains("=") { index += 1 }
                continue
            }
            shown.append(quoted(argument))
        }
        return (["impressions", subcommand] + shown).joined(separator: " ")
    }

    /// `argument` as a POSIX shell reads it back: bare when every character is one a
    /// shell leaves alone, else in single quotes (a quote inside written `'\''`).
    static func quoted(_ argument: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%")
        if !argument.isEmpty, argument.allSatisfy(plain.contains) { return argument }
        return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
