@testable import ImpressionSimulation
@testable import ImpressionSimulationCore
@testable import ImpressionSimulationRendering
import ImpressionTracking
import Testing

@Suite("The HTML report of a run")
struct SimulationReportHTMLTests {
    @Test("one well-formed, self-contained page with the parameters, the table and every chart with its marks")
    func sections() async throws {
        let report = try await HTMLReportSupport.simulationReport()
        let html = report.html(command: "impressions simulate --sessions 30")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        let (wellFormed, reading) = HTMLReportSupport.read(html)
        #expect(wellFormed)
        #expect(HTMLReportSupport.isSelfContained(html))
        #expect(!reading.attributeNames.contains { $0.lowercased().hasPrefix("on") })
        #expect(reading.ids == ["run-parameters", "run-comparison", "run-depth", "run-first", "run-sections"])
        #expect(reading.figures.map { $0["data-chart"] } == ["run-depth", "run-first", "run-sections-top", "run-sections-bottom"])
        // Each chart draws what it says it does: a bar per bucket shown and policy, a line
        // and a median per policy, a bar per section shown and policy.
        let marks = reading.figures.compactMap { $0["data-marks"].flatMap(Int.init) }
        #expect(marks.reduce(0, +) == reading.elements["rect.mark", default: 0] + reading.elements["path.mark", default: 0]
            + reading.elements["circle.mark", default: 0])
        #expect(marks[0] == report.foldedDepthRows().filter { $0.counts.contains { $0 > 0 } }.count * 2)
        #expect(marks[1] == 4)
        #expect(marks[2] == 2 * SimulationReport.sectionsShownPerEnd && marks[3] == 2 * SimulationReport.sectionsShownPerEnd)
        // The parameters and the table's figures are there as text.
        #expect(reading.text.contains("impressions simulate --sessions 30"))
        #expect(reading.text.contains(report.summaryLines()[0]))
        for summary in report.policies {
            #expect(reading.text.contains(NumberFormatting.integer(summary.impressions)))
            #expect(reading.text.contains(NumberFormatting.rule(summary.policy.policy)))
        }
    }

    @Test("the same run gives the same bytes, on 1 worker and on 3")
    func determinism() async throws {
        let one = try await HTMLReportSupport.simulationReport(workers: 1).html()
        let three = try await HTMLReportSupport.simulationReport(workers: 3).html()
        #expect(one == three)
    }

    @Test("the first impression's percentiles: 101 of them, ascending, the median and p90 among them")
    func percentiles() async throws {
        let report = try await HTMLReportSupport.simulationReport()
        for summary in report.policies {
            let percentiles = summary.firstImpressionPercentiles
            #expect(percentiles.count == 101)
            #expect(zip(percentiles, percentiles.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(percentiles[50] == summary.firstImpressionMedian && percentiles[90] == summary.firstImpressionP90)
        }
    }

    @Test("the sections chart shows the top and bottom ten, never every section, best first then worst first")
    func extremes() async throws {
        let report = try await HTMLReportSupport.simulationReport(sections: 400)
        let (top, bottom, eligible) = report.viewabilityExtremes()
        #expect(top.count == 10 && bottom.count == 10 && eligible > 20)
        let rates = (top + bottom).map { $0.byPolicy[0].viewableRate ?? -1 }
        #expect(zip(rates.prefix(10), rates.prefix(10).dropFirst()).allSatisfy { $0 >= $1 })
        #expect(zip(rates.suffix(10), rates.suffix(10).dropFirst()).allSatisfy { $0 <= $1 })
        #expect(rates.prefix(10).min() ?? 0 >= rates.suffix(10).max() ?? 1)
        #expect(Set((top + bottom).map(\.section)).count == 20)
    }

    @Test("the page's size grows with the policies, not with the sessions or the sections")
    func size() async throws {
        let small = try await HTMLReportSupport.simulationReport(sessions: 20, sections: 100).html().utf8.count
        let large = try await HTMLReportSupport.simulationReport(sessions: 120, sections: 2000).html().utf8.count
        // Only numbers and labels differ: a few percent, not a factor of 6 or 20.
        #expect(Double(large) < Double(small) * 1.15, "\(small) bytes for 20 x 100, \(large) for 120 x 2000")
        #expect(large < 100_000)
    }
}
