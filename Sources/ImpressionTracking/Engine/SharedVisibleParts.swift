/// The visible parts of a sample's candidates and their measures, worked out once for
/// every way of measuring of a ``MultiPolicyEngine``: ways that differ in their measure,
/// denominators or large-section rule see the same parts, and those that share a measure
/// the same height, width or area.
///
/// Filled the first time a way of measuring asks about a candidate, and emptied for each
/// sample, keeping its room: a steady sample does not allocate.
struct SharedVisibleParts: Sendable {
    /// Per candidate, where its parts are in `parts`; `collectedNothing` before it is
    /// collected, and an empty range when nothing of it shows.
    private var partRanges: [Range<Int32>] = []
    private var parts: [Rect] = []
    /// Per candidate, its visible height, area and width (`measuresPerCandidate` apart),
    /// NaN until worked out.
    private var measures: [Double] = []

    private static let collectedNothing: Range<Int32> = -1 ..< -1
    private static let measuresPerCandidate = 3

    /// Forgets the last sample's candidates and makes room for `candidateCount` new ones.
    mutating func reset(candidateCount: Int) {
        partRanges.clear()
        parts.clear()
        measures.clear()
        partRanges.append(contentsOf: repeatElement(Self.collectedNothing, count: candidateCount))
        measures.append(contentsOf: repeatElement(.nan, count: candidateCount &* Self.measuresPerCandidate))
    }

    /// Whether the parts of `candidate` are known.
    func hasCollected(_ candidate: Int) -> Bool {
        partRanges[candidate] != Self.collectedNothing
    }

    /// Keeps `visibleParts` as what shows of `candidate`: empty when nothing does.
    mutating func store(_ visibleParts: [Rect], ofCandidate candidate: Int) {
        let start = Int32(parts.count)
        parts.append(contentsOf: visibleParts)
        partRanges[candidate] = start ..< Int32(parts.count)
    }

    /// The visible measure of `candidate` by `measure`, worked out by `measuring` from its
    /// parts the first time; `nil` when nothing of it shows.
    ///
    /// - Precondition: ``hasCollected(_:)`` for `candidate`.
    @inline(__always)
    mutating func measure(ofCandidate candidate: Int, by measure: ImpressionPolicy.Measure,
                          measuring: (ArraySlice<Rect>) -> Double) -> Double? {
        let range = partRanges[candidate]
        guard !range.isEmpty else { return nil }
        let index: Int
        switch measure {
        case .height: index = candidate &* Self.measuresPerCandidate
        case .area: index = candidate &* Self.measuresPerCandidate &+ 1
        case .width: index = candidate &* Self.measuresPerCandidate &+ 2
        }
        if measures[index].isNaN {
            measures[index] = measuring(parts[Int(range.lowerBound) ..< Int(range.upperBound)])
        }
        return measures[index]
    }
}
