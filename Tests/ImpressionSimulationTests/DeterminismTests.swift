import ImpressionSimulation
@testable import ImpressionTracking
import Testing

@Suite("Determinism: the seed fixes the output, the cores do not change it")
struct DeterminismTests {
    static func configuration(seed: UInt64 = 1) -> SimulationConfiguration {
        SimulationConfiguration(
            sessionCount: 24, sectionCount: 300, sessionDuration: .seconds(20), seed: seed,
            policies: [NamedPolicy(name: "default", policy: .default), NamedPolicy(name: "abema", policy: .abema),
                       NamedPolicy(name: "sarah", policy: .sarahCell)])
    }

    @Test("the same seed gives the same report, table and JSON, run after run")
    func sameSeed() async throws {
        let first = try await Simulation(configuration: Self.configuration()).run(workers: 2)
        let second = try await Simulation(configuration: Self.configuration()).run(workers: 2)
        #expect(first == second)
        #expect(first.table() == second.table())
        #expect(first.json() == second.json())
        #expect(first.policies[0].impressions > 0)
    }

    @Test("one worker, many workers and no concurrency give the same report")
    func anyWorkerCount() async throws {
        let simulation = try Simulation(configuration: Self.configuration())
        let serial = simulation.runSerially()
        for workers in [1, 2, 3, 8, 64] {
            let parallel = await simulation.run(workers: workers)
            #expect(parallel == serial, "\(workers) workers")
            #expect(parallel.table() == serial.table(), "\(workers) workers")
            #expect(parallel.sectionsCSV() == serial.sectionsCSV(), "\(workers) workers")
        }
    }

    @Test("a session is the same whichever order sessions are made in")
    func sessionIndependence() throws {
        let simulation = try Simulation(configuration: Self.configuration())
        let forwards = (0..<10).map { simulation.session(at: $0) }
        let backwards = (0..<10).reversed().map { simulation.session(at: $0) }
        #expect(forwards == backwards.reversed())
        #expect(forwards[0] != forwards[1])
    }

    @Test("different seeds give different feeds, sessions and reports")
    func differentSeeds() async throws {
        let one = try Simulation(configuration: Self.configuration(seed: 1))
        let two = try Simulation(configuration: Self.configuration(seed: 2))
        #expect(one.feed.sections.map(\.kind) != two.feed.sections.map(\.kind))
        #expect(one.session(at: 0) != two.session(at: 0))
        let reportOne = await one.run(workers: 2)
        let reportTwo = await two.run(workers: 2)
        #expect(reportOne.table() != reportTwo.table())
    }

    @Test("progress reaches the total, once per chunk, from the calling task")
    func progress() async throws {
        let simulation = try Simulation(configuration: Self.configuration())
        let seen = ProgressLog()
        _ = await simulation.run(workers: 3) { completed, total in seen.append(completed, total) }
        let updates = seen.updates
        #expect(updates.last?.completed == 24 && updates.allSatisfy { $0.total == 24 })
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.completed < $1.completed })
    }

    @Test("a bad configuration is refused with the value named")
    func badConfiguration() {
        var configuration = Self.configuration()
        configuration.sessionCount = -1
        #expect(throws: SimulationError.self) { try Simulation(configuration: configuration) }
        configuration = Self.configuration()
        configuration.policies = [NamedPolicy(name: "bad", policy: ImpressionPolicy(minimumVisibleRatio: 2))]
        do {
            _ = try Simulation(configuration: configuration)
            Issue.record("accepted a ratio of 2")
        } catch {
            #expect(error.message.contains("bad") && error.message.contains("2.0"))
        }
        configuration = Self.configuration()
        configuration.user.velocityDecayPerMillisecond = 1
        #expect(throws: SimulationError.self) { try Simulation(configuration: configuration) }
    }
}

final class ProgressLog: Sendable {
    private let storage = Locked<[(completed: Int, total: Int)]>([])
    func append(_ completed: Int, _ total: Int) { storage.withLock { $0.append((completed, total)) } }
    var updates: [(completed: Int, total: Int)] { storage.withLock { $0 } }
}
