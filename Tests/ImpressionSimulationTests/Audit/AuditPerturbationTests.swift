@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Audits of the engine's own impressions, perturbed: each perturbation classified exactly")
struct AuditPerturbationTests {
    /// A simulated session as a trace, and its impressions under `policy`.
    private static func session(seed: UInt64, index: Int, policy: NamedPolicy) throws -> (trace: Trace, expected: [Impression<String>]) {
        let simulation = try Simulation(configuration: SimulationConfiguration(
            sessionCount: index + 1, sectionCount: 300, sessionDuration: .seconds(60), seed: seed, policies: [policy]))
        let trace = simulation.runner.trace(of: simulation.session(at: index))
        return (trace, try TraceReplayer.impressions(of: trace, policies: [policy])[0])
    }

    private static let policies = [
        NamedPolicy(name: "default", policy: .default),
        NamedPolicy(name: "sarah", policy: .sarahCell),
        NamedPolicy(name: "mrc-display", policy: .mrcDisplay),
    ]

    private static func claims(_ impressions: [Impression<String>]) -> [ClaimedImpression] {
        impressions.map { ClaimedImpression(sectionID: $0.sectionID, time: $0.time) }
    }

    @Test("the engine's own impressions, claimed as they are, all match", arguments: [3, 11, 29] as [UInt64])
    func unperturbed(seed: UInt64) throws {
        for policy in Self.policies {
            let (trace, expected) = try Self.session(seed: seed, index: 1, policy: policy)
            #expect(expected.count >= 5)
            let report = try AuditReplayer.audit(trace, policy: policy, claims: Self.claims(expected))
            #expect(report.findings.count == expected.count)
            #expect(report.findings.allSatisfy { $0.verdict == .matched })
            #expect(report.passes && report.precision == 1 && report.recall == 1)
        }
    }

    @Test("shifted earlier, shifted later past the tolerance, dropped, duplicated and invented claims are early, late, missing, duplicate and phantom",
          arguments: [3, 11, 29] as [UInt64])
    func perturbed(seed: UInt64) throws {
        for policy in Self.policies {
            let (trace, expected) = try Self.session(seed: seed, index: 1, policy: policy)
            let interval = trace.header.sampleInterval
            let lifecycleTimes = trace.inputs.compactMap { input -> Duration? in
                if case .lifecycle = input.input { return input.time }
                return nil
            }
            // Impressions with no lifecycle input near them (so a shift stays in the visit)
            // and no other impression of their section within 3 intervals, one per section.
            var chosen: [Int] = []
            var usedSections: Set<String> = []
            for (index, impression) in expected.enumerated() where !usedSections.contains(impression.sectionID) {
                let near = { (time: Duration) in time >= impression.time - interval * 3 && time <= impression.time + interval * 3 }
                guard !lifecycleTimes.contains(where: near) else { continue }
                guard !expected.enumerated().contains(where: { $0.offset != index && $0.element.sectionID == impression.sectionID && near($0.element.time) }) else { continue }
                chosen.append(index)
                usedSections.insert(impression.sectionID)
                if chosen.count == 4 { break }
            }
            try #require(chosen.count == 4, "seed \(seed), \(policy.name): too few isolated impressions")
            let (earlier, later, dropped, duplicated) = (chosen[0], chosen[1], chosen[2], chosen[3])
            var claims = Self.claims(expected)
            claims[earlier].time -= interval          // before the definition allows: early
            claims[later].time += interval * 2        // past the tolerance of one interval: late
            claims.remove(at: dropped)                // missing
            let duplicate = ClaimedImpression(sectionID: expected[duplicated].sectionID, time: expected[duplicated].time + interval / 2)
            claims.append(duplicate)
            // A section that is in a layout but never fires: a phantom.
            let fired = Set(expected.map(\.sectionID))
            let layoutIDs = trace.inputs.lazy.compactMap { input -> [String]? in
                if case .layout(let sections, _) = input.input { return sections.map(\.id) }
                return nil
            }.joined()
            let quiet = try #require(layoutIDs.first { !fired.contains($0) })
            claims.append(ClaimedImpression(sectionID: quiet, time: .seconds(30)))

            let report = try AuditReplayer.audit(trace, policy: policy, claims: claims)
            let discrepancies = report.discrepancies
            #expect(discrepancies.count == 5, "\(discrepancies)")
            func only(_ verdict: AuditVerdict) -> AuditFinding? {
                let found = discrepancies.filter { $0.verdict == verdict }
                return found.count == 1 ? found[0] : nil
            }
            let early = try #require(only(.early))
            #expect(early.sectionID == expected[earlier].sectionID && early.expectedTime == expected[earlier].time
                    && early.claimTime == expected[earlier].time - interval)
            #expect(early.reason?.hasPrefix("visible for ") == true, "\(early.reason ?? "no reason")")
            let late = try #require(only(.late))
            #expect(late.sectionID == expected[later].sectionID && late.expectedTime == expected[later].time)
            #expect(late.reason == nil)
            let missing = try #require(only(.missing))
            #expect(missing.sectionID == expected[dropped].sectionID && missing.expectedTime == expected[dropped].time)
            let repeated = try #require(only(.duplicate))
            #expect(repeated.sectionID == duplicate.sectionID && repeated.claimTime == duplicate.time)
            #expect(repeated.reason != nil)
            let phantom = try #require(only(.phantom))
            #expect(phantom.sectionID == quiet && phantom.claimTime == .seconds(30))
            #expect(phantom.reason != nil && phantom.reason?.hasPrefix("visible") == false, "\(phantom.reason ?? "no reason")")
            // Everything else matched, one to one.
            #expect(report.count(of: .matched) == expected.count - 3)
            #expect(report.claimCount == expected.count + 1 && !report.passes)
        }
    }
}
