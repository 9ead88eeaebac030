@testable import ImpressionSimulation
@testable import ImpressionSimulationRendering
import ImpressionTracking
import Testing

@Suite("What the run page draws: one numbering for sections, no empty groups, a time axis that ends with the lines")
struct ReportDrawingTests {
    @Test("a section is #position, kind and its own id; one without an id is not numbered twice; one outside the feed has its id alone")
    func sectionLabels() async throws {
        #expect(SectionResult(section: 2, name: "2", kind: .banner, byPolicy: []).label == "#3 banner")
        #expect(SectionResult(section: 4, name: "ad#1", kind: .ad, byPolicy: []).label == "#5 ad · ad#1")
        // A recorded section outside the feed has no position: its place in the list is not one.
        #expect(SectionResult(section: 0, name: "s-9", kind: nil, byPolicy: []).label == "id s-9")
        let report = try await HTMLReportSupport.simulationReport()
        let html = report.html()
        let (top, bottom, _) = report.viewabilityExtremes()
        for section in top + bottom {
            let kind = section.kind?.name ?? ""
            let position = try #require(section.position)
            #expect(html.contains(">#\(position) \(kind)<"), "\(section.label)")
            #expect(!html.contains("#\(position) \(kind) · \(section.section)"), "\(section.label)")
        }
    }

    @Test("positions with no impressions under any policy are named in the caption, not drawn as bars of 0.00")
    func noEmptyDepthGroup() async throws {
        let report = try await HTMLReportSupport.simulationReport()
        let empty = report.foldedDepthRows().filter { $0.counts.allSatisfy { $0 == 0 } }
        try #require(!empty.isEmpty, "the run reaches every position: no empty group to leave out")
        let html = report.html()
        for row in empty {
            #expect(!html.contains("positions \(row.bucket.label)</text>") && !html.contains(">positions \(row.bucket.label)<"))
            #expect(html.contains("Not drawn, no impressions under any policy: positions \(row.bucket.label)"))
        }
    }

    @Test("the first-impression chart's time axis ends at the latest first impression, where the last line rises")
    func firstImpressionAxis() {
        let series = [DistributionChartSVG.Series(name: "fast", percentiles: (0...100).map { 1 + Double($0) / 100 }, share: 1),
                      DistributionChartSVG.Series(name: "slow", percentiles: (0...100).map { 2 + Double($0) * 0.36 }, share: 1)]
        let svg = DistributionChartSVG(id: "t", series: series).svg().markup
        // The plot spans x 48 to 544: the slow line's last rise (38 s) is at its right edge.
        #expect(svg.contains("H544V"), "\(svg)")
        #expect(!svg.contains(">40 s<"))
    }
}
