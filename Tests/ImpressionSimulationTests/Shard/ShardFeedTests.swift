import Foundation
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Shard summaries of a given feed: the feed travels in the shard, merged without a file")
struct ShardFeedTests {
    static let configuration = SimulationConfiguration(sessionCount: 13, sessionDuration: .seconds(15), seed: 5,
                                                       policies: tracePolicies)

    /// The summaries of every shard of `count`, each run on its own workers.
    static func summaries(of simulation: Simulation, count: Int) async throws -> [(name: String, data: Data)] {
        var files: [(name: String, data: Data)] = []
        for index in 0..<count {
            let shard = try #require(Shard(index: index, count: count))
            let tally = await simulation.tally(sessions: shard.sessions(of: simulation.configuration.sessionCount), workers: 1 + index % 3)
            files.append(("part-\(index)", Data(try ShardSummary.json(of: simulation, tally: tally, shard: shard).utf8)))
        }
        return files
    }

    /// A scripted feed: kinds the seed would not draw, an id, a policy of its own.
    static func scriptedFeed(height: Double = 250) -> Feed {
        var templates = (0..<120).map { SectionTemplate.synthetic(SectionKind.allCases[$0 % 6], parameters: FeedParameters(), screen: .phone) }
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.7, minimumDuration: .nanoseconds(1_500_000_001), measure: .area)
        policy.recurrence = .oncePerVisit
        templates[3] = SectionTemplate(kind: .ad, id: "slot", height: height, cells: [Rect(x: 45, y: 0, width: 300, height: height)],
                                       policy: policy)
        return Feed(templates: templates, sectionSpacing: 8.5)
    }

    @Test("shards of a scripted feed merge into the one run's JSON and CSV, for several shard counts", arguments: [1, 2, 5])
    func mergeScriptedFeed(count: Int) async throws {
        let simulation = try Simulation(configuration: Self.configuration, feed: Self.scriptedFeed())
        let files = try await Self.summaries(of: simulation, count: count)
        let one = simulation.runSerially()
        let merged = try ShardSummary.mergedReport(files.reversed())
        #expect(merged.json() == one.json())
        #expect(merged.sectionsCSV() == one.sectionsCSV() && one.sectionsCSV().contains("\nslot,ad,4,"))
    }

    @Test("a synthetic run's shards carry no feed; a scripted feed's carry it as a feed file")
    func feedMember() async throws {
        let synthetic = try await Self.summaries(of: Simulation(configuration: Self.configuration), count: 1)
        #expect(!String(decoding: synthetic[0].data, as: UTF8.self).contains("\"feed\":\""))
        let scripted = try await Self.summaries(of: Simulation(configuration: Self.configuration, feed: Self.scriptedFeed()), count: 1)
        #expect(String(decoding: scripted[0].data, as: UTF8.self).contains(#""feed":"{\n  \"format\": \"impressions-feed\""#))
    }

    @Test("shards of two feeds are refused, naming the file and the first line that differs")
    func differentFeeds() async throws {
        var files = try await Self.summaries(of: Simulation(configuration: Self.configuration, feed: Self.scriptedFeed()), count: 3)
        files[2] = try await Self.summaries(of: Simulation(configuration: Self.configuration, feed: Self.scriptedFeed(height: 260)), count: 3)[2]
        #expect(throws: ShardSummaryError("part-2 is a shard of another run than part-0: another feed (the feed files differ from line 10)")) {
            try ShardSummary.merge(files)
        }
    }

    @Test("a feed a feed file cannot say exactly is refused when the shard is written, not merged wrong")
    func unwritableFeed() async throws {
        var parameters = FeedParameters()
        parameters.cardHeight = 300
        let odd = Feed(kinds: [.card, .banner, .ad, .video], parameters: parameters)
        var exitRatio = Self.scriptedFeed().templates
        exitRatio[3].policy?.exitVisibleRatio = 0.2
        var subNanosecond = Self.scriptedFeed().templates
        subNanosecond[3].policy?.minimumDuration = .nanoseconds(5) + .init(secondsComponent: 0, attosecondsComponent: 1)
        for (feed, problem) in [(odd, "a feed file holds only the spacing of its parameters"),
                                (Feed(templates: exitRatio, sectionSpacing: 0), "section 3's policy holds more than a feed file says"),
                                (Feed(templates: subNanosecond, sectionSpacing: 0), "section 3's policy holds more than a feed file says")] {
            let simulation = try Simulation(configuration: Self.configuration, feed: feed)
            let shard = try #require(Shard(index: 0, count: 1))
            let tally = await simulation.tally(sessions: 0..<1, workers: 1)
            #expect {
                try ShardSummary.json(of: simulation, tally: tally, shard: shard)
            } throws: { error in
                "\(error)".hasPrefix("cannot record the run's feed: " + problem)
            }
        }
    }
}
