import ImpressionTracking

/// The exposure signals of every visit in which a run's sections met one policy, per
/// section kind, as exact histograms in each signal's whole units (``ExposureSignal``):
/// tallies of consecutive runs add up to the whole run's, in any split.
///
/// A recorded section outside the feed (every section of a run over traces without one)
/// has no kind: its visits are kept in a group of their own after the kinds', so that
/// the distributions over every visit count them too.
package struct ExposureTally: Sendable, Hashable {
    /// Per kind (in `SectionKind.allCases` order, then the sections of no kind), per signal
    /// (in `ExposureSignal.allCases` order): how many visits had each value, in the
    /// signal's units.
    package private(set) var histograms: [[[Int: Int]]]
    /// Visits per kind, then of the sections of no kind.
    private(set) var visits: [Int]

    /// The index of the group of the sections of no kind.
    static let kindless = SectionKind.allCases.count

    init() {
        histograms = Array(repeating: Array(repeating: [:], count: ExposureSignal.allCases.count),
                           count: SectionKind.allCases.count + 1)
        visits = Array(repeating: 0, count: SectionKind.allCases.count + 1)
    }

    /// The histograms a shard records: one group per kind, then the sections of no kind's
    /// only when they had a visit, so that the shards of runs on a feed that names every
    /// section are as they were before that group was counted.
    package var recordedHistograms: [[[Int: Int]]] {
        visits[Self.kindless] == 0 ? Array(histograms.prefix(Self.kindless)) : histograms
    }

    /// The tally a shard recorded: per kind (and, when it had visits, for the sections of
    /// no kind after them) and signal, `[[value, count], ...]` pairs with values ascending
    /// in `0...maximum` and counts in `1...maximum`, every signal of a group counting the
    /// same visits; `nil` for anything else.
    package init?(histograms pairs: [[[[Int]]]], maximum: Int) {
        self.init()
        guard pairs.count == Self.kindless || pairs.count == visits.count else { return nil }
        for (kind, signals) in pairs.enumerated() {
            guard signals.count == ExposureSignal.allCases.count else { return nil }
            var visitsOfKind: Int?
            for (signal, histogram) in signals.enumerated() {
                var total = 0
                var previous = -1
                for pair in histogram {
                    guard pair.count == 2, pair[0] > previous, pair[0] <= maximum, (1...maximum).contains(pair[1]),
                          total <= maximum - pair[1] else { return nil }
                    histograms[kind][signal][pair[0]] = pair[1]
                    total += pair[1]
                    previous = pair[0]
                }
                guard visitsOfKind == nil || visitsOfKind == total else { return nil }
                visitsOfKind = total
            }
            visits[kind] = visitsOfKind ?? 0
        }
    }

    /// Adds one visit of a section of kind `kind` (an index of `SectionKind.allCases`, or
    /// ``kindless`` for a section of no kind).
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

    /// The histogram of `signal` over the groups `kinds` (indices of `SectionKind.allCases`,
    /// or ``kindless``).
    func histogram(_ signal: ExposureSignal, kinds: some Sequence<Int>) -> [Int: Int] {
        kinds.reduce(into: [:]) { $0.merge(histograms[$1][signal.rawValue], uniquingKeysWith: +) }
    }
}
