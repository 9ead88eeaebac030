import Foundation
import Testing
@testable import ImpressionTracking

// Bad values of the width measure and the focus rule are typed errors naming the setting
// (and, in a layout, the section) and the value; nothing crashes, and the previous layout
// stays in force.

@Suite("Width and focus: bad values")
struct MeasureBadValueTests {
    @Test("a focus fraction outside (0, 1] is a ConfigurationError naming the field and the value",
          arguments: [0, -0.5, 1.5, Double.nan, .infinity, -.infinity])
    func fractionOutOfRange(fraction: Double) {
        let policy = ImpressionPolicy(minimumVisibleRatio: 1, exitVisibleRatio: nil, largeSectionRule: .focus(fraction: fraction))
        #expect(throws: ConfigurationError.focusFractionOutOfRange(fraction)) { try policy.validate() }
        let error = ConfigurationError.focusFractionOutOfRange(fraction)
        #expect(error.code == .focusFractionOutOfRange && error.field == "largeSectionRule.fraction")
        #expect(error.description.contains("fraction") && error.description.contains("\(fraction)"), "\(error)")
        #expect(throws: error) { try ImpressionEngine<String>(policy: policy) }
    }

    @Test("the edges of (0, 1] are accepted: 1 and the smallest positive fraction",
          arguments: [1, Double.leastNonzeroMagnitude, 0.5])
    func fractionInRange(fraction: Double) throws {
        let policy = ImpressionPolicy(minimumVisibleRatio: 1, exitVisibleRatio: nil, largeSectionRule: .focus(fraction: fraction))
        try policy.validate()
        var engine = try makeEngine(policy: policy, showing: [section("card", y: 0)])
        #expect(engine.advance(to: .seconds(2)).count == 1)
    }

    @Test("a section's bad focus fraction is refused with the section's id and index; the previous layout stays")
    func sectionPolicyWithBadFraction() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(500)) == [])
        let bad = ImpressionPolicy(minimumVisibleRatio: 1, exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 1.5))
        do {
            try engine.setLayout([section("newcomer", y: 200), section("banner", y: 400, policy: bad)])
            Issue.record("a fraction of 1.5 was accepted")
        } catch {
            #expect(error.code == .invalidSectionPolicy && error.configurationError == .focusFractionOutOfRange(1.5))
            #expect(error.section == "banner" && error.sectionIndex == 1)
            let message = String(describing: error)
            #expect(message.contains("banner") && message.contains("index 1") && message.contains("1.5"), "\(message)")
        }
        // "module" still fires at 1.0 s, and "newcomer" never does.
        #expect(engine.advance(to: ms(3000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
    }

    @Test("a negative or non-finite fullWidth is refused with the section and the value",
          arguments: [-1, Double.nan, .infinity, -.infinity])
    func badFullWidth(fullWidth: Double) throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        var carousel = section("carousel", y: 300)
        carousel.fullWidth = fullWidth
        do {
            try engine.setLayout([section("module", y: 0), carousel])
            Issue.record("fullWidth \(fullWidth) was accepted")
        } catch {
            #expect(error.code == .invalidFullWidth && error.field == "fullWidth" && error.value == "\(fullWidth)")
            #expect(error.section == "carousel" && error.sectionIndex == 1)
            let message = String(describing: error)
            #expect(message.contains("carousel") && message.contains("fullWidth") && message.contains("\(fullWidth)"), "\(message)")
        }
        #expect(engine.advance(to: ms(1500)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
    }

    @Test("fullWidth 0 is allowed: nothing to measure against, so never visible by width")
    func zeroFullWidth() throws {
        var card = section("card", y: 0)
        card.fullWidth = 0
        var engine = try makeEngine(policy: ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, measure: .width),
                                    showing: [card])
        #expect(engine.advance(to: .seconds(1)) == [])
        #expect(row("card", in: engine.snapshot())?.notVisibleReason == .noSize)
    }

    @Test("a policy measured by width or with a focus rule survives Codable and reads in its description")
    func codable() throws {
        let policy = ImpressionPolicy(minimumVisibleRatio: 1, measure: .width, exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 0.5))
        let data = try JSONEncoder().encode(policy)
        #expect(try JSONDecoder().decode(ImpressionPolicy.self, from: data) == policy)
        #expect(ImpressionPolicy.Measure(name: "width") == .width && ImpressionPolicy.Measure.width.name == "width")
        #expect(ImpressionPolicy.Measure(name: "depth") == nil)
        #expect(policy.description == "100% width for 1 s, on every entry, focus on 50% of the viewport")
    }
}
