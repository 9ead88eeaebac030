import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

/// Replays a trace under the audited policy, as ``TraceReplayer`` does, and records what
/// the engine saw at each claim's time: the visit (which the classifier groups by) and
/// why the claimed section did or did not count then (the reason given for an early,
/// phantom or duplicate claim).
///
/// At a claim's time `c` the engine has every input before `c` (and those at time zero)
/// and none after, and is advanced to `c`. Its visibility events say whether the section
/// was in a run of visibility at the last sample, and since when; for a section that was
/// not, its row of the engine's snapshot says why (offscreen, below threshold, ...),
/// measured for that section alone (`ImpressionEngine.snapshot(of:)`).
/// Claims after the last input are seen at ``finish(at:)``.
///
/// Claims are audited as the trace is read, input by input:
///
/// ```swift
/// var replayer = try AuditReplayer(policy: NamedPolicy(name: "default", policy: .default),
///                                  sampleInterval: trace.header.sampleInterval, claims: claims)
/// for (offset, input) in trace.inputs.enumerated() {
///     try replayer.apply(input, lineNumber: offset + 2)   // the header is line 1
/// }
/// replayer.finish(at: trace.end ?? trace.inputs.last?.time ?? .zero)
/// let report = replayer.report(tolerance: trace.header.sampleInterval)
/// ```
public struct AuditReplayer: Sendable {
    /// What the engine saw at one claim's time.
    package struct ClaimContext: Sendable, Hashable {
        /// The engine's visit.
        package var visit: Int
        /// The claimed section's state in words: `offscreen`, `obstructed`,
        /// `below threshold (0.31 < 0.5)`, `inactive (in background)`,
        /// `visible for 400 ms of 1000 ms`, `not in the layout`.
        package var reason: String
        /// When the section's run of visibility at the last sample at or before the claim
        /// began; `nil` when it was not in one.
        package var visibleSince: Duration?
    }

    /// The audited policy.
    public let policy: NamedPolicy
    /// The engine's sample interval.
    public let sampleInterval: Duration
    /// The engine's impressions so far, in time order: the expected ones.
    public private(set) var impressions: [Impression<String>] = []
    /// Every section id in any layout so far.
    package private(set) var sectionIDs: Set<String> = []
    /// The context of each claim seen so far, by the claim's index; `nil` for claims
    /// not reached yet (after the end of the trace).
    package private(set) var contexts: [ClaimContext?]
    private var engine: ImpressionEngine<String>
    /// The first sample of each section's open run of visibility.
    private var runStarts: [String: Duration] = [:]
    /// The visit each section last fired in.
    private var firedVisits: [String: Int] = [:]
    /// The claims, in the order given.
    public let claims: [ClaimedImpression]
    /// Claim indices by time; `nextClaim` is the first not seen yet.
    private let claimOrder: [Int]
    private var nextClaim = 0

    /// A replayer at time zero for `claims`.
    ///
    /// - Throws: ``SimulationError`` for an invalid policy.
    public init(policy: NamedPolicy, sampleInterval: Duration, claims: [ClaimedImpression]) throws(SimulationError) {
        engine = try ImpressionEngine(named: [policy], sampleInterval: sampleInterval)
        self.policy = policy
        self.sampleInterval = sampleInterval
        self.claims = claims
        contexts = Array(repeating: nil, count: claims.count)
        claimOrder = claims.indices.sorted { (claims[$0].time, $0) < (claims[$1].time, $1) }
    }

    /// Sees the claims before `input.time`, then advances to it and applies `input`, as
    /// ``TraceReplayer/apply(_:lineNumber:)`` does.
    ///
    /// - Throws: ``TraceError`` on line `lineNumber` when the engine refuses the input;
    ///   the engine is unchanged then.
    public mutating func apply(_ input: TimedInput<String>, lineNumber: Int) throws(TraceError) {
        try drive(input, lineNumber: lineNumber)
    }

    /// Sees the claims up to `end` and advances the engine to it: the end of the trace.
    public mutating func finish(at end: Duration) {
        advance(to: end)
    }

    /// Sees the claims up to `time`, then advances the engine to it.
    package mutating func advance(to time: Duration) {
        seeClaims(upTo: time)
        advanceEngine(to: time)
    }

    /// Advances the engine, keeping the impressions and each section's open run.
    private mutating func advanceEngine(to time: Duration) {
        for event in engine.advanceWithEvents(to: time) {
            switch event {
            case .entered(let id, let time, _, _, _): runStarts[id] = time
            case .exited(let id, _, _, _, _, _, _): runStarts[id] = nil
            case .impression(let impression):
                impressions.append(impression)
                firedVisits[impression.sectionID] = impression.visit
            }
        }
    }

    private mutating func seeClaims(upTo time: Duration) {
        while nextClaim < claimOrder.count, claims[claimOrder[nextClaim]].time <= time {
            let index = claimOrder[nextClaim]
            let claim = claims[index]
            advanceEngine(to: claim.time)
            let reason: String
            if let since = runStarts[claim.sectionID] {
                reason = visibleReason(claim.sectionID, since: since, at: claim.time)
            } else if !engine.inactiveCauses.isEmpty {
                reason = "\(NotVisibleReason.inactive(engine.inactiveCauses))"
            } else {
                // Not visible at the last sample: its snapshot row says why. Measuring that
                // one section, not the whole layout, keeps a wrong SDK's audit near a replay.
                reason = hiddenReason(engine.snapshot(of: claim.sectionID))
            }
            contexts[index] = ClaimContext(visit: engine.visit, reason: reason, visibleSince: runStarts[claim.sectionID])
            nextClaim += 1
        }
    }

