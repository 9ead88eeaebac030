import ImpressionTracking

/// The first line of a trace: the format, its version, and the sample interval the
/// session was recorded for.
///
/// `{"format":"impressions-trace","version":1,"sampleIntervalMs":100}`
public struct TraceHeader: Sendable, Hashable {
    /// The only format name: `impressions-trace`.
    public static let formatName = "impressions-trace"
    /// The version this library writes and reads.
    public static let currentVersion = 1

    /// The engines' sample interval for the replay.
    public var sampleInterval: Duration
    /// Where the trace comes from (free text), e.g. `impressions simulate --seed 1, session 0`.
    public var source: String?

    /// Creates a header.
    public init(sampleInterval: Duration = .milliseconds(100), source: String? = nil) {
        self.sampleInterval = sampleInterval
        self.source = source
    }
}
