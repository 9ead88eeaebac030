import ImpressionTracking

/// Replays a trace's inputs through one `ImpressionEngine` per policy, in lockstep, as
/// ``SessionRunner`` does for generated sessions: each engine is advanced to an input's
/// time, then given it; inputs at time zero come before the first sample.
///
/// An input the engine refuses throws a ``TraceError`` naming the line, and leaves
/// every engine as it was, so a caller may skip the line and go on.
public struct TraceReplayer: Sendable {
    /// The policies, one engine each.
    public let policies: [NamedPolicy]
    /// The impressions of each policy so far, in time order.
    public private(set) var impressions: [[Impression<String>]]
    /// What the first policy's engine showed at each sample, when asked for.
    public private(set) var timeline: TimelineRecorder?
    private var engines: [ImpressionEngine<String>]

    /// A replayer at time zero with no layout or viewport.
    ///
    /// - Parameters:
    ///   - policies: the policies to replay under, one engine each, in report order.
    ///   - sampleInterval: the time between two samples, usually the trace header's.
    ///   - recordsTimeline: record what the first policy's engine sees at every
    ///     sample, for ``TimelineRecorder/svg(title:maximumRows:)``.
    /// - Throws: ``SimulationError`` naming an invalid policy.
    public init(policies: [NamedPolicy], sampleInterval: Duration, recordsTimeline: Bool = false) throws(SimulationError) {
        self.policies = policies
        var engines: [ImpressionEngine<String>] = []
        for named in policies {
            do throws(ConfigurationError) {
                engines.append(try ImpressionEngine(validating: named.policy, sampleInterval: sampleInterval))
            } catch {
                throw SimulationError("policy \(named.name): \(error)")
            }
        }
        self.engines = engines
        impressions = Array(repeating: [], count: policies.count)
        if recordsTimeline, let first = policies.first {
            timeline = TimelineRecorder(policy: first, sampleInterval: sampleInterval)
        }
    }

    /// Advances every engine to `input.time`, then applies `input`; an input at time
    /// zero applies before the first sample (an initial layout and viewport count
    /// from sample 0, as in ZOZO's timeline).
    ///
    /// - Throws: ``TraceError`` on line `lineNumber` when the engines refuse the input.
    public mutating func apply(_ input: TimedInput<String>, lineNumber: Int) throws(TraceError) {
        if input.time > .zero { advance(to: input.time) }
        guard !engines.isEmpty else { return }
        // Every engine checks an input the same way: the first one's answer is theirs.
        do throws(InputError) {
            try engines[0].apply(input.input)
        } catch {
            throw TraceError(line: lineNumber, "the engine refused the \(Self.name(of: input.input)): \(error)")
        }
        for index in engines.indices.dropFirst() { try? engines[index].apply(input.input) }
    }

    /// Advances every engine to `time`, collecting what fires.
    public mutating func advance(to time: Duration) {
        for index in engines.indices {
            let fired: [Impression<String>]
            if index == 0, timeline != nil {
                fired = timeline?.advance(&engines[0], to: time) ?? []
            } else {
                fired = engines[index].advance(to: time)
            }
            impressions[index].append(contentsOf: fired)
        }
    }

    /// Replays a whole trace and returns each policy's impressions.
    ///
    /// - Throws: ``TraceError`` for the first input the engines refuse; ``SimulationError``
    ///   for an invalid policy.
    public static func impressions(of trace: Trace, policies: [NamedPolicy]) throws -> [[Impression<String>]] {
        var replayer = try TraceReplayer(policies: policies, sampleInterval: trace.header.sampleInterval)
        for (offset, input) in trace.inputs.enumerated() {
            try replayer.apply(input, lineNumber: offset + 2)
        }
        replayer.advance(to: trace.end ?? trace.inputs.last?.time ?? .zero)
        return replayer.impressions
    }

    private static func name(of input: EngineInput<String>) -> String {
        switch input {
        case .layout: "layout"
        case .viewport: "viewport"
        case .contentOffset: "content offset"
        case .viewportInsets: "insets"
        case .obstructions: "obstructions"
        case .lifecycle(let call): call.name
        }
    }
}
