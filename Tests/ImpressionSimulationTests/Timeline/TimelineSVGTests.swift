import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The timeline picture")
struct TimelineSVGTests {
    /// Counts elements by their `class` attribute while checking the XML is well formed.
    final class ClassCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var rootName: String?
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if rootName == nil { rootName = elementName }
            if let name = attributes["class"] { counts[name, default: 0] += 1 }
        }
    }

    static func parse(_ svg: String) -> (wellFormed: Bool, counter: ClassCounter) {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ClassCounter()
        parser.delegate = counter
        return (parser.parse(), counter)
    }

    @Test("a simulated session's timeline is well-formed SVG with one mark per impression", arguments: [UInt64(1), 3, 8])
    func simulatedSession(seed: UInt64) throws {
        let feed = Feed(sectionCount: 300, seed: seed)
        let policy = NamedPolicy(name: "default", policy: .default)
        let runner = try SessionRunner(feed: feed, policies: [policy])
        let session = SessionGenerator(model: UserModel(), feed: feed, duration: .seconds(60)).session(seed: seed, index: 0)
        let direct = runner.run(session).impressions[0]
        let svg = runner.trace(of: session).timelineSVG(policy: policy, title: "seed <\(seed)> & \"quotes\"", maximumRows: 500)
        let (wellFormed, counter) = Self.parse(svg)
        #expect(wellFormed)
        #expect(counter.rootName == "svg")
        #expect(!direct.isEmpty)
        #expect(counter.counts["impression"] == direct.count)
        #expect((counter.counts["section"] ?? 0) >= Set(direct.map(\.sectionID)).count)
        #expect(counter.counts["threshold"] == counter.counts["section"])
        #expect((counter.counts["ratio"] ?? 0) > 0 && counter.counts["axis"] == 1 && counter.counts["legend"] == 1)
    }

    @Test("lifecycle bands, the row limit, and the sections with impressions drawn first")
    func bandsAndRows() throws {
        var layout: [TrackedSection<String>] = []
        for index in 0..<30 {
            layout.append(TrackedSection(id: "s\(index)", cells: [Rect(x: 0, y: Double(index) * 60, width: 390, height: 50)]))
        }
        let inputs: [TimedInput<String>] = [
            TimedInput(time: .zero, input: .layout(sections: layout, containers: [])),
            TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844))),
            TimedInput(time: .milliseconds(1500), input: .lifecycle(.disappear)),
            TimedInput(time: .milliseconds(2500), input: .lifecycle(.appear)),
            TimedInput(time: .milliseconds(2550), input: .viewport(Rect(x: 0, y: 1200, width: 390, height: 844))),
            TimedInput(time: .milliseconds(3000), input: .lifecycle(.cover)),
            TimedInput(time: .milliseconds(3500), input: .lifecycle(.uncover)),
        ]
        let trace = Trace(header: TraceHeader(), inputs: inputs, end: .seconds(5))
        let policy = NamedPolicy(name: "default", policy: .default)
        let impressions = try TraceReplayer.impressions(of: trace, policies: [policy])[0]
        let svg = trace.timelineSVG(policy: policy, title: "bands", maximumRows: 12)
        let (wellFormed, counter) = Self.parse(svg)
        #expect(wellFormed)
        #expect(counter.counts["section"] == 12)
        #expect(counter.counts["band"] == 2)   // disappeared, then covered
        #expect(svg.contains(">disappeared 1.6 s to 2.6 s</title>") && svg.contains(">covered 3.1 s to 3.6 s</title>"))
        // 14 sections fire at 1 s, 10 more at 4.6 s after the new visit and the modal;
        // 25 were seen. The 12 rows drawn are sections that fired, each with its mark.
        #expect(impressions.count == 24)
        #expect(counter.counts["impression"] == 12)
        #expect(svg.contains("24 impressions, 25 sections seen") && svg.contains("13 less relevant sections not shown"))
    }
}
