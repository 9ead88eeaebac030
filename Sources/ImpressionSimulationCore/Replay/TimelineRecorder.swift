import ImpressionTracking

/// What one engine showed at every sample of a replay: each section's visible ratio,
/// the lifecycle, and the impressions; drawn by ``svg(title:maximumRows:)``.
///
/// It steps the engine one sample at a time and takes a `ImpressionEngine.snapshot()`
/// before each, so it costs O(sections in the layout) per sample; it stops recording
/// (and says so in the picture) after ``maximumSamples`` samples or
/// ``maximumSectionSamples`` measured sections, so a hostile trace cannot make it run
/// for ever. The impressions are the engine's either way.
package struct TimelineRecorder: Sendable {
    /// A run of consecutive samples at which a section showed at about the same ratio.
    package struct Run: Sendable, Hashable {
        package var firstSample: Int
        package var lastSample: Int
        /// The ratio in twentieths (0...20), as drawn.
        package var level: Int
    }

    /// One section's row.
    package struct Row: Sendable {
        package var id: String
        package var runs: [Run] = []
        /// The sum of its ratios over the samples: the tie-break of relevance.
        package var exposure = 0.0
        package var impressionCount = 0
    }

    /// A run of samples during which the engine was inactive for one cause.
    package struct Band: Sendable, Hashable {
        package var cause: InactiveCauses
        package var firstSample: Int
        package var lastSample: Int
    }

    /// The most samples recorded: an hour at 100 ms.
    package static let maximumSamples = 36_000
    /// The most section measurements (sections in the layout × samples) recorded.
    package static let maximumSectionSamples = 20_000_000

    /// The policy whose engine is recorded.
    package let policy: NamedPolicy
    /// The engine's sample interval.
    package let sampleInterval: Duration
    /// Samples recorded so far.
    package private(set) var sampleCount = 0
    /// Whether recording stopped before the end of the replay.
    package private(set) var isTruncated = false
    /// The impressions of the recorded engine, in time order.
    package private(set) var impressions: [Impression<String>] = []
    private(set) var rows: [Row] = []
    private var rowIndexByID: [String: Int] = [:]
    package private(set) var bands: [Band] = []
    private var openBands: [Int] = []   // index into `bands` of each cause's open band, or -1
    private var sectionSamples = 0

    package static let causes: [InactiveCauses] = [.disappeared, .inBackground, .covered, .refreshing]

    /// A recorder for the engine of `policy`.
    package init(policy: NamedPolicy, sampleInterval: Duration) {
        self.policy = policy
        self.sampleInterval = sampleInterval
        openBands = Array(repeating: -1, count: Self.causes.count)
    }

    /// Advances `engine` to `time` one sample at a time, recording what its first policy
    /// sees at each; returns what fired under every policy. The recorder is given the
    /// engine from its first sample on, so its samples are the engine's.
    package mutating func advance(_ engine: inout ImpressionEngine<String>, to time: Duration) -> [Impression<String>] {
        var fired: [Impression<String>] = []
        engine.stepSamples(through: time) { engine, sample, sampleTime in
            guard !isTruncated else { return }
            guard sampleCount < Self.maximumSamples, sectionSamples <= Self.maximumSectionSamples else {
                isTruncated = true
                return
            }
            record(engine.snapshot(policy: 0), sample: sample)
            fired += engine.advance(to: sampleTime)
            sampleCount += 1
        }
        fired += engine.advance(to: time)
        for impression in fired where impression.policy == 0 {
            if let row = rowIndexByID[impression.sectionID] { rows[row].impressionCount += 1 }
            impressions.append(impression)
        }
        return fired
    }

    private mutating func record(_ snapshot: EngineSnapshot<String>, sample: Int) {
        sectionSamples += snapshot.sections.count
        for section in snapshot.sections where section.visibleRatio > 0 {
            let row = rowIndex(of: section.sectionID)
            let ratio = min(1, max(0, section.visibleRatio))
            let level = Int((ratio * 20).rounded())
            rows[row].exposure += ratio
            if let last = rows[row].runs.last, last.lastSample == sample - 1, last.level == level {
                rows[row].runs[rows[row].runs.count - 1].lastSample = sample
            } else {
                rows[row].runs.append(Run(firstSample: sample, lastSample: sample, level: level))
            }
        }
        for (index, cause) in Self.causes.enumerated() {
            if snapshot.inactiveCauses.contains(cause) {
                if openBands[index] >= 0 && bands[openBands[index]].lastSample == sample - 1 {
                    bands[openBands[index]].lastSample = sample
                } else {
                    openBands[index] = bands.count
                    bands.append(Band(cause: cause, firstSample: sample, lastSample: sample))
                }
            }
        }
    }

    private mutating func rowIndex(of id: String) -> Int {
        if let index = rowIndexByID[id] { return index }
        rowIndexByID[id] = rows.count
        rows.append(Row(id: id))
        return rows.count - 1
    }

    /// The rows to draw, most relevant first: sections with impressions (the most
    /// first), then the most seen; ties in order of first appearance.
    package func rowsByRelevance() -> [Row] {
        rows.enumerated().sorted { left, right in
            if left.element.impressionCount != right.element.impressionCount {
                return left.element.impressionCount > right.element.impressionCount
            }
            if left.element.exposure != right.element.exposure { return left.element.exposure > right.element.exposure }
            return left.offset < right.offset
        }.map(\.element)
    }
}
