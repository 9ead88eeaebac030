@testable import ImpressionSimulation
@testable import ImpressionSimulationRendering
import ImpressionTracking
import Testing

@Suite("The HTML reports escape every name")
struct HTMLReportEscapingTests {
    /// Markup, quotes, ampersands (one already looking like a reference), a control
    /// character, and a name of 10,000 characters.
    static let hostile = [
        "<script>alert(1)</script>",
        "\"double\" & 'single' quotes",
        "&amp; <img src=x onerror=alert(2)>",
        "</svg></figure><h1>broken",
        String(repeating: "long&<", count: 1_667),
    ]

    /// `text` as the page must hold it: escaped, never raw.
    static func expectEscaped(_ html: String, _ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let (wellFormed, reading) = HTMLReportSupport.read(html)
        #expect(wellFormed, sourceLocation: sourceLocation)
        #expect(HTMLReportSupport.isSelfContained(html), sourceLocation: sourceLocation)
        #expect(!reading.attributeNames.contains { $0.lowercased().hasPrefix("on") }, sourceLocation: sourceLocation)
        for name in names {
            // Read back as text or as an attribute value (a tooltip), the name is intact.
            #expect(reading.text.contains(name) || reading.attributeValues.contains { $0.contains(name) },
                    "\(name.prefix(40)) not read back", sourceLocation: sourceLocation)
        }
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("</svg></figure><h1>"),
                sourceLocation: sourceLocation)
    }

    @Test("policy and section names and the command line, in a run's page")
    func simulation() async throws {
        var report = try await HTMLReportSupport.simulationReport()
        #expect(Self.hostile[4].count == 10_002)
        for index in report.policies.indices { report.policies[index].policy.name = Self.hostile[index] + " policy" }
        for index in report.sections.indices {
            report.sections[index].name = Self.hostile[index % Self.hostile.count] + " #\(index)"
        }
        let html = report.html(title: Self.hostile[3], command: "impressions simulate --feed '" + Self.hostile[2] + "'")
        Self.expectEscaped(html, [Self.hostile[0] + " policy", Self.hostile[1] + " policy", Self.hostile[3],
                                  "impressions simulate --feed '" + Self.hostile[2] + "'"])
        // The sections shown keep their names (in full in their tooltips).
        let (top, _, _) = report.viewabilityExtremes()
        #expect(HTMLReportSupport.read(html).reading.text.contains(top[0].name))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("feed file names and policy names in an A/B page")
    func comparison() async throws {
        let configuration = SimulationConfiguration(
            sessionCount: 20, sessionDuration: .seconds(20), seed: 3,
            policies: [NamedPolicy(name: Self.hostile[0], policy: .default), NamedPolicy(name: Self.hostile[4], policy: .abema)])
        let a = Feed(kinds: Array(repeating: [SectionKind.card, .ad, .card, .video], count: 20).flatMap { $0 })
        let b = Feed(kinds: Array(repeating: [SectionKind.card, .card, .ad, .video], count: 20).flatMap { $0 })
        let report = try await LayoutComparison(configuration: configuration, a: a, b: b,
                                                names: (Self.hostile[2], Self.hostile[1])).run(workers: 2)
        let html = report.html()
        Self.expectEscaped(html, [Self.hostile[0], Self.hostile[2], Self.hostile[1], Self.hostile[4]])
        let (_, reading) = HTMLReportSupport.read(html)
        #expect(reading.figures.first?["data-chart"] == "ab-intervals")
        // An interval and a difference per policy and row (all kinds, then each kind).
        let rows = report.policies.map { 1 + report.kinds.filter($0.byKind.keys.contains).count }.reduce(0, +)
        #expect(reading.figures.first?["data-marks"] == String(2 * rows))
        #expect(reading.elements["line.interval"] == rows && reading.elements["circle.difference"] == rows)
    }

    @Test("a sweep's source and preset names, in its page with the heatmap inline")
    func sweep() throws {
        let preset = SweepPreset(policy: NamedPolicy(name: Self.hostile[0], policy: .mrcDisplay), cell: 5, isCellPolicy: true,
                                 impressions: 83, sessionsWithImpressions: 10, impressionsPerSession: 8.3)
        var report = try SweepHeatmapTests.report(presets: [preset], cellPresets: [5: [Self.hostile[0]]])
        report.source = Self.hostile[4]
        let html = report.html(command: "impressions sweep --traces " + Self.hostile[1])
        Self.expectEscaped(html, [Self.hostile[0], Self.hostile[4], "impressions sweep --traces " + Self.hostile[1]])
        let (_, reading) = HTMLReportSupport.read(html)
        #expect(reading.elements["rect.cell"] == report.cells.count)
        #expect(reading.figures.map { $0["data-marks"] } == [String(report.cells.count)])
    }

    @Test("a replay's title, details, policy and section ids, with the timeline inline")
    func replay() throws {
        var replayer = try TraceReplayer(policies: [NamedPolicy(name: Self.hostile[1], policy: .default)],
                                         sampleInterval: .milliseconds(100), recordsTimeline: true)
        let cells = [Rect(x: 0, y: 0, width: 300, height: 200)]
        let sections = [TrackedSection(id: Self.hostile[0], cells: cells),
                        TrackedSection(id: Self.hostile[4], cells: [Rect(x: 0, y: 220, width: 300, height: 200)])]
        try replayer.apply(TimedInput(time: .zero, input: .layout(sections)), lineNumber: 2)
        try replayer.apply(TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))), lineNumber: 3)
        replayer.advance(to: .seconds(3))
        #expect(replayer.impressions[0].count == 2)
        let html = replayer.html(title: Self.hostile[3], details: ["trace": Self.hostile[2]])
        Self.expectEscaped(html, [Self.hostile[3], Self.hostile[2], Self.hostile[1], Self.hostile[0]])
        let (_, reading) = HTMLReportSupport.read(html)
        #expect(reading.figures.map { $0["data-chart"] } == ["timeline"])
        #expect(reading.elements["path.impression"] == 2 && reading.elements["rect.ratio", default: 0] >= 2)
    }

    @Test("the escaping function: every markup character, controls, and nothing else")
    func escaping() {
        #expect(HTMLEscaping.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLEscaping.escaped("tab\there\u{0}\u{7F}\u{FFFE}é…") == "tab\there???é…")
        #expect(HTMLEscaping.shortened("abcdef", limit: 4) == "abc…" && HTMLEscaping.shortened("a<", limit: 4) == "a&lt;")
    }
}
