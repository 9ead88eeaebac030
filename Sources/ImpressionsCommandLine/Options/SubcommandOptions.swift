/// The options of a subcommand, read from its arguments: what it is to do, or only
/// that its help was asked for.
protocol SubcommandOptions {
    /// Reads the subcommand's arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Self
    /// `--help` was given: print the help and nothing else.
    var help: Bool { get }
}

extension SimulateOptions: SubcommandOptions {}
extension ReplayOptions: SubcommandOptions {}
extension FeedOptions: SubcommandOptions {}
extension MergeOptions: SubcommandOptions {}
extension FitOptions: SubcommandOptions {}
extension AuditOptions: SubcommandOptions {}
extension SweepOptions: SubcommandOptions {}
