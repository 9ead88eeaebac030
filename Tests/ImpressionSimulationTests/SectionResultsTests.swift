import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Per-section results: rendered, impressed and time in view, checked by hand")
struct SectionResultsTests {
    typealias InView = SessionOutcome.TimeInView

    @Test("the scripted session renders all four sections; time in view counts the samples at the policy's ratio")
    func scriptedSession() throws {
        let runner = try SessionRunner(feed: SummaryTests.feed, policies: [SummaryTests.defaultPolicy, SummaryTests.abema])
        let outcome = runner.run(SummaryTests.session)
        // At offset 0 the fourth section shows 98 pt: rendered, though below every ratio.
        #expect(outcome.renderedSections == [0, 1, 2, 3])
        // Default (50 % height): the banner from 0.0 to 3.0 s (31 samples); card 1 and the
        // ad from 0.0 to 5.0 s and 6.1 to 10.0 s (51 + 40), card 1 at 68 % after the
        // scroll; card 2 from 3.1 to 5.0 s and 6.1 to 10.0 s (20 + 40). The stays open at
        // 10.0 s are closed by the session's end.
        #expect(outcome.timeInView[0] == [InView(section: 0, visibleSamples: 31), InView(section: 1, visibleSamples: 91),
                                          InView(section: 2, visibleSamples: 91), InView(section: 3, visibleSamples: 60)])
        // ABEMA (80 % area): card 1 at 68 % is out of view after the scroll.
        #expect(outcome.timeInView[1] == [InView(section: 0, visibleSamples: 31), InView(section: 1, visibleSamples: 31),
                                          InView(section: 2, visibleSamples: 91), InView(section: 3, visibleSamples: 60)])
    }

    @Test("nothing is rendered while the app is in the background, and only what a sample saw while scrolling")
    func renderedAtSamplesWhileActive() throws {
        let runner = try SessionRunner(feed: SummaryTests.feed, policies: [SummaryTests.defaultPolicy])
        let background = runner.run(Session(duration: .seconds(5), events: [
            SessionEvent(time: .zero, input: .lifecycle(.enterBackground)),
        ]))
        #expect(background.renderedSections.isEmpty && background.timeInView == [[]])

        // Forty cards of 340 pt, 12 apart (352 per card): a scroll to 3,520 pt replaced
        // before the next sample by one to 7,040 pt is never seen.
        let cards = Feed(kinds: Array(repeating: .card, count: 40))
        let fling = Session(duration: .seconds(1), events: [
            SessionEvent(time: .milliseconds(120), input: .scroll(offset: 3520)),
            SessionEvent(time: .milliseconds(150), input: .scroll(offset: 7040)),
        ])
        let outcome = try SessionRunner(feed: cards, policies: [SummaryTests.defaultPolicy]).run(fling)
        // 0...844 shows cards 0-2; 7040...7884 shows cards 20-22.
        #expect(outcome.renderedSections == [0, 1, 2, 20, 21, 22])
        #expect(outcome.deepestSection == 22)
    }

    @Test("the report's sections, kinds and CSV hold the hand-checked counts")
    func report() throws {
        let simulation = try Simulation(configuration: SimulationConfiguration(
            policies: [SummaryTests.defaultPolicy, SummaryTests.abema]), feed: SummaryTests.feed)
        // The short session never leaves the top: all four rendered, nothing impressed,
        // the banner, card 1 and the ad in view for samples 0...5.
        let short = Session(duration: .milliseconds(500), events: [])
        let report = simulation.report(replaying: [SummaryTests.session, SummaryTests.session, short])

        #expect(report.sections.map(\.kind) == [.banner, .card, .ad, .card])
        let banner = report.sections[0].byPolicy[0]
        #expect(banner == SectionViewability(rendered: 3, impressed: 2, timeInView: .milliseconds(6800)))
        #expect(banner.viewableRate == 2.0 / 3)
        // Cards: 91 + 91 + 6 and 60 + 60 samples of card 1 and card 2 under default;
        // 31 + 31 + 6 and 60 + 60 under ABEMA.
        #expect(report.policies[0].viewability(of: .card)
                == SectionViewability(rendered: 6, impressed: 4, timeInView: .milliseconds(30_800)))
        #expect(report.policies[1].viewability(of: .card)
                == SectionViewability(rendered: 6, impressed: 4, timeInView: .milliseconds(18_800)))
        #expect(report.policies[0].viewability(of: .video) == SectionViewability())
        #expect(report.policies[0].viewability(of: .video).viewableRate == nil)

        let lines = report.sectionsCSV().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + 4 * 2 + 1)   // header, a row per section and policy, the final newline
        let (defaultPrint, abemaPrint) = (SummaryTests.defaultPolicy.policy.fingerprint, SummaryTests.abema.policy.fingerprint)
        #expect(defaultPrint != abemaPrint)
        #expect(lines[0] == "section,kind,position,policy,fingerprint,sessions,rendered,impressed,viewable_rate,mean_time_in_view_ms")
        #expect(lines[1] == "0,banner,1,default,\(defaultPrint),3,3,2,0.666667,2266.667")
        #expect(lines[4] == "1,card,2,abema,\(abemaPrint),3,3,2,0.666667,2266.667")
        #expect(lines[8] == "3,card,4,abema,\(abemaPrint),3,3,2,0.666667,4000.000")
        #expect(lines[9] == "")
    }

    @Test("kinds are the sums of their sections; impressed never exceeds rendered")
    func kindsSumSections() async throws {
        let simulation = try Simulation(configuration: DeterminismTests.configuration())
        let report = await simulation.run(workers: 2)
        #expect(report.sections.count == 300)
        for (policyIndex, summary) in report.policies.enumerated() {
            for kind in SectionKind.allCases {
                let sum = report.sections.filter { $0.kind == kind }.map { $0.byPolicy[policyIndex] }
                    .reduce(SectionViewability(), +)
                #expect(summary.viewability(of: kind) == sum, "\(summary.policy.name) \(kind)")
            }
            #expect(report.sections.allSatisfy { $0.byPolicy[policyIndex].impressed <= $0.byPolicy[policyIndex].rendered })
            #expect(report.sections.contains { $0.byPolicy[policyIndex].impressed > 0 })
        }
        // Every session renders the top of the feed.
        #expect(report.sections[0].byPolicy[0].rendered == report.configuration.sessionCount)
    }

    @Test("a policy name with a comma or a quote is quoted as RFC 4180 says")
    func quoting() throws {
        let named = NamedPolicy(name: "say \"hi\", twice", policy: .default)
        let simulation = try Simulation(configuration: SimulationConfiguration(policies: [named]), feed: SummaryTests.feed)
        let csv = simulation.report(replaying: [SummaryTests.session]).sectionsCSV()
        #expect(csv.split(separator: "\n")[1]
                == "0,banner,1,\"say \"\"hi\"\", twice\",\(ImpressionPolicy.default.fingerprint),1,1,1,1.000000,3100.000")
    }
}
