import Testing
@testable import ImpressionTracking

/// The random timing sessions (which compare every snapshot row, statistics included, with
/// the reference model) reach every kind of statistic: otherwise their agreement proves
/// little.
@Suite("Section statistics: the random sessions reach every case")
struct StatisticsCoverageTests {
    @Test("entries over several runs, time over several visits, ratios below threshold, later appearances, sums and cooldowns")
    func sessionsReachEveryStatistic() {
        var counts: [String: Int] = [:]
        for seed in UInt64(20_001)...20_060 {
            let session = TimingPropertyTests.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                if case .input(let input) = step.action { _ = model.perform(input) }
                for section in model.layout {
                    let statistics = model.expectedStatistics(of: section.id, policy: section.policy ?? model.policy)
                    if statistics.entries >= 2 { counts["entries >= 2", default: 0] += 1 }
                    if statistics.totalVisibleDuration > statistics.visibleDurationThisVisit {
                        counts["time in earlier visits", default: 0] += 1
                    }
                    if statistics.entries == 0 && statistics.highestVisibleRatio > 0 {
                        counts["seen below threshold only", default: 0] += 1
                    }
                    if statistics.firstAppearance > .zero { counts["appeared later", default: 0] += 1 }
                    if statistics.countedSamples > (model.consecutiveSamples[section.id] ?? 0) {
                        counts["sum over runs", default: 0] += 1
                    }
                    if statistics.cooldownEnd != nil { counts["cooling down", default: 0] += 1 }
                }
            }
        }
        for kind in ["entries >= 2", "time in earlier visits", "seen below threshold only", "appeared later",
                     "sum over runs", "cooling down"] {
            #expect(counts[kind, default: 0] > 50, "\(kind): \(counts[kind, default: 0]) rows")
        }
    }
}
