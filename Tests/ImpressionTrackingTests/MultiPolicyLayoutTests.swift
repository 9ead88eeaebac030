import Testing
@testable import ImpressionTracking

/// A multi-policy engine builds a layout once for all its ways of measuring and matches
/// its sections with the previous layout's once for all its policies; a scripted session
/// that leans on each part of that (gates under different minimum opacities, large
/// sections under a `lowerRatio` rule of the engine's policy and of a section's own,
/// sections leaving with open runs and coming back, a layout refused half way) gives what
/// one engine per policy gives.
@Suite("A multi-policy engine's layouts: built once, the same as one engine per policy's")
struct MultiPolicyLayoutTests {
    /// Six policies in five ways of measuring: two that differ only in minimum opacity,
    /// one with a large-section rule, one sharing the default's measurement, one by width.
    static let policies: [ImpressionPolicy] = {
        var opaque = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .milliseconds(500), measure: .area)
        opaque.minimumOpacity = 0.5
        var veryOpaque = opaque
        veryOpaque.minimumOpacity = 0.9
        let large = ImpressionPolicy(minimumVisibleRatio: 0.6, minimumDuration: .milliseconds(300), measure: .area,
                                     exitVisibleRatio: nil, largeSectionRule: .lowerRatio(minimumArea: 150_000, ratio: 0.2))
        var sibling = ImpressionPolicy.default
        sibling.minimumVisibleRatio = 0.3
        let wide = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .milliseconds(200), measure: .width,
                                    exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 0.5))
        return [.default, opaque, veryOpaque, large, sibling, wide]
    }()

    /// Policies measuring heights only, so that only the large-section rule (of a way of
    /// measuring other than the first) needs the sections' full areas; the rule's sibling
    /// shares its measurement, with its own ratio.
    static let heightPolicies: [ImpressionPolicy] = {
        var large = ImpressionPolicy(minimumVisibleRatio: 0.6, minimumDuration: .milliseconds(300),
                                     exitVisibleRatio: nil, largeSectionRule: .lowerRatio(minimumArea: 150_000, ratio: 0.2))
        large.minimumOpacity = 0.5
        var largeSibling = large
        largeSibling.minimumVisibleRatio = 0.8
        var opaque = ImpressionPolicy.default
        opaque.minimumOpacity = 0.9
        opaque.minimumDuration = .milliseconds(500)
        return [.default, large, largeSibling, opaque]
    }()

    /// Ten sections stacked 200 pt apart (one 900 pt tall: large under the rule), some
    /// translucent, hidden, not loaded, with a policy of their own or in a translucent
    /// carousel; `ids` picks and orders them.
    static func layout(_ ids: [Int], shift: Double = 0) -> (sections: [TrackedSection<Int>], containers: [ScrollContainer]) {
        var carousel = ScrollContainer(id: "carousel", frame: Rect(x: 0, y: 1_400 + shift, width: 400, height: 200))
        carousel.opacity = 0.7
        let sections = ids.map { id -> TrackedSection<Int> in
            let y = Double(id) * 200 + shift
            var section = TrackedSection(id: id, cells: [Rect(x: 0, y: y, width: id % 2 == 0 ? 400 : 300, height: id == 1 ? 900 : 180)])
            switch id {
            case 2: section.opacity = 0.7                // excluded under minimum opacity 0.9 only
            case 3: section.policy = ImpressionPolicy(minimumVisibleRatio: 0.9, minimumDuration: .milliseconds(400),
                                                      measure: .area, exitVisibleRatio: nil,
                                                      largeSectionRule: .lowerRatio(minimumArea: 10_000, ratio: 0.25))
            case 4: section.isHidden = true
            case 5: section.isLoaded = false
            case 6: section.opacity = 0.4                // excluded under both minimum opacities
            case 7:
                section.cells = []
                section.nestedCells = [NestedCell(containerID: "carousel", frame: Rect(x: 0, y: 0, width: 250, height: 200))]
            default: break
            }
            return section
        }
        return (sections, [carousel])
    }

    static func input(_ layout: (sections: [TrackedSection<Int>], containers: [ScrollContainer])) -> SessionAction<Int> {
        .input(.layout(sections: layout.sections, containers: layout.containers))
    }

    @Test("gates, large sections, departures and a refused layout: each policy's events, impressions and snapshots",
          arguments: [policies, heightPolicies])
    func scriptedLayoutsMatchOneEnginePerPolicy(policies: [ImpressionPolicy]) throws {
        var refused = Self.layout([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        refused.sections.append(TrackedSection(id: 10, cells: [Rect(x: 0, y: .nan, width: 10, height: 10)]))
        let steps: [SessionStep<Int>] = [
            SessionStep(time: .zero, action: .input(.viewport(Rect(x: 0, y: 0, width: 400, height: 800)))),
            SessionStep(time: .zero, action: Self.input(Self.layout(Array(0...9)))),
            // 0 and 1 leave while their runs are open, 10 and 11 arrive, the rest reorder.
            SessionStep(time: .milliseconds(1_250), action: Self.input(Self.layout([11, 3, 2, 10, 5, 4, 7, 6, 9, 8]))),
            // Refused at its last section: the previous layout stays in force.
            SessionStep(time: .milliseconds(1_550), action: .input(.layout(sections: refused.sections, containers: refused.containers))),
            SessionStep(time: .milliseconds(2_050), action: .input(.viewport(Rect(x: 0, y: 1_000, width: 400, height: 800)))),
            // 0 and 1 come back, under every policy from its own departed sections.
            SessionStep(time: .milliseconds(3_050), action: Self.input(Self.layout(Array(0...9)))),
            SessionStep(time: .milliseconds(3_550), action: .input(.viewport(Rect(x: 0, y: 0, width: 400, height: 800)))),
            // The same ids moved: every counter stays in its slot.
            SessionStep(time: .milliseconds(4_550), action: Self.input(Self.layout(Array(0...9), shift: 120))),
            SessionStep(time: .milliseconds(5_050), action: Self.input(Self.layout([9, 8, 1]))),
            SessionStep(time: .milliseconds(6_550), action: Self.input(Self.layout([]))),
            SessionStep(time: .milliseconds(7_050), action: Self.input(Self.layout(Array(0...11)))),
            SessionStep(time: .seconds(9), action: .flush),
        ]
        let session = Session(seed: 0, policy: policies[0], sampleInterval: .milliseconds(100), steps: steps)
        let outcome = try MultiPolicyPropertyTests.compare(session, policies: policies)
        #expect(outcome.mismatch == nil, "\(outcome.mismatch ?? "")")
        // Not degenerate: 84 and 53 impressions, 229 and 144 events when written.
        #expect(outcome.impressions > 25 && outcome.events > 70, "\(outcome.impressions) impressions, \(outcome.events) events")
    }
}
