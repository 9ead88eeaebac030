/// The options of a subcommand, read from its arguments: what it is to do. Arguments
/// that ask for the help (``ArgumentScanner/asksForHelp(_:)``) are never parsed.
protocol SubcommandOptions {
    /// Reads the subcommand's arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Self
}

extension SimulateOptions: SubcommandOptions {}
extension ReplayOptions: SubcommandOptions {}
extension FeedOptions: SubcommandOptions {}
extension MergeOptions: SubcommandOptions {}
extension FitOptions: SubcommandOptions {}
extension AuditOptions: SubcommandOptions {}
extension SweepOptions: SubcommandOptions {}
