/// What the sessions of a `simulate` run are: generated from the user model over one
/// feed, generated over two feeds to compare them, or recorded in traces. Each kind of
/// run takes its own flags; a flag says in ``CommandFlag/refusals`` which kinds refuse it.
package enum RunMode: Hashable, Sendable {
    /// Simulated users over the synthetic feed or one `--feed` file.
    case generatedSessions
    /// `--feed A --feed B`: the same simulated users over two layouts.
    case layoutComparison
    /// `--traces PATH...`: sessions recorded in an app, re-measured.
    case recordedTraces
}
