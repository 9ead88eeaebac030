@testable import ImpressionSimulation
@testable import ImpressionSimulationCore
import ImpressionTracking
import Testing

/// A recorded session replayed (``TraceSession``) counts what the runner counted when it
/// ran the session: outcome by outcome, not only in sum.
@Suite("A session's trace, replayed, gives the session's outcome")
struct TraceSessionTests {
    @Test("impressions, rendered sections, time in view, exposure signals and the deepest position, session by session",
          arguments: [(UInt64(3), 300), (UInt64(11), 2000)])
    func sameOutcome(seed: UInt64, sections: Int) throws {
        var configuration = SimulationConfiguration(sessionCount: 40, sectionCount: sections, sessionDuration: .seconds(40),
                                                    seed: seed)
        configuration.measuresExposureSignals = true
        let simulation = try Simulation(configuration: configuration)
        var catalog = SectionCatalog(feed: simulation.feed)
        var rendered = 0
        for index in 0..<configuration.sessionCount {
            let session = simulation.session(at: index)
            let simulated = simulation.runner.run(session)
            let trace = simulation.runner.trace(of: session)
            var replay = TraceSession(engine: try ImpressionEngine<Int>(named: configuration.policies,
                                                                          sampleInterval: configuration.sampleInterval,
                                                                          measuresExposureSignals: true),
                                      sampleInterval: configuration.sampleInterval)
            for (line, input) in trace.inputs.enumerated() {
                try replay.apply(input, lineNumber: line + 2, catalog: &catalog)
            }
            let replayed = replay.finish(at: try #require(trace.end), feed: simulation.feed)
            #expect(replayed.impressions == simulated.impressions, "session \(index)")
            let differing = Set(replayed.renderedSections).symmetricDifference(simulated.renderedSections).sorted()
            #expect(replayed.renderedSections == simulated.renderedSections, "session \(index): rendered \(differing) differ")
            #expect(replayed.timeInView == simulated.timeInView, "session \(index)")
            #expect(replayed.exposures == simulated.exposures, "session \(index)")
            #expect(replayed.deepestSection == simulated.deepestSection, "session \(index)")
            rendered += simulated.renderedSections.count
        }
        #expect(catalog.extraIDs.isEmpty && rendered > 100)
    }
}
