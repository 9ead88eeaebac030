/// One view impression: a section seen for long enough, at a given sample.
public struct Impression<ID: Hashable & Sendable>: Sendable {
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

    /// The sample that completed the impression, numbered from 0 at the tracker's origin:
    /// ``time`` is `sample × sampleInterval`.
    public var sample: Int
    /// The session the impression belongs to: the engine's or tracker's `session`, which
    /// is its ``TraceRecorder``'s when it records one; `nil` without one. Part of ``id``.
    public var session: String?
    /// The policy it is reported under, as the engine's or tracker's `policies` lists it
    /// at index ``policy``: its ``ImpressionPolicy/fingerprint`` is part of ``id``.
    ///
    /// A section with a policy of its own (``TrackedSection/policy``) is counted by that
    /// one under every policy of the list, yet reported under each; this is the list's
    /// policy, so that each policy's impressions keep ids of their own.
    public var policyDefinition: ImpressionPolicy

    /// Creates an impression; engines and trackers make them, tests compare with them.
    ///
    /// - Parameters:
    ///   - sectionID: the section seen; see ``sectionID``.
    ///   - time: the time of the sample that completed it; see ``time``.
    ///   - visibleRatio: the section's visible ratio at that sample; see ``visibleRatio``.
    ///   - visibleDuration: how long it had been visible; see ``visibleDuration``.
    ///   - visit: the visit it belongs to; see ``visit``.
    ///   - policy: the index of the policy it is reported under; see ``policy``.
    ///   - signals: its exposure signals, when measured; see ``signals``.
    ///   - sample: the sample that completed it; `nil` takes ``time`` over the default
    ///     sample interval, 100 ms, rounded down.
    ///   - session: the session it belongs to; see ``session``.
    ///   - policyDefinition: the policy it is reported under; see ``policyDefinition``.
    public init(sectionID: ID, time: Duration, visibleRatio: Double,
                visibleDuration: Duration, visit: Int, policy: Int = 0, signals: ExposureSignals? = nil,
                sample: Int? = nil, session: String? = nil, policyDefinition: ImpressionPolicy = .default) {
        self.sectionID = sectionID
        self.time = time
        self.visibleRatio = visibleRatio
        self.visibleDuration = visibleDuration
        self.visit = visit
        self.policy = policy
        self.signals = signals
        self.sample = sample ?? Int(clamping: time.totalAttoseconds / Duration.milliseconds(100).totalAttoseconds)
        self.session = session
        self.policyDefinition = policyDefinition
    }
}

extension Impression: Hashable {
    /// Whether two impressions report the same observation: the same section, time,
    /// ratio, visible duration, visit, policy index and signals.
    ///
    /// ``sample``, ``session`` and ``policyDefinition`` say where the observation was
    /// made, not what was seen, and are left out, so that an impression written by hand
    /// equals the engine's; compare ``id`` to tell impressions of other sessions or
    /// definitions apart.
    public static func == (lhs: Impression, rhs: Impression) -> Bool {
        lhs.sectionID == rhs.sectionID && lhs.time == rhs.time && lhs.visibleRatio == rhs.visibleRatio
            && lhs.visibleDuration == rhs.visibleDuration && lhs.visit == rhs.visit && lhs.policy == rhs.policy
            && lhs.signals == rhs.signals
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sectionID)
        hasher.combine(time)
        hasher.combine(visibleRatio)
        hasher.combine(visibleDuration)
        hasher.combine(visit)
        hasher.combine(policy)
        hasher.combine(signals)
    }
}

extension Impression: Codable where ID: Codable {
    private enum CodingKeys: String, CodingKey {
        case sectionID, time, visibleRatio, visibleDuration, visit, policy, signals, sample, session, policyDefinition
    }

    /// Decodes an impression; ``sample``, ``session`` and ``policyDefinition``, which
    /// older encodings lack, default as ``init(sectionID:time:visibleRatio:visibleDuration:visit:policy:signals:sample:session:policyDefinition:)``
    /// defaults them.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(sectionID: try fields.decode(ID.self, forKey: .sectionID),
                  time: try fields.decode(Duration.self, forKey: .time),
                  visibleRatio: try fields.decode(Double.self, forKey: .visibleRatio),
                  visibleDuration: try fields.decode(Duration.self, forKey: .visibleDuration),
                  visit: try fields.decode(Int.self, forKey: .visit),
                  policy: try fields.decode(Int.self, forKey: .policy),
                  signals: try fields.decodeIfPresent(ExposureSignals.self, forKey: .signals),
                  sample: try fields.decodeIfPresent(Int.self, forKey: .sample),
                  session: try fields.decodeIfPresent(String.self, forKey: .session),
                  policyDefinition: try fields.decodeIfPresent(ImpressionPolicy.self, forKey: .policyDefinition) ?? .default)
    }

    /// Encodes every property.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(sectionID, forKey: .sectionID)
        try fields.encode(time, forKey: .time)
        try fields.encode(visibleRatio, forKey: .visibleRatio)
        try fields.encode(visibleDuration, forKey: .visibleDuration)
        try fields.encode(visit, forKey: .visit)
        try fields.encode(policy, forKey: .policy)
        try fields.encodeIfPresent(signals, forKey: .signals)
        try fields.encode(sample, forKey: .sample)
        try fields.encodeIfPresent(session, forKey: .session)
        try fields.encode(policyDefinition, forKey: .policyDefinition)
    }
}

extension Impression: CustomStringConvertible {
    /// `section 3 at 1.0 s (ratio 0.75, seen 1 s, visit 1)`, and `, policy 2` under a
    /// policy other than the first.
    public var description: String {
        let policy = policy == 0 ? "" : ", policy \(policy)"
        return "section \(sectionID) at \(time.formatted) (ratio \(visibleRatio), seen \(visibleDuration.formatted), visit \(visit)\(policy))"
    }
}
