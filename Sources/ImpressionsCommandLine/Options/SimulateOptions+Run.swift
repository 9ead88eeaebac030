import ImpressionSimulation
import ImpressionTracking

extension SimulateOptions {
    /// What a `simulate` run's sessions are, each kind with the options only it takes.
    package enum Run: Hashable, Sendable {
        /// Simulated users over the synthetic feed or one `--feed` file.
        case generatedSessions(GeneratedSessions)
        /// `--feed A --feed B`: the same simulated users over two layouts.
        case layoutComparison(TwoLayouts)
        /// `--traces PATH...`: sessions recorded in an app, re-measured.
        case recordedTraces(RecordedTraces)

        /// The simulated users of a run that has them; `nil` for recorded traces.
        package var simulatedUsers: SimulatedUsers? {
            switch self {
            case .generatedSessions(let generated): generated.users
            case .layoutComparison(let layouts): layouts.users
            case .recordedTraces: nil
            }
        }
    }

    /// The users a run simulates: how many sessions, how long, on what, with which model.
    package struct SimulatedUsers: Hashable, Sendable {
        /// `--sessions N`: how many sessions the run has.
        package var sessions: Int
        /// `--sections N`: how many sections the synthetic feed has (a feed file gives its own).
        package var sections: Int
        /// `--seconds S`: how long each session lasts (the cap, with a users file's lengths).
        package var sessionDuration: Duration
        /// `--layout window|feed`: which sections the engines' layouts hold.
        package var layoutScope: FeedLayout.Scope
        /// `--users FILE`: the users file whose model replaces the built-in one.
        package var usersPath: String?
    }

    /// A run of generated sessions over one feed, and what it writes besides its report.
    package struct GeneratedSessions: Hashable, Sendable {
        /// The users simulated.
        package var users: SimulatedUsers
        /// `--feed FILE`: the feed file to simulate; `nil` for the synthetic feed.
        package var feedPath: String?
        /// `--trace-out DIR`: write each session as a trace there.
        package var traceDirectory: String?
        /// `--timeline FILE`: draw the first session's timeline there.
        package var timelinePath: String?
    }

    /// A run of the same simulated users over layouts A and B.
    package struct TwoLayouts: Hashable, Sendable {
        /// The users simulated, on each layout.
        package var users: SimulatedUsers
        /// The first `--feed FILE`: layout A.
        package var feedPathA: String
        /// The second `--feed FILE`: layout B.
        package var feedPathB: String
    }

    /// A run that re-measures recorded traces, and how it reads them.
    package struct RecordedTraces: Hashable, Sendable {
        /// `--traces PATH...`: trace files, directories of `*.jsonl`, or `-` for a stream of
        /// them on standard input.
        package var paths: [String]
        /// `--feed FILE`: the feed file that names the traces' sections; `nil` to count
        /// sections by id.
        package var feedPath: String?
        /// `--keep-going`: leave a bad trace out and count it instead of stopping.
        package var keepGoing: Bool
        /// `--max-line-bytes`, `--max-sections`: the limits traces are read with.
        package var limits: TraceLimits
    }
}
