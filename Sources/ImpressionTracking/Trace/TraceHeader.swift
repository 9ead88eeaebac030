/// The first line of a trace: the format, its version, the sample interval the session
/// was recorded for, and optionally which session it is and where it comes from.
///
/// `{"format":"impressions-trace","version":1,"sampleIntervalMs":100,"session":"7F3A","source":"home, build 4.2"}`
public struct TraceHeader: Sendable, Hashable {
    /// The only format name: `impressions-trace`.
    public static let formatName = "impressions-trace"
    /// The version this library writes and reads.
    public static let currentVersion = 1

    /// The engines' sample interval for the replay.
    public var sampleInterval: Duration
    /// Which session this is (free text: the app's session id, a user's pseudonym), so
    /// that a trace names its session whatever its file is called.
    public var session: String?
    /// Where the trace comes from (free text), e.g. `home feed, build 4.2.0` or
    /// `impressions simulate --seed 1, session 0`.
    public var source: String?

    /// Creates a header.
    public init(sampleInterval: Duration = .milliseconds(100), session: String? = nil, source: String? = nil) {
        self.sampleInterval = sampleInterval
        self.session = session
        self.source = source
    }
}
