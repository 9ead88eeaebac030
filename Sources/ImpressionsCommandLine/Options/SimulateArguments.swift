import ImpressionSimulation
import ImpressionTracking

/// What `impressions simulate`'s flags read, every kind of run's values side by side:
/// the flags come in any order, so the kind of run is known only once all are read.
/// ``SimulateOptions`` keeps it private and gives each kind of run its own values.
struct SimulateArguments: Hashable, Sendable {
    /// `--sessions N`: how many sessions the run has.
    var sessions = 200
    /// `--sections N`: how many sections the feed has.
    var sections = 2000
    /// `--seconds S`: how long each session lasts.
    var sessionDuration: Duration = .seconds(60)
    /// `--seed X`: the seed of the feed and the sessions.
    var seed: UInt64 = 1
    /// The `--policy` values, read; empty for the defaults.
    var policies: [NamedPolicy] = []
    /// The `--policy` values as written, parallel to ``policies``.
    var policyTexts: [String] = []
    /// `--workers N`; `nil` for one per core.
    var workers: Int?
    /// `--json`: print JSON instead of the table.
    var json = false
    /// `--signals`: measure the exposure signals and report their distributions.
    var measuresExposureSignals = false
    /// `--layout window|feed`: which sections the engines' layouts hold.
    var layoutScope: FeedLayout.Scope = .window(marginScreens: 2)
    /// `--trace-out DIR`: write each session as a trace there.
    var traceDirectory: String?
    /// `--timeline FILE`: draw the first session's timeline there.
    var timelinePath: String?
    /// `--sections-out FILE`: write the per-section results there as CSV.
    var sectionsOutPath: String?
    /// `--report FILE`: write the run as a self-contained HTML page there.
    var reportPath: String?
    /// `--impressions-out FILE`: write one row per impression there.
    var impressionsOutPath: String?
    /// `--feed FILE`, once or twice: the feed file to simulate instead of the synthetic
    /// feed, or layouts A and B to compare on the same users.
    var feedPaths: [String] = []
    /// `--users FILE`: the users file whose model replaces the built-in one.
    var usersPath: String?
    /// `--shard i/n`: run only that slice of the sessions.
    var shard: Shard?
    /// `--traces PATH...`: recorded traces (files, directories of `*.jsonl`, or `-` for a
    /// stream of them on standard input) to replay instead of generated sessions; empty
    /// for a simulation.
    var tracePaths: [String] = []
    /// `--keep-going`: with `--traces`, leave a bad trace out and count it instead of stopping.
    var keepGoing = false
    /// `--max-line-bytes`, `--max-sections`: the limits traces are read with.
    var limits = TraceLimits()

    /// The feed file to simulate, or A's when comparing two.
    var feedPath: String? { feedPaths.first }

    /// The kind of run these arguments ask for: recorded traces when `--traces` is given,
    /// else two layouts when `--feed` is given twice, else generated sessions.
    var mode: RunMode {
        if !tracePaths.isEmpty { return .recordedTraces }
        return feedPaths.count == 2 ? .layoutComparison : .generatedSessions
    }
}