    /// `visible for 400 ms of 1000 ms`, or whether it already fired in this visit.
    private func visibleReason(_ id: String, since: Duration, at time: Duration) -> String {
        let lastSample = sampleInterval * Int(time.wholeNanoseconds / sampleInterval.wholeNanoseconds)
        let seen = lastSample - since
        if seen < policy.policy.minimumDuration {
            return "visible for \(TraceEncoder.milliseconds(seen)) ms of \(TraceEncoder.milliseconds(policy.policy.minimumDuration)) ms"
        }
        return firedVisits[id] == engine.visit ? "visible, already counted in this visit" : "visible"
    }

    /// Why a section the last sample did not see is not visible, from its snapshot row.
    private func hiddenReason(_ row: SectionSnapshot<String>?) -> String {
        guard let row else { return "not in the layout" }
        switch row.notVisibleReason {
        case .some(let reason):
            return "\(reason)"
        case nil:
            return "visible for 0 ms of \(TraceEncoder.milliseconds(policy.policy.minimumDuration)) ms"
        }
    }

    /// Classifies the claims seen (those `isIncluded` keeps) against the impressions
    /// (matched, early, late, missing, phantom or duplicate), and gives each early, phantom and duplicate claim the
    /// reason the engine saw at its time. Call it after ``finish(at:)``.
    ///
    /// - Parameters:
    ///   - tolerance: how long after the expected time a claim is on time.
    ///   - isIncluded: whether a claim is audited; one it leaves out is in no finding.
    /// - Returns: the report; its findings' claim indices are indices into ``claims``.
    public func report(tolerance: Duration, including isIncluded: (ClaimedImpression) -> Bool = { _ in true }) -> AuditReport {
        var kept: [Int] = []
        var classified: [AuditClassifier.Claim] = []
        for index in claims.indices where isIncluded(claims[index]) {
            guard let context = contexts[index] else { continue }
            kept.append(index)
            classified.append(AuditClassifier.Claim(sectionID: claims[index].sectionID, time: claims[index].time,
                                                    visit: context.visit, visibleSince: context.visibleSince))
        }
        let classifier = AuditClassifier(recurrence: policy.policy.recurrence, tolerance: tolerance,
                                         earliness: Self.earliness(of: policy.policy, sampleInterval: sampleInterval))
        var report = classifier.classify(expected: impressions, claims: classified)
        for position in report.findings.indices {
            guard let index = report.findings[position].claimIndex.map({ kept[$0] }) else { continue }
            report.findings[position].claimIndex = index
            if report.findings[position].verdict.failsAudit { report.findings[position].reason = contexts[index]?.reason }
        }
        return report
    }

    /// How long before the engine's impression a claim of code that follows `policy` is
    /// still on time: zero, but for React Native's list items (a policy of
    /// ``ImpressionPolicy/Rounding/floorToWholePoints``, as ``ImpressionPolicy/reactNativeItem``
    /// and ``ImpressionPolicy/reactNativeArea`` are). React Native judges on each scroll
    /// event and starts its `minimumViewTime` timer there, so it fires up to one sample
    /// interval sooner than the engine sees the entry, plus what the engine's wait
    /// (whole samples, `ceil(duration / interval)`) adds to the duration.
    package static func earliness(of policy: ImpressionPolicy, sampleInterval: Duration) -> Duration {
        guard policy.rounding == .floorToWholePoints else { return .zero }
        let waitSamples = policy.requiredSamples(sampleInterval: sampleInterval) - 1
        guard waitSamples < Int.max / 2 else { return sampleInterval }
        return sampleInterval + (sampleInterval * waitSamples - policy.minimumDuration)
    }

    /// Replays `trace` with `claims` and audits them: ``report(tolerance:including:)``
    /// after the whole trace, with the trace's sample interval as the default tolerance.
    ///
    /// - Throws: ``TraceError`` for an input the engine refuses; ``SimulationError`` for
    ///   an invalid policy.
    public static func audit(_ trace: Trace, policy: NamedPolicy, claims: [ClaimedImpression],
                             tolerance: Duration? = nil) throws -> AuditReport {
        var replayer = try AuditReplayer(policy: policy, sampleInterval: trace.header.sampleInterval, claims: claims)
        try replayer.replay(trace)
        return replayer.report(tolerance: tolerance ?? trace.header.sampleInterval)
    }
}

extension AuditReplayer: TimedInputDriver {
    /// Gives the engine `input`, keeping the ids of a layout it took.
    package mutating func applyToEngine(_ input: EngineInput<String>) throws(InputError) {
        try engine.apply(input)
        if case .layout(let sections, _) = input {
            for section in sections { sectionIDs.insert(section.id) }
        }
    }

    /// `the engine refused the input: ...`.
    package func refusalMessage(_ error: InputError, for input: EngineInput<String>) -> String {
        "the engine refused the input: \(error)"
    }
}
