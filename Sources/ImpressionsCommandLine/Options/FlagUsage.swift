/// How a subcommand's USAGE synopsis writes one of its flags: `[--seconds S]`,
/// `--claimed <FILE | ->`, `[--sections N | --feed FILE.json]`.
///
/// By default a flag is optional, in brackets, with the value name its OPTIONS entry
/// shows, at its place in the subcommand's table; each property says otherwise.
struct FlagUsage: Sendable {
    /// The value's name in the synopsis when it is not the one OPTIONS shows: `FILE.json`,
    /// `window|feed`, or `P ...` for a flag written again for each value.
    var value: String?
    /// Whether a run needs the flag: the synopsis writes it without brackets.
    var isRequired = false
    /// Whether the flag is the other choice to the flag before it in the table: both in
    /// one pair of brackets, `[--sections N | --feed FILE.json]`, when a synopsis lists both.
    var isAlternative = false
    /// The kind of run that giving the flag asks for (`--traces`): that kind's synopsis
    /// starts with the flag, without brackets, and the synopses of other kinds leave it out.
    var selects: RunMode?
    /// The flag given a second time: the value's name then, and the kind of run that asks
    /// for. A synopsis of that kind lists it after the first, `[--feed B.json]`.
    var again: (value: String, selects: RunMode)?
    /// The flag's index among the flags a synopsis lists, when the synopsis does not list
    /// it at its place in the table.
    var position: Int?
}
