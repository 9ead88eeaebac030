import Foundation
@testable import ImpressionSimulation
@testable import ImpressionSimulationAnalyses
@testable import ImpressionSimulationRendering
import ImpressionTracking
import Testing

@Suite("Layouts A/B report: what differs first, signed aligned intervals, a rule for ties, Holm over every row")
struct ABReportReadingTests {
    static let configuration = SimulationConfiguration(
        sessionCount: 40, sessionDuration: .seconds(20), seed: 3,
        policies: [NamedPolicy(name: "default", policy: .default), NamedPolicy(name: "abema", policy: .abema)])

    /// A feed file of sections named `ids` in order (`-` for a section without an id),
    /// each a card unless its id starts with `ad`.
    static func feed(_ ids: [String]) throws -> Feed {
        let sections = ids.map { id in
            let kind = id.hasPrefix("ad") ? "ad" : "card"
            let name = id == "-" ? "" : "\"id\": \"\(id)\", "
            return "{\(name)\"kind\": \"\(kind)\", \"height\": 300, \"cells\": [{\"x\": 16, \"width\": 358, \"height\": 300}]}"
        }
        let text = "{\"format\": \"impressions-feed\", \"version\": 1, \"screen\": {\"width\": 390, \"height\": 844}, "
            + "\"sections\": [\(sections.joined(separator: ", "))]}"
        return try FeedFile.decode(Array(text.utf8))
    }

