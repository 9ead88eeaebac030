import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

@Suite("Replay on the command line: a trace written by simulate replays to the direct run's impressions")
struct ReplayRoundTripTests {
    @Test("replay on the command line prints the direct run's impressions, from a file or standard input")
    func commandLineRoundTrip() async throws {
        let directory = try temporaryDirectory()
        let simulated = await impressions("simulate", "--sessions", "3", "--sections", "300", "--seconds", "40", "--seed", "9",
                                          "--policy", "default", "--policy", "sarah", "--trace-out", directory, "--json")
        #expect(simulated.status == 0)
        let simulation = try Simulation(configuration: SimulationConfiguration(
            sessionCount: 3, sectionCount: 300, sessionDuration: .seconds(40), seed: 9,
            policies: ["default", "sarah"].compactMap(PolicyPresets.named)))
        for index in 0..<3 {
            let path = directory + "/session-00000\(index).jsonl"
            let direct = simulation.runner.run(simulation.session(at: index)).impressions.map { list in
                list.map { Impression(sectionID: String($0.sectionID), time: $0.time, visibleRatio: $0.visibleRatio,
                                      visibleDuration: $0.visibleDuration, visit: $0.visit) }
            }
            let expected = ImpressionsCommand.impressionLines(direct, policies: simulation.configuration.policies)
            let replayed = await impressions("replay", path, "--policy", "default", "--policy", "sarah")
            #expect(replayed.status == 0)
            #expect(replayed.output == expected)
            #expect(!expected.isEmpty)
            #expect(replayed.error.contains("replayed \(path)") && replayed.error.contains("impressions  sections"))
            // `-` reads the descriptor the command is given as standard input.
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let io = CapturedIO(input: descriptor)
            let status = await ImpressionsCommand.run(arguments: ["replay", "-", "--policy", "default", "--policy", "sarah"], io: io)
            #expect(status == 0 && io.standardOutput == expected)
        }
    }
}
