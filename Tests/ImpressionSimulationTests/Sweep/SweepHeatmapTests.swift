import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ImpressionSimulation
@testable import ImpressionSimulationRendering
import ImpressionTracking
import Testing

@Suite("The sweep's heatmap")
struct SweepHeatmapTests {
    /// A report made by hand: the picture depends only on it.
    static func report(presets: [SweepPreset] = [], cellPresets: [Int: [String]] = [:]) throws -> SweepReport {
        let grid = try SweepGrid(measure: .area, ratios: [0.25, 0.5, 0.75, 1], durations: [.zero, .seconds(1), .seconds(2)])
        let cells = grid.durations.enumerated().flatMap { row, duration in
            grid.ratios.enumerated().map { column, ratio in
                let impressions = 100 - 10 * row - 7 * column
                return SweepCell(ratio: ratio, duration: duration, measure: .area, impressions: impressions,
                                 sessionsWithImpressions: 10, impressionsPerSession: Double(impressions) / 10,
                                 presets: cellPresets[grid.index(ratio: column, duration: row)] ?? [])
            }
        }
        return SweepReport(grid: grid, source: "10 sessions <of> \"test\" & co", sessions: 10, cells: cells, presets: presets)
    }

    final class ElementCounter: NSObject, XMLParserDelegate {
        var classes: [String: Int] = [:]
        var texts: [String] = []
        var root: String?
        private var inText = false
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = elementName }
            if let name = attributes["class"] { classes["\(elementName).\(name)", default: 0] += 1 }
            if elementName == "text" { inText = true; texts.append("") }
        }
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "text" { inText = false }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {}
    }

    static func parse(_ svg: String) -> (Bool, ElementCounter) {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        return (parser.parse(), counter)
    }

    @Test("one coloured, labelled rect per cell; preset cells outlined and named; well-formed and self-contained")
    func cells() throws {
        let preset = SweepPreset(policy: NamedPolicy(name: "mrc-display", policy: .mrcDisplay), cell: 5, isCellPolicy: true,
                                 impressions: 83, sessionsWithImpressions: 10, impressionsPerSession: 8.3)
        let report = try Self.report(presets: [preset], cellPresets: [5: ["mrc-display"]])
        let svg = report.heatmapSVG()
        let (wellFormed, counter) = Self.parse(svg)
        #expect(wellFormed)
        #expect(counter.root == "svg")
        #expect(counter.classes["rect.cell"] == 12)
        #expect(counter.classes["text.value"] == 12)
        #expect(counter.classes["rect.preset"] == 1)
        #expect(counter.classes["text.preset-name"] == 1)
        #expect(counter.classes["text.ratio"] == 4 && counter.classes["text.duration"] == 3)
        // Every cell's value is written, to one decimal.
        for cell in report.cells { #expect(counter.texts.contains(NumberFormatting.decimal(cell.impressionsPerSession))) }
        #expect(counter.texts.contains("mrc-display"))
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("@font-face") && !svg.contains("url("))
    }

    @Test("the darkest fill takes a white label, the lightest a black one")
    func contrast() {
        let scale = HeatmapColorScale(minimum: 0, maximum: 10)
        #expect(scale.color(of: 0) == "#440154" && scale.labelColor(on: 0) == "#ffffff")
        #expect(scale.color(of: 10) == "#fde725" && scale.labelColor(on: 10) == "#000000")
        #expect(HeatmapColorScale(minimum: 3, maximum: 3).position(of: 3) == 0.5)
    }

    @Test("hostile names and titles are escaped")
    func escaping() throws {
        let hostile = "<script>alert('x')</script> & \"co\""
        let preset = SweepPreset(policy: NamedPolicy(name: hostile, policy: .default), cell: 0, isCellPolicy: false,
                                 impressions: 1, sessionsWithImpressions: 1, impressionsPerSession: 0.1)
        let report = try Self.report(presets: [preset], cellPresets: [0: [hostile]])
        let svg = report.heatmapSVG(title: "title </text><script>")
        let (wellFormed, counter) = Self.parse(svg)
        #expect(wellFormed)
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;"))
        #expect(counter.texts.contains("title </text><script>"))
        #expect(counter.texts.contains { $0.contains("10 sessions <of> \"test\" & co") })
    }

    @Test("the same report draws the same bytes")
    func deterministic() throws {
        #expect(try Self.report().heatmapSVG() == (try Self.report().heatmapSVG()))
    }
}
