import ImpressionSimulationFormats
import ImpressionTracking

/// Replays a trace's inputs through one `ImpressionEngine` holding every policy, as
/// ``SessionRunner`` does for generated sessions: the engine is advanced to an input's
/// time, then given it; inputs at time zero come before the first sample. Each policy's
/// impressions are those an `ImpressionEngine` of that policy would give.
///
/// An input the engine refuses throws a ``TraceError`` naming the line, and leaves the
/// engine as it was, so a caller may skip the line and go on.
///
/// ```swift
/// var replayer = try TraceReplayer(policies: NamedPolicy.defaults,
///                                  sampleInterval: trace.header.sampleInterval, recordsTimeline: true)
/// for (offset, input) in trace.inputs.enumerated() {
///     try replayer.apply(input, lineNumber: offset + 2)   // the header is line 1
/// }
/// replayer.advance(to: trace.end ?? trace.inputs.last?.time ?? .zero)
/// print(replayer.impressions.map(\.count))          // impressions per policy
/// let page = replayer.html(title: "Session 1")
/// ```
public struct TraceReplayer: Sendable {
    /// The policies, in report order.
    public let policies: [NamedPolicy]
    /// The time between two samples.
    public let sampleInterval: Duration
    /// The impressions of each policy so far, in time order.
    public private(set) var impressions: [[Impression<String>]]
    /// What the engine showed under the first policy at each sample, when asked for.
    package private(set) var timeline: TimelineRecorder?
    /// What the engine showed under every policy at each sample, for the session player,
    /// when asked for.
    package private(set) var player: SessionPlayer?
    /// The sample whose overlay snapshots to keep, when asked for.
    package let snapshotSample: Int?
    /// Each policy's `ImpressionEngine.overlaySnapshot(policy:)` just after
    /// ``snapshotSample`` was evaluated; empty until then.
    package private(set) var snapshotsAtSample: [EngineSnapshot<String>] = []
    /// Every geometry change of the replay so far, with the viewport at its sample, when
    /// asked for (`watchesGeometry`): by sample, then as the engine orders them.
    package private(set) var geometryChanges: [(change: VisibleGeometry<String>, viewport: Rect?)] = []
    /// Every section id of the layouts the engine took, when the geometry is watched.
    package private(set) var sectionIDs: Set<String> = []
    /// `nil` without policies: then nothing is replayed.
    private var engine: ImpressionEngine<String>?

    /// A replayer at time zero with no layout or viewport.
    ///
    /// - Parameters:
    ///   - policies: the policies to replay under, in report order.
    ///   - sampleInterval: the time between two samples, usually the trace header's.
    ///   - recordsTimeline: record what the engine sees under the first policy at every
    ///     sample, for the timeline of ``html(title:details:timelineRows:)``.
    ///   - measuresExposureSignals: give every impression its exposure signals
    ///     (ImpressionTracking's `ExposureSignals`).
    ///   - session: the session the impressions name, usually the trace header's: with
    ///     it, each impression's `id` is the one the recorded tracker gave it.
    /// - Throws: ``SimulationError`` naming an invalid policy.
    public init(policies: [NamedPolicy], sampleInterval: Duration, recordsTimeline: Bool = false,
                measuresExposureSignals: Bool = false, session: String? = nil) throws(SimulationError) {
        try self.init(policies: policies, sampleInterval: sampleInterval, recordsTimeline: recordsTimeline,
                      recordsPlayer: false, snapshotSample: nil, measuresExposureSignals: measuresExposureSignals,
                      session: session)
    }

    /// A replayer at time zero with no layout or viewport.
    ///
    /// - Parameters:
    ///   - policies: the policies to replay under, in report order.
    ///   - sampleInterval: the time between two samples, usually the trace header's.
    ///   - recordsTimeline: record what the engine sees under the first policy at every
    ///     sample, for ``TimelineRecorder/svg(title:maximumRows:)``.
    ///   - recordsPlayer: record what the engine shows under every policy at every
    ///     sample, for ``SessionPlayer/html(title:)``.
    ///   - snapshotSample: keep every policy's `ImpressionEngine.overlaySnapshot(policy:)`
    ///     just after this sample is evaluated, in ``snapshotsAtSample``.
    ///   - measuresExposureSignals: give every impression its exposure signals.
    ///   - watchesGeometry: keep every geometry change (`ImpressionEngine.watchGeometry()`)
    ///     in ``geometryChanges``, and the sections seen in ``sectionIDs``.
    ///   - session: the session the impressions name, usually the trace header's.
    /// - Throws: ``SimulationError`` naming an invalid policy.
    package init(policies: [NamedPolicy], sampleInterval: Duration, recordsTimeline: Bool,
                 recordsPlayer: Bool, snapshotSample: Int?, measuresExposureSignals: Bool = false,
                 watchesGeometry: Bool = false, session: String? = nil) throws(SimulationError) {
        self.policies = policies
        self.snapshotSample = snapshotSample
        self.sampleInterval = sampleInterval
        if recordsPlayer { player = SessionPlayer(policies: policies, sampleInterval: sampleInterval) }
        engine = policies.isEmpty ? nil : try ImpressionEngine(named: policies, sampleInterval: sampleInterval,
                                                               session: session,
                                                               measuresExposureSignals: measuresExposureSignals)
        if watchesGeometry { engine?.watchGeometry() }
        impressions = Array(repeating: [], count: policies.count)
        if recordsTimeline, let first = policies.first {
            timeline = TimelineRecorder(policy: first, sampleInterval: sampleInterval)
        }
    }

