import Foundation
import Testing
@testable import ImpressionTracking

// Bad values of the timing knobs are typed errors naming the setting (and, in a layout,
// the section) and the value; nothing crashes, and the previous layout stays in force.

@Suite("Timing knobs: bad values and extreme ones")
struct TimingBadValueTests {
    @Test("a negative cooldown is a ConfigurationError naming the field and the value")
    func negativeCooldown() {
        var policy = ImpressionPolicy.default
        policy.cooldown = .milliseconds(-1)
        #expect(throws: ConfigurationError.negativeCooldown(.milliseconds(-1))) { try policy.validate() }
        #expect(throws: ConfigurationError.negativeCooldown(.milliseconds(-1))) {
            _ = try ImpressionEngine<Int>(policy: policy)
        }
        let error = ConfigurationError.negativeCooldown(.milliseconds(-1))
        #expect(error.code == .negativeCooldown && error.field == "cooldown")
        #expect(error.description.contains("cooldown") && error.description.contains("-0.001"), "\(error)")
    }

    @Test("an engine or tracker with a negative cooldown is refused by its initialiser")
    func engineWithNegativeCooldown() {
        var policy = ImpressionPolicy.cookpadShowContent
        policy.cooldown = .seconds(-30)
        #expect(throws: ConfigurationError.negativeCooldown(.seconds(-30))) { try ImpressionEngine<String>(policy: policy) }
        #expect(throws: ConfigurationError.negativeCooldown(.seconds(-30))) { try ImpressionTracker<String>(policy: policy) }
    }

    @Test("a section's negative cooldown is refused with the section's id and index; the previous layout stays")
    func sectionPolicyWithNegativeCooldown() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(500)) == [])
        var bad = ImpressionPolicy.default
        bad.cooldown = .milliseconds(-250)
        do {
            try engine.setLayout([section("newcomer", y: 200, policy: .anyPixel), section("banner", y: 400, policy: bad)])
            Issue.record("a negative cooldown was accepted")
        } catch {
            #expect(error.problem == .invalidSectionPolicy(.negativeCooldown(.milliseconds(-250))))
            let message = String(describing: error)
            #expect(message.contains("banner") && message.contains("index 1") && message.contains("-0.25"), "\(message)")
        }
        // "module" still fires at 1.0 s, and "newcomer" never does.
        #expect(engine.advance(to: ms(3000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
    }

    @Test("an absurd cooldown saturates instead of overflowing: the section fires once")
    func absurdCooldown() throws {
        var policy = ImpressionPolicy.cookpadShowContent
        policy.recurrence = .onEveryEntry
        policy.cooldown = .seconds(Int64.max)
        #expect(policy.cooldownSamples(sampleInterval: ms(100)) == Int.max)
        var engine = try makeEngine(policy: policy, showing: [section("card", y: 0)])
        #expect(engine.advance(to: ms(50)) == [impression("card", at: .zero)])
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(150)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: .seconds(86_400 * 365)) == [])
    }

    @Test("a policy encoded before the knobs existed decodes with continuous time and no cooldown")
    func oldEncodingDecodes() throws {
        var withKnobs = ImpressionPolicy.mrcDisplay
        withKnobs.timing = .cumulative
        withKnobs.cooldown = .seconds(30)
        let encoded = try JSONEncoder().encode(withKnobs)
        #expect(try JSONDecoder().decode(ImpressionPolicy.self, from: encoded) == withKnobs)

        var fields = try #require(JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        fields["timing"] = nil
        fields["cooldown"] = nil
        let old = try JSONSerialization.data(withJSONObject: fields)
        #expect(try JSONDecoder().decode(ImpressionPolicy.self, from: old) == .mrcDisplay)
    }

    @Test("the description names the knobs only when they are on")
    func description() {
        var policy = ImpressionPolicy.default
        #expect(policy.description == "50% height for 1 s, on every entry")
        policy.timing = .cumulative
        policy.cooldown = .seconds(30)
        #expect(policy.description == "50% height for 1 s in all, on every entry, cooldown 30 s")
    }
}
