import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ImpressionSimulation
import ImpressionTracking

/// Small runs and a strict reading of the pages they make: the reports are written as
/// XML-compatible HTML (void elements closed), so an XML parser refuses any markup a
/// name let through.
enum HTMLReportSupport {
    static let policies = [NamedPolicy(name: "default", policy: .default), NamedPolicy(name: "abema", policy: .abema)]

    static func configuration(sessions: Int = 30, sections: Int = 200, seconds: Int64 = 20) -> SimulationConfiguration {
        SimulationConfiguration(sessionCount: sessions, sectionCount: sections, sessionDuration: .seconds(seconds),
                                seed: 5, policies: policies)
    }

    static func simulationReport(sessions: Int = 30, sections: Int = 200, workers: Int = 2) async throws -> SimulationReport {
        try await Simulation(configuration: configuration(sessions: sessions, sections: sections)).run(workers: workers)
    }

    /// What an XML parser makes of a page: whether it is well-formed, its elements by
    /// `name.class`, the figures' `data-` attributes, and all its text.
    final class Reading: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var figures: [[String: String]] = []
        var ids: [String] = []
        var text = ""
        var attributeValues: [String] = []
        var attributeNames: Set<String> = []
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[elementName, default: 0] += 1
            for name in (attributes["class"] ?? "").split(separator: " ") { elements["\(elementName).\(name)", default: 0] += 1 }
            if elementName == "figure" { figures.append(attributes) }
            if let id = attributes["id"] { ids.append(id) }
            attributeValues += attributes.values
            attributeNames.formUnion(attributes.keys)
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func read(_ html: String) -> (wellFormed: Bool, reading: Reading) {
        // The doctype is HTML's, not XML's; the rest is read as XML.
        let body = html.hasPrefix("<!DOCTYPE html>\n") ? String(html.dropFirst("<!DOCTYPE html>\n".count)) : html
        let parser = XMLParser(data: Data(body.utf8))
        let reading = Reading()
        parser.delegate = reading
        return (parser.parse(), reading)
    }

    /// Nothing in the page would run or be fetched: no element that loads or runs
    /// anything, no attribute that points elsewhere or handles an event, no `url(` or
    /// `@import` outside the page. Read from the parsed page, so names shown as text
    /// (`&lt;img src=x&gt;`) do not count.
    static func isSelfContained(_ html: String) -> Bool {
        let (wellFormed, reading) = read(html)
        let loading: Set = ["script", "img", "link", "iframe", "object", "embed", "image", "use", "foreignObject", "a"]
        let pointing: Set = ["src", "href", "xlink:href", "srcset", "action", "style"]
        return wellFormed
            && loading.allSatisfy { reading.elements[$0] == nil }
            && reading.attributeNames.allSatisfy { !pointing.contains($0) && !$0.lowercased().hasPrefix("on") }
            && !html.contains("@import") && !html.contains("url(http") && !html.contains("url(//")
            && !html.contains("url(file") && !html.contains("url(data")
    }
}
