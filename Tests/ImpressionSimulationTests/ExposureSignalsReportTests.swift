@testable import ImpressionSimulation
@testable import ImpressionSimulationCore
import ImpressionTracking
import Testing

@Suite("simulate --signals: the exposure signals' distributions per policy and section kind")
struct ExposureSignalsReportTests {
    static let policies = [NamedPolicy(name: "default", policy: .default),
                           NamedPolicy(name: "area-2s", policy: ImpressionPolicy(minimumVisibleRatio: 0.3, minimumDuration: .seconds(2),
                                                                                 measure: .area))]

    static func simulation(sessions: Int = 12, signals: Bool = true) throws -> Simulation {
        var configuration = SimulationConfiguration(sessionCount: sessions, sectionCount: 300, sessionDuration: .seconds(30),
                                                    seed: 5, policies: policies)
        configuration.measuresExposureSignals = signals
        return try Simulation(configuration: configuration)
    }

    /// Every visit's signals as a plain engine reports them from the session's inputs: the
    /// last exit of each section's visit, under each policy.
    static func referenceExposures(_ simulation: Simulation, session index: Int) throws -> [[SessionOutcome.Exposure]] {
        let (inputs, end) = simulation.runner.engineInputs(of: simulation.session(at: index))
        var engine = try ImpressionEngine<Int>(policies: policies.map(\.policy), sampleInterval: .milliseconds(100),
                                               measuresExposureSignals: true)
        var last: [[String: SessionOutcome.Exposure]] = Array(repeating: [:], count: policies.count)
        func note(_ events: [VisibilityEvent<Int>]) {
            for case .exited(let section, _, _, _, let visit, let policy, let signals?) in events {
                last[policy]["\(section)/\(visit)"] = SessionOutcome.Exposure(section: section, visit: visit, signals: signals)
            }
        }
        for input in inputs {
            // As a trace replays: inputs at time zero come before the first sample.
            if input.time > .zero { note(engine.advanceWithEvents(to: input.time)) }
            try engine.apply(input.input)
        }
        note(engine.advanceWithEvents(to: end))
        engine.disappear()
        note(engine.advanceWithEvents(to: end + .milliseconds(100)))
        return last.map { $0.values.sorted { ($0.section, $0.visit) < ($1.section, $1.visit) } }
    }

    @Test("each visit's signals are the last exit's of that visit, as a plain engine reports them")
    func visitsMatchAPlainEngine() throws {
        let simulation = try Self.simulation()
        var visits = 0
        for index in 0..<6 {
            let outcome = simulation.runner.run(simulation.session(at: index))
            let reference = try Self.referenceExposures(simulation, session: index)
            #expect(outcome.exposures == reference, "session \(index)")
            visits += reference.reduce(0) { $0 + $1.count }
        }
        #expect(visits > 100)
    }

    @Test("the distributions are the nearest-rank percentiles and means of those visits, per kind and all together")
    func distributions() throws {
        let simulation = try Self.simulation()
        let report = simulation.runSerially()
        for (policyIndex, summary) in report.policies.enumerated() {
            let exposure = try #require(summary.exposure)
            var byKind: [[ExposureSignals]] = Array(repeating: [], count: SectionKind.allCases.count)
            for index in 0..<simulation.configuration.sessionCount {
                for visit in try Self.referenceExposures(simulation, session: index)[policyIndex] {
                    byKind[SectionKind.allCases.firstIndex(of: simulation.feed.sections[visit.section].kind)!].append(visit.signals)
                }
            }
            func check(_ group: ExposureDistributions.Group, _ visits: [ExposureSignals]) {
                #expect(group.visits == visits.count)
                guard !visits.isEmpty else { return }
                let seconds = visits.map(\.timeInView.inSeconds).sorted()
                func rank(_ percent: Int) -> Double { seconds[(seconds.count * percent + 99) / 100 - 1] }
                #expect(abs((group[.timeInView]?.median ?? -1) - rank(50)) < 1e-9)
                #expect(abs((group[.timeInView]?.p90 ?? -1) - rank(90)) < 1e-9)
                #expect(abs((group[.timeInView]?.mean ?? -1) - seconds.reduce(0, +) / Double(seconds.count)) < 1e-9)
                let shares = visits.map { ($0.meanScreenShare * 1000).rounded() / 1000 }.sorted()
                #expect(abs((group[.meanScreenShare]?.median ?? -1) - shares[(shares.count * 50 + 99) / 100 - 1]) < 1e-9)
                // A visit's time at the ratio is within its time in view, its longest run within that.
                #expect(group[.timeInView]!.median >= group[.timeAtRatio]!.median)
                #expect(group[.timeAtRatio]!.p90 >= group[.longestRun]!.p90)
            }
            check(exposure.all, byKind.flatMap { $0 })
            for kind in byKind.indices { check(exposure.byKind[kind], byKind[kind]) }
        }
    }

    @Test("--sections-out's exposure columns add up to the report's: the visits, and the mean time in view per visit")
    func sectionsCSV() throws {
        let report = try Self.simulation().runSerially()
        let lines = report.sectionsCSV().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines[0].suffix(5).map(String.init) == SimulationReport.sectionsCSVExposureHeader)
        for (policyIndex, summary) in report.policies.enumerated() {
            let rows = lines.dropFirst().filter { $0[3] == summary.policy.name }
            let visits = rows.map { Int($0[10])! }
            let total = visits.reduce(0, +)
            #expect(total == summary.exposure?.all.visits, "policy \(policyIndex)")
            let weighted = zip(rows, visits).reduce(0.0) { sum, pair in
                pair.1 == 0 ? sum : sum + Double(pair.0[11])! * Double(pair.1)
            }
            // Each row's mean is printed to the microsecond.
            #expect(abs(weighted / Double(total) - summary.exposure!.all[.timeInView]!.mean * 1000) < 0.001)
        }
        #expect(!(try Self.simulation(signals: false).runSerially().sectionsCSV().contains("visits")))
    }

    @Test("any split of the sessions between workers gives the same distributions; without --signals nothing changes")
    func splitsAndOff() async throws {
        let simulation = try Self.simulation(sessions: 10)
        let one = SimulationReport(tally: await simulation.tally(sessions: 0..<10, workers: 1), of: simulation).json()
        let three = SimulationReport(tally: await simulation.tally(sessions: 0..<10, workers: 3), of: simulation).json()
        #expect(one == three && one.contains("\"exposureSignals\""))
        let off = try Self.simulation(sessions: 10, signals: false).runSerially()
        #expect(!off.json().contains("exposureSignals") && !off.table().contains("exposure per visit"))
        #expect(!off.html().contains("Exposure signals"))
        // The page's chart: a bar per policy for all kinds and for each kind.
        let page = SimulationReport(tally: await simulation.tally(sessions: 0..<10, workers: 1), of: simulation).html()
        #expect(page.contains("data-chart=\"run-exposure\" data-mark=\"mark\" data-marks=\"\(2 * (1 + SectionKind.allCases.count))\""))
        #expect(off.policies.map(\.impressions) == simulation.runSerially().policies.map(\.impressions))
    }
}