    /// Advances the engine to `input.time`, then applies `input`; an input at time
    /// zero applies before the first sample (an initial layout and viewport count
    /// from sample 0, as in ZOZO's timeline).
    ///
    /// - Throws: ``TraceError`` on line `lineNumber` when the engine refuses the input.
    public mutating func apply(_ input: TimedInput<String>, lineNumber: Int) throws(TraceError) {
        try drive(input, lineNumber: lineNumber)
    }

    /// Advances the engine to `time`, collecting what fires under each policy.
    public mutating func advance(to time: Duration) {
        guard var engine else { return }
        self.engine = nil   // uniquely referenced while it advances: no copy of its buffers
        defer { self.engine = engine }
        // The player and the snapshot see the engine just after each sample.
        engine.stepSamples(through: time) { engine, sample, sampleTime in
            guard player?.limitReached == nil && (player != nil || snapshotSample.map { sample <= $0 } == true) else {
                return
            }
            let fired = collect(advancing: &engine, to: sampleTime)
            player?.record(engine, sample: sample, fired: fired)
            if sample == snapshotSample {
                snapshotsAtSample = policies.indices.map { engine.overlaySnapshot(policy: $0) }
            }
        }
        collect(advancing: &engine, to: time)
        if engine.watchesGeometry {
            // No input arrives while the engine advances: the viewport now is every
            // sample's just taken.
            let viewport = engine.viewport
            geometryChanges += engine.takeGeometryChanges().map { ($0, viewport) }
        }
    }

    /// Advances `engine` to `time` (through the timeline, when recorded), keeping what
    /// fired, and returns it.
    @discardableResult
    private mutating func collect(advancing engine: inout ImpressionEngine<String>, to time: Duration) -> [Impression<String>] {
        let fired = timeline != nil ? (timeline?.advance(&engine, to: time) ?? []) : engine.advance(to: time)
        for impression in fired { impressions[impression.policy].append(impression) }
        return fired
    }

    /// Replays a whole trace and returns each policy's impressions.
    ///
    /// - Throws: ``TraceError`` for the first input the engine refuses; ``SimulationError``
    ///   for an invalid policy.
    public static func impressions(of trace: Trace, policies: [NamedPolicy]) throws -> [[Impression<String>]] {
        var replayer = try TraceReplayer(policies: policies, sampleInterval: trace.header.sampleInterval,
                                         session: trace.header.session)
        try replayer.replay(trace)
        return replayer.impressions
    }

    static func name<ID>(of input: EngineInput<ID>) -> String {
        switch input {
        case .layout: "layout"
        case .viewport: "viewport"
        case .contentOffset: "content offset"
        case .viewportInsets: "insets"
        case .obstructions: "obstructions"
        case .sectionState: "section state"
        case .lifecycle(let call): call.name
        }
    }
}

extension TraceReplayer: TimedInputDriver {
    /// Gives the engine `input`, then the player the layouts and scrolls the engine took;
    /// without policies there is no engine, and nothing refuses or is played.
    package mutating func applyToEngine(_ input: EngineInput<String>) throws(InputError) {
        try engine?.apply(input)
        guard engine != nil else { return }
        switch input {
        case .layout(let sections, let containers):
            player?.layout(sections, containers: containers)
            if engine?.watchesGeometry == true { sectionIDs.formUnion(sections.lazy.map(\.id)) }
        case .contentOffset(let offset, let containerID): player?.contentOffset(offset, ofContainer: containerID)
        default: break
        }
    }

    /// `the engine refused the viewport: ...`, naming the input.
    package func refusalMessage(_ error: InputError, for input: EngineInput<String>) -> String {
        "the engine refused the \(Self.name(of: input)): \(error)"
    }
}