    /// docs/ab/ad-at-3.json or ad-at-5.json.
    static func example(_ name: String) throws -> Feed {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/ab/\(name)").standardized.path
        return try FeedFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("the feeds' difference by id: sections moved (the longest move first), added, removed; unnamed ones by count")
    func feedDifference() throws {
        let a = try Self.feed(["hero", "ad", "x", "y", "z", "-"])
        let b = try Self.feed(["hero", "x", "y", "ad", "new", "-"])
        let difference = FeedDifference(a: a, b: b)
        #expect(difference.moved == [FeedDifference.Move(id: "ad", kind: .ad, from: 2, to: 4),
                                     FeedDifference.Move(id: "x", kind: .card, from: 3, to: 2),
                                     FeedDifference.Move(id: "y", kind: .card, from: 4, to: 3)])
        #expect(difference.added == [FeedDifference.Placed(id: "new", kind: .card, position: 5)])
        #expect(difference.removed == [FeedDifference.Placed(id: "z", kind: .card, position: 5)])
        #expect(difference.lines().first == "moved: ad #2 to #4, x #3 to #2, y #4 to #3 (3)")
        #expect(FeedDifference(a: a, b: a).isEmpty)
    }

    @Test("the manual's example: every ad moved two places down, nothing added or removed")
    func manualExample() throws {
        let difference = FeedDifference(a: try Self.example("ad-at-3.json"), b: try Self.example("ad-at-5.json"))
        #expect(difference.moved.first == FeedDifference.Move(id: "ad#1", kind: .ad, from: 3, to: 5))
        #expect(difference.moved.filter { $0.kind == .ad }.count == 30)
        #expect(difference.moved.prefix(30).allSatisfy { $0.kind == .ad && $0.to == $0.from + 2 }, "\(difference.moved)")
        #expect(difference.added.isEmpty && difference.removed.isEmpty && difference.kindCounts.isEmpty)
    }

    @Test("the text report and the page start with what differs between the feeds")
    func differenceFirst() async throws {
        let report = try await LayoutComparison(configuration: Self.configuration, a: try Self.example("ad-at-3.json"),
                                                b: try Self.example("ad-at-5.json")).run(workers: 2)
        let table = report.table()
        #expect(table.hasPrefix("Feeds: B against A, section by section (by id)\n  moved: ad#1 #3 to #5, "), "\(table.prefix(300))")
        let html = report.html()
        let feeds = try #require(html.range(of: "id=\"feeds\""))
        let differences = try #require(html.range(of: "id=\"ab\""))
        #expect(feeds.lowerBound < differences.lowerBound && html.contains("moved: ad#1 #3 to #5"))
        #expect(report.json().contains("\"moved\": [\n"))
    }

    @Test("bootstrap p-values: 1 for identical arms, the smallest 2 / (resamples + 1) when every resample agrees")
    func pValues() {
        let bootstrap = PairedBootstrap(seed: 42)
        let values = (0..<300).map { ($0 * 7919) % 23 }
        #expect(bootstrap.compare(a: values, b: values).pValue == 1)
        #expect(bootstrap.compare(a: values, b: values.map { $0 + 1 }).pValue == 2.0 / 2001)
        // Differences 0, 0, 0, 3: a resample is at 0 with probability 81/256, so p is near
        // twice that.
        let small = bootstrap.compare(a: [1, 1, 1, 1], b: [1, 1, 1, 4])
        #expect(abs(small.pValue - 2 * 81.0 / 256) < 0.06, "\(small.pValue)")
    }

    @Test("Holm's step-down: each p times the rows not yet passed, never below the one before")
    func holm() {
        let adjusted = PairedComparison.holmAdjusted([0.01, 0.04, 0.03, 0.5])
        let expected = [0.04, 0.09, 0.09, 0.5]
        #expect(zip(adjusted, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(adjusted)")
        #expect(PairedComparison.holmAdjusted([0.9, 0.9]) == [1, 1])
    }

    @Test("every row of a report is Holm-adjusted over all of them, and the report says how many chance alone would mark")
    func multipleComparisons() async throws {
        let report = try await LayoutComparison(configuration: Self.configuration, a: try Self.example("ad-at-3.json"),
                                                b: try Self.example("ad-at-5.json")).run(workers: 2)
        let rows = report.comparisons
        #expect(rows.count == 2 * (1 + report.kinds.count))
        let adjusted = PairedComparison.holmAdjusted(rows.map(\.pValue))
        #expect(rows.map(\.holmPValue) == adjusted.map { Optional($0) })
        #expect(rows.allSatisfy { !$0.differsAfterHolm || $0.excludesZero })
        let table = report.table()
        #expect(table.contains("\(rows.count) rows tested at once") && table.contains("Holm p") && table.contains("Ties: "))
        let json = report.json()
        #expect(json.contains("\"multipleComparisons\": {") && json.contains("\"rows\": \(rows.count),"))
        #expect(json.contains("\"holmPValue\": ") && json.contains("\"differsAfterHolm\": "))
    }

    @Test("intervals line up: brackets, signs and commas in one column, row under row")
    func aligned() async throws {
        let report = try await LayoutComparison(configuration: Self.configuration, a: try Self.example("ad-at-3.json"),
                                                b: try Self.example("ad-at-5.json")).run(workers: 2)
        let rows = report.table().split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("[") }
        #expect(rows.count == report.comparisons.count)
        for mark in ["[", ", ", "]"] {
            let columns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: mark)!.lowerBound) })
            #expect(columns.count == 1, "\(mark): \(rows.joined(separator: "\n"))")
        }
    }

    @Test("ties: a bound exactly 0 prints unsigned and the interval does not leave 0 out; one that rounds to 0 keeps its sign")
    func ties() {
        let touching = PairedComparison(sessions: 10, meanA: 1, meanB: 0.9, difference: -0.1, lower: -0.36, upper: 0,
                                        relativeChange: nil, relativeLower: nil, relativeUpper: nil)
        let rounding = PairedComparison(sessions: 10, meanA: 1, meanB: 0.9, difference: -0.1, lower: -0.36, upper: -0.001,
                                        relativeChange: nil, relativeLower: nil, relativeUpper: nil)
        let widths = LayoutComparisonReport.BoundWidths([touching, rounding])
        let touchingRow = LayoutComparisonReport.row("x", touching, widths: widths)
        let roundingRow = LayoutComparisonReport.row("x", rounding, widths: widths)
        #expect(touchingRow.values[3] == "[-0.36,  0.00]" && touchingRow.values[6] == "no")
        #expect(roundingRow.values[3] == "[-0.36, -0.00]" && roundingRow.values[6] == "yes")
    }
}
