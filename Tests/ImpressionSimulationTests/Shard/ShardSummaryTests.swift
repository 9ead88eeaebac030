import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Shard summaries: the run's configuration as JSON, merged without the command line")
struct ShardSummaryTests {
    @Test("a configuration reads back from JSON as the same run, odd durations and every policy option included")
    func configurationRoundTrip() throws {
        var user = UserModel()
        user.meanReadingPause = .nanoseconds(1_234_567_891)
        user.readingPauseSigma = 0.1 + 0.2
        for scope in [FeedLayout.Scope.wholeFeed, .window(marginScreens: 1.7)] {
            let configuration = SimulationConfiguration(
                sessionCount: 23, sectionCount: 250, sessionDuration: .microseconds(33_333), seed: .max,
                policies: tracePolicies, sampleInterval: .nanoseconds(33_333_333), screen: Screen(width: 390.5, height: 844.25),
                user: user, depthBucketEnds: [3, 7], layoutScope: scope)
            let decoded = try JSONDecoder().decode(SimulationConfiguration.self, from: JSONEncoder().encode(configuration))
            #expect(decoded == configuration, "\(scope)")
        }
    }

    @Test("shards summarised by the library merge into the whole run's JSON; another run is refused by what differs")
    func mergeInLibrary() async throws {
        func simulation(seed: UInt64) throws -> Simulation {
            try Simulation(configuration: SimulationConfiguration(sessionCount: 11, sectionCount: 200, sessionDuration: .seconds(15),
                                                                  seed: seed, policies: tracePolicies))
        }
        func shard(_ index: Int, of simulation: Simulation) async throws -> (name: String, data: Data) {
            let shard = try #require(Shard(index: index, count: 3))
            let tally = await simulation.tally(sessions: shard.sessions(of: 11), workers: 1 + index)
            return ("part-\(index)", Data(try ShardSummary.json(of: simulation, tally: tally, shard: shard).utf8))
        }
        let run = try simulation(seed: 6)
        var files: [(name: String, data: Data)] = []
        for index in 0..<3 { files.append(try await shard(index, of: run)) }
        #expect(try ShardSummary.merge(files.reversed()) == run.runSerially().json())
        files[1] = try await shard(1, of: simulation(seed: 7))
        #expect(throws: ShardSummaryError("part-1 is a shard of another run than part-0: seed 7 vs 6")) {
            try ShardSummary.merge(files)
        }
    }

    @Test("slices are disjoint, consecutive and cover every session")
    func slices() {
        for total in [0, 1, 5, 23, 1000] {
            for count in [1, 2, 3, 7, 64] {
                let ranges = (0..<count).compactMap { Shard(index: $0, count: count)?.sessions(of: total) }
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == total)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            }
        }
        for (index, count) in [(4, 4), (-1, 4), (1, 0), (0, Shard.maximumCount + 1)] { #expect(Shard(index: index, count: count) == nil) }
    }
}
