import Testing
@testable import ImpressionTracking

// Bad opacities are typed errors naming the section (id and index), the container or the
// policy setting, and the value; nothing crashes, and the previous layout stays in force.

private let badOpacities: [Double] = [-0.1, 1.5, .nan, .infinity, -.infinity]

@Suite("Opacity: bad values")
struct GateBadValueTests {
    @Test("a section's opacity outside 0...1 is refused with its id and index; the previous layout stays",
          arguments: badOpacities)
    func sectionOpacity(opacity: Double) throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(500)) == [])
        var banner = section("banner", y: 300)
        banner.opacity = opacity
        do {
            try engine.setLayout([section("newcomer", y: 200), banner])
            Issue.record("accepted opacity \(opacity)")
        } catch {
            #expect(error.code == .invalidOpacity && error.field == "opacity")
            #expect(error.section == "banner" && error.sectionIndex == 1)
            #expect(error.value == "\(opacity)" && "\(error)".contains("\(opacity)"), "\(error)")
        }
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
    }

    @Test("a container's opacity outside 0...1 is refused naming the container", arguments: badOpacities)
    func containerOpacity(opacity: Double) throws {
        var engine = try Engine()
        var carousel = ScrollContainer(id: "carousel", frame: rect(0, 0, 320, 200))
        carousel.opacity = opacity
        do {
            try engine.setLayout([card("card", in: "carousel", rect(0, 0, 100, 100))], containers: [carousel])
            Issue.record("accepted opacity \(opacity)")
        } catch {
            #expect(error.code == .invalidContainerOpacity && error.container == "carousel" && error.field == "opacity")
            #expect("\(error)".hasPrefix("container \"carousel\": ") && "\(error)".contains("\(opacity)"), "\(error)")
        }
        #expect(engine.sectionCount == 0)
    }

    @Test("a minimum opacity outside 0...1 is a ConfigurationError naming the field and the value",
          arguments: badOpacities)
    func policyMinimum(opacity: Double) throws {
        var policy = ImpressionPolicy.default
        policy.minimumOpacity = opacity
        #expect(throws: ConfigurationError.opacityOutOfRange(opacity)) { try policy.validate() }
        let error = ConfigurationError.opacityOutOfRange(opacity)
        #expect(error.code == .opacityOutOfRange && error.field == "minimumOpacity" && error.value == "\(opacity)")
        #expect(throws: error) { try ImpressionEngine<String>(policy: policy) }
        // A section's own policy with it: refused with the section.
        var fine = try makeEngine(policy: .zozoModule, showing: [])
        do {
            try fine.setLayout([section("card", y: 0, policy: policy)])
            Issue.record("accepted minimumOpacity \(opacity)")
        } catch {
            #expect(error.code == .invalidSectionPolicy && error.configurationError == error.configurationError)
            #expect(error.configurationError?.code == .opacityOutOfRange && error.section == "card")
        }
    }

    @Test("the edges 0 and 1 are accepted, for sections, containers and the minimum", arguments: [0.0, 1])
    func edges(opacity: Double) throws {
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero)
        policy.minimumOpacity = opacity
        try policy.validate()
        var engine = try Engine(policy: policy)
        try engine.setViewport(screen)
        var carousel = ScrollContainer(id: "carousel", frame: rect(0, 0, 320, 200))
        carousel.opacity = 1
        var card = card("card", in: "carousel", rect(0, 0, 320, 200))
        card.opacity = 1
        try engine.setLayout([card], containers: [carousel])
        #expect(engine.advance(to: .zero).count == 1)
        #expect(policy.description.contains("opacity") == (opacity > 0), "\(policy)")
    }
}
