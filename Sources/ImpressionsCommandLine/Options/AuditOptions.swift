import ImpressionSimulation
import ImpressionTracking

/// The options of `impressions audit`, read by hand like ``ReplayOptions``.
package struct AuditOptions: Hashable, Sendable {
    /// The traces to replay, in audit order (sorted by ``traceNames``); `-` for standard
    /// input, which is then the only one.
    package var paths: [String] = []
    /// The name claims give each trace of ``paths``: its file name without the extension.
    package var traceNames: [String] = []
    /// `--claimed FILE`: the claimed impressions, one JSON object per line.
    package var claimedPath = ""
    /// `--policy P`: the definition the claims are audited against.
    package var policy = NamedPolicy(name: "default", policy: .default)
    /// `--their-interval D`: the other code's sample interval, the tolerance of a late
    /// claim; `nil` for the trace's own sample interval.
    package var theirInterval: Duration?
    /// `--om-log FILE`: an OM SDK's log of `geometryChange` events to set against ours.
    package var omLogPath: String?
    /// `--om-tolerance POINTS`: how far the log's percentage may be from ours.
    package var omTolerance: Double?
    /// `--json`: the report as JSON instead of text.
    package var json = false
    /// `--report FILE`: also write the report as a self-contained HTML page there.
    package var reportPath: String?
    /// `--shard i/n`: audit the i-th of n slices of the traces and print a shard for
    /// `impressions merge`; `nil` for the whole audit.
    package var shard: Shard?
    /// `--keep-going`: skip bad lines and claims, and count them, instead of stopping.
    package var keepGoing = false
    /// `--max-line-bytes`, `--max-sections`: the decoders' limits.
    package var limits = TraceLimits()
    /// The arguments as the user gave them, for ``reportCommand``.
    package var givenArguments: [String] = []
    /// `--claimed` as read, `nil` until it is given: ``parse`` requires it once.
    var givenClaimedPath: String?
    /// `--policy` as read, `nil` until it is given: ``parse`` requires it once.
    var givenPolicy: NamedPolicy?

    /// The options of `impressions audit` alone: every default, no files yet.
    package init() {}

    /// The command line the HTML report shows: the arguments as given, less where the
    /// audit writes (see ``ShownCommand``).
    package var reportCommand: String {
        ShownCommand.text(subcommand: "audit", arguments: givenArguments, flags: Self.flags)
    }

    /// Reads `audit`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> AuditOptions {
        var options = AuditOptions()
        options.givenArguments = arguments
        var scanner = ArgumentScanner(arguments, subcommand: "audit")
        let paths = try scanner.readFlags(flags, into: &options, takesOperands: true).operands
        let (claimed, policy) = (options.givenClaimedPath, options.givenPolicy)
        guard !paths.isEmpty else { throw scanner.fail("missing the trace to audit against (a file, or - for standard input)") }
        guard let claimed else { throw scanner.fail("missing --claimed FILE: the impressions to audit") }
        guard let policy else { throw scanner.fail("missing --policy P: the definition to audit against") }
        guard !(paths.contains("-") && claimed == "-") else {
            throw scanner.fail("the trace and the claims cannot both be standard input")
        }
        guard paths.count == 1 || !paths.contains("-") else {
            throw scanner.fail("standard input (-) can only be the one trace audited: name each of several traces by its file")
        }
        // The OM log's ads are the sections of one trace, read twice (once for the
        // claims, once with the geometry watched): standard input cannot be.
        if let tolerance = options.omTolerance, options.omLogPath == nil {
            throw scanner.fail("--om-tolerance \(TraceEncoder.number(tolerance)) without --om-log: it is the OM log's tolerance")
        }
        if let log = options.omLogPath {
            guard paths.count == 1, paths != ["-"], options.shard == nil, log != "-" else {
                throw scanner.fail("--om-log '\(log)' audits one trace file against one log file: "
                    + (options.shard != nil ? "not with --shard" : paths.count != 1 ? "got \(paths.count) traces"
                        : "not standard input"))
            }
        }
        // Claims name their trace by its file name: two traces of one name could not be told apart.
        var named: [String: String] = [:]
        for path in paths {
            let name = traceName(of: path)
            if let other = named.updateValue(path, forKey: name) {
                throw scanner.fail(other == path ? "trace \(path) given twice"
                                                 : "traces \(other) and \(path) have the same name '\(name)', which claims name them by")
            }
        }
        // Audit order: by name, so that the same traces, given in any order, shard alike.
        let order = named.keys.sorted()
        options.traceNames = order
        options.paths = order.compactMap { named[$0] }
        options.claimedPath = claimed
        options.policy = policy
        return options
    }

    /// The name claims give the trace at `path`: its file name without the extension
    /// (`traces/session-000003.jsonl` is `session-000003`).
    package static func traceName(of path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
