/// One view impression: a section seen for long enough, at a given sample.
public struct Impression<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The section that was seen.
    public var sectionID: ID
    /// The tracker time of the sample that completed the impression.
    public var time: Duration
    /// The section's visible ratio at that sample, in `0...1`.
    public var visibleRatio: Double
    /// The visible time observed: from the first visible sample to this one,
    /// `(samples - 1) * sampleInterval`, at least the policy's `minimumDuration`. It
    /// follows the one rule for durations (<doc:TheRules#Durations>), so this is what
    /// ``SectionStatistics/visibleDurationThisVisit`` reads at this sample.
    ///
    /// The samples are the consecutive ones of the run, or, with cumulative
    /// ``ImpressionPolicy/timing``, every visible one of the visit since the sum restarted.
    public var visibleDuration: Duration
    /// The visit in which it was seen: 1 for the first; see ``ImpressionEngine/appear()``.
    public var visit: Int
    /// The policy that decided it: its index in the engine's or tracker's `policies`
    /// (0 with one policy).
    public var policy: Int
    /// The exposure signals of the visit up to the sample that completed the impression,
    /// when the engine or tracker measures them; `nil` when it does not. See
    /// <doc:ExposureSignalDefinitions>.
    public var signals: ExposureSignals?

    /// Creates an impression; engines and trackers make them, tests compare with them.
    public init(sectionID: ID, time: Duration, visibleRatio: Double,
                visibleDuration: Duration, visit: Int, policy: Int = 0, signals: ExposureSignals? = nil) {
        self.sectionID = sectionID
        self.time = time
        self.visibleRatio = visibleRatio
        self.visibleDuration = visibleDuration
        self.visit = visit
        self.policy = policy
        self.signals = signals
    }
}

extension Impression: Codable where ID: Codable {}

extension Impression: CustomStringConvertible {
    /// `section 3 at 1.0 s (ratio 0.75, seen 1 s, visit 1)`, and `, policy 2` under a
    /// policy other than the first.
    public var description: String {
        let policy = policy == 0 ? "" : ", policy \(policy)"
        return "section \(sectionID) at \(time.formatted) (ratio \(visibleRatio), seen \(visibleDuration.formatted), visit \(visit)\(policy))"
    }
}
