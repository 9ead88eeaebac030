import ImpressionTracking

/// The exposure signals of every visit in which a run's sections met one policy, per
/// section kind, as exact histograms in each signal's whole units (``ExposureSignal``):
/// tallies of consecutive runs add up to the whole run's, in any split.
struct ExposureTally: Sendable, Hashable {
    /// Per kind (in `SectionKind.allCases` order), per signal (in `ExposureSignal.allCases`
    /// order): how many visits had each value, in the signal's units.
    private(set) var histograms: [[[Int: Int]]]
    /// Visits per kind.
    private(set) var visits: [Int]

    init() {
        histograms = Array(repeating: Array(repeating: [:], count: ExposureSignal.allCases.count),
                           count: SectionKind.allCases.count)
        visits = Array(repeating: 0, count: SectionKind.allCases.count)
    }

    /// Adds one visit of a section of kind `kind` (an index of `SectionKind.allCases`).
    mutating func add(_ signals: ExposureSignals, kind: Int, sampleInterval: Duration) {
        visits[kind] += 1
        for signal in ExposureSignal.allCases {
            histograms[kind][signal.rawValue][signal.units(of: signals, sampleInterval: sampleInterval), default: 0] += 1
        }
    }

    /// Adds the visits of `other`.
    mutating func add(_ other: ExposureTally) {
        for kind in visits.indices {
            visits[kind] += other.visits[kind]
            for signal in ExposureSignal.allCases {
                histograms[kind][signal.rawValue].merge(other.histograms[kind][signal.rawValue], uniquingKeysWith: +)
            }
        }
    }

    /// The histogram of `signal` over the kinds `kinds`.
    func histogram(_ signal: ExposureSignal, kinds: some Sequence<Int>) -> [Int: Int] {
        kinds.reduce(into: [:]) { $0.merge(histograms[$1][signal.rawValue], uniquingKeysWith: +) }
    }
}
