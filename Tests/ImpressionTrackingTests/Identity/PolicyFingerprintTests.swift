import Testing
@testable import ImpressionTracking

// The canonical text and fingerprint of a policy are a contract: the pinned values below
// were computed outside Swift (Python's hashlib over the documented text), so a change
// to the text, the number forms or the hash fails here before it reaches a warehouse.

@Suite("Policy fingerprints: the canonical text, pinned, and what changes it")
struct PolicyFingerprintTests {
    /// A policy with every knob away from its default.
    static let everyKnob = ImpressionPolicy(
        minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .milliseconds(1500), measure: .width,
        recurrence: .oncePerTracker, exitVisibleRatio: 0.25,
        largeSectionRule: .lowerRatio(minimumArea: 242_500, ratio: 0.3), timing: .cumulative,
        cooldown: .nanoseconds(16_666_667), minimumOpacity: 0.1)

    @Test("SHA-256 gives the FIPS 180-4 digests, across one and several blocks")
    func sha256KnownAnswers() {
        let cases: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
        ]
        for (message, digest) in cases {
            #expect(SHA256.hexPrefix(of: message, byteCount: 32) == digest, "\(message.prefix(10))")
        }
    }

    @Test("ratios are written as ECMAScript writes numbers: shortest round trip, -0 as 0")
    func decimals() {
        let cases: [(Double, String)] = [
            (0.5, "0.5"), (1, "1"), (0, "0"), (-0.0, "0"), (2.0 / 3.0, "0.6666666666666666"), (0.1 + 0.2, "0.30000000000000004"),
            (242_500, "242500"), (-1.5, "-1.5"), (0.000001, "0.000001"), (1e-7, "1e-7"), (.leastNonzeroMagnitude, "5e-324"),
            (1e20, "100000000000000000000"), (1e21, "1e+21"), (1.23e22, "1.23e+22"), (123.456, "123.456"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.nan, "NaN"), (.infinity, "Infinity"),
            (-.infinity, "-Infinity"),
        ]
        for (value, text) in cases {
            #expect(CanonicalNumber.decimal(value) == text, "\(value)")
        }
    }

    @Test("every written ratio reads back as the same Double")
    func decimalsRoundTrip() {
        var generator = SplitMix64(seed: 52)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = CanonicalNumber.decimal(value)
            #expect(Double(text) == value, "\(value) written \(text)")
        }
        for value in stride(from: 0.0, through: 1.0, by: 0.001) {
            #expect(Double(CanonicalNumber.decimal(value)) == value)
        }
    }

    @Test("durations are exact decimal seconds, every attosecond kept")
    func seconds() {
        let cases: [(Duration, String)] = [
            (.zero, "0"), (.seconds(1), "1"), (.milliseconds(100), "0.1"), (.milliseconds(1500), "1.5"),
            (.nanoseconds(16_666_667), "0.016666667"), (Duration(secondsComponent: 0, attosecondsComponent: 1), "0.000000000000000001"),
            (.milliseconds(-2500), "-2.5"), (.seconds(86_400), "86400"),
        ]
        for (duration, text) in cases {
            #expect(CanonicalNumber.seconds(duration) == text, "\(duration)")
        }
    }

    @Test("the default policy's canonical text and fingerprint are pinned")
    func defaultPinned() {
        #expect(ImpressionPolicy.default.canonicalText == """
            impression-policy/1
            minimumVisibleRatio=0.5
            minimumDuration=1
            measure=height
            recurrence=onEveryEntry
            exitVisibleRatio=none
            largeSectionRule=none
            timing=continuous
            cooldown=0
            minimumOpacity=0

            """)
        #expect(ImpressionPolicy.default.fingerprint == "59f1301823d076d7")
    }

    @Test("a policy with every knob set has a pinned canonical text and fingerprint")
    func everyKnobPinned() {
        #expect(Self.everyKnob.canonicalText == """
            impression-policy/1
            minimumVisibleRatio=0.6666666666666666
            minimumDuration=1.5
            measure=width
            recurrence=oncePerTracker
            exitVisibleRatio=0.25
            largeSectionRule=lowerRatio(minimumArea:242500,ratio:0.3)
            timing=cumulative
            cooldown=0.016666667
            minimumOpacity=0.1

            """)
        #expect(Self.everyKnob.fingerprint == "bea701bcc539f5a4")
    }

    @Test("the peers' knobs write their lines after the others, only when set: pinned")
    func peerKnobsPinned() {
        var policy = Self.everyKnob
        policy.rounding = .floorToPercent
        policy.requiresInteraction = true
        #expect(policy.canonicalText == Self.everyKnob.canonicalText + "rounding=floorToPercent\nrequiresInteraction=true\n")
        #expect(policy.fingerprint == "8cce5b96b3f045b8")
        policy.rounding = .exact
        policy.requiresInteraction = false
        #expect(policy.fingerprint == Self.everyKnob.fingerprint)
    }

    @Test("React Native's knobs write their lines only when set")
    func reactNativeKnobs() {
        var policy = Self.everyKnob
        policy.rounding = .floorToWholePoints
        #expect(policy.canonicalText == Self.everyKnob.canonicalText + "rounding=floorToWholePoints\n")
        policy = .default
        policy.largeSectionRule = .viewportCoverage
        let expected = ImpressionPolicy.default.canonicalText.split(separator: "\n")
            .map { $0 == "largeSectionRule=none" ? "largeSectionRule=viewportCoverage" : String($0) }
        #expect(policy.canonicalText == expected.joined(separator: "\n") + "\n")
        #expect(ImpressionPolicy.reactNativeArea.fingerprint != ImpressionPolicy.reactNativeItem.fingerprint)
    }

    @Test("presets have pinned fingerprints", arguments: [
        ("mrcDisplay", ImpressionPolicy.mrcDisplay, "e3f40aa33988ccef"),
        ("sarahCell", .sarahCell, "57c65d3b95f62a45"),
        ("impressionKit", .impressionKit, "cf1d114f9846fd78"),
        ("epoxyFocusedVisible", .epoxyFocusedVisible, "5cfb5c48a84c1508"),
        ("mrcLargeDisplay", .mrcLargeDisplay, "9a97c000193caffe"),
        ("zozoModule", .zozoModule, "59f1301823d076d7"),
        ("flutterVisibility", .flutterVisibility, "e6dd5a0aab91ebed"),
    ])
    func presetsPinned(name: String, policy: ImpressionPolicy, fingerprint: String) {
        #expect(policy.fingerprint == fingerprint, "\(name)")
    }

    @Test("the canonical text has a line for every stored property of ImpressionPolicy, in order")
    func everyStoredPropertyIsWritten() {
        // A knob added to ImpressionPolicy and not to the canonical text fails here. The
        // knobs that write no line at their defaults are set.
        var policy = ImpressionPolicy.default
        policy.rounding = .snapNearEnds
        policy.requiresInteraction = true
        let stored = Mirror(reflecting: policy).children.compactMap(\.label)
        let written = policy.canonicalText.split(separator: "\n").dropFirst()
            .map { String($0.prefix { $0 != "=" }) }
        #expect(written == stored)
    }

    /// One change of each knob from the default, several per knob: every value an enum
    /// can take, and small steps of the numbers.
    static let singleKnobChanges: [(knob: String, change: @Sendable (inout ImpressionPolicy) -> Void)] = [
        ("minimumVisibleRatio", { $0.minimumVisibleRatio = 0.51 }),
        ("minimumVisibleRatio", { $0.minimumVisibleRatio = 0.5.nextUp }),
        ("minimumVisibleRatio", { $0.minimumVisibleRatio = 0 }),
        ("minimumDuration", { $0.minimumDuration = .milliseconds(999) }),
        ("minimumDuration", { $0.minimumDuration = .seconds(1) + Duration(secondsComponent: 0, attosecondsComponent: 1) }),
        ("minimumDuration", { $0.minimumDuration = .zero }),
        ("measure", { $0.measure = .area }),
        ("measure", { $0.measure = .width }),
        ("recurrence", { $0.recurrence = .oncePerVisit }),
        ("recurrence", { $0.recurrence = .oncePerTracker }),
        ("exitVisibleRatio", { $0.exitVisibleRatio = 0.3 }),
        ("exitVisibleRatio", { $0.exitVisibleRatio = 0 }),
        ("largeSectionRule", { $0.largeSectionRule = .capToViewport }),
        ("largeSectionRule", { $0.largeSectionRule = .focus(fraction: 0.5) }),
        ("largeSectionRule", { $0.largeSectionRule = .lowerRatio(minimumArea: 242_500, ratio: 0.3) }),
        ("largeSectionRule", { $0.largeSectionRule = .lowerRatio(minimumArea: 242_501, ratio: 0.3) }),
        ("largeSectionRule", { $0.largeSectionRule = .lowerRatio(minimumArea: 242_500, ratio: 0.31) }),
        ("timing", { $0.timing = .cumulative }),
        ("timing", { $0.timing = .checkedAtBothEnds }),
        ("cooldown", { $0.cooldown = .seconds(30) }),
        ("cooldown", { $0.cooldown = .nanoseconds(1) }),
        ("minimumOpacity", { $0.minimumOpacity = 0.1 }),
        ("minimumOpacity", { $0.minimumOpacity = .leastNonzeroMagnitude }),
        ("rounding", { $0.rounding = .snapNearEnds }),
        ("rounding", { $0.rounding = .floorToPercent }),
        ("rounding", { $0.rounding = .floorToWholePoints }),
        ("largeSectionRule", { $0.largeSectionRule = .viewportCoverage }),
        ("requiresInteraction", { $0.requiresInteraction = true }),
    ]

    @Test("every single knob change changes the fingerprint, and no two changes share one")
    func everyKnobChangeChangesTheFingerprint() {
        let base = ImpressionPolicy.default
        var seen = [base.fingerprint: "the default"]
        for (knob, change) in Self.singleKnobChanges {
            var policy = base
            change(&policy)
            #expect(policy != base, "\(knob): the change changes nothing")
            let fingerprint = policy.fingerprint
            #expect(seen[fingerprint] == nil, "\(knob): \(policy) shares \(fingerprint) with \(seen[fingerprint] ?? "")")
            seen[fingerprint] = "\(knob) in \(policy)"
        }
        // Every knob is changed at least once.
        let stored = Set(Mirror(reflecting: base).children.compactMap(\.label))
        #expect(Set(Self.singleKnobChanges.map(\.knob)) == stored)
    }

    @Test("the same changes from a policy with every knob set change its fingerprint too")
    func everyKnobChangeFromAnotherBase() {
        let base = Self.everyKnob
        for (knob, change) in Self.singleKnobChanges {
            var policy = base
            change(&policy)
            guard policy != base else { continue }
            #expect(policy.fingerprint != base.fingerprint, "\(knob): \(policy)")
        }
    }

    @Test("the order knobs are set in does not matter")
    func orderDoesNotMatter() {
        var backwards = ImpressionPolicy.default
        backwards.minimumOpacity = 0.1
        backwards.cooldown = .nanoseconds(16_666_667)
        backwards.timing = .cumulative
        backwards.largeSectionRule = .lowerRatio(minimumArea: 242_500, ratio: 0.3)
        backwards.exitVisibleRatio = 0.25
        backwards.recurrence = .oncePerTracker
        backwards.measure = .width
        backwards.minimumDuration = .milliseconds(1500)
        backwards.minimumVisibleRatio = 2.0 / 3.0
        #expect(backwards.fingerprint == Self.everyKnob.fingerprint)
    }

    @Test("policies the engine counts the same share a fingerprint", arguments: [
        ("an exit ratio equal to the entry ratio is no exit ratio",
         ImpressionPolicy(minimumVisibleRatio: 0.6, exitVisibleRatio: 0.6), ImpressionPolicy(minimumVisibleRatio: 0.6)),
        ("focus on the whole viewport is capping to the viewport",
         ImpressionPolicy(largeSectionRule: .focus(fraction: 1)), ImpressionPolicy(largeSectionRule: .capToViewport)),
        ("a large-section ratio equal to the ratio is no rule",
         ImpressionPolicy(measure: .area, largeSectionRule: .lowerRatio(minimumArea: 1000, ratio: 0.5)),
         ImpressionPolicy(measure: .area)),
        ("-0 is 0", ImpressionPolicy(minimumVisibleRatio: -0.0, minimumOpacity: -0.0),
         ImpressionPolicy(minimumVisibleRatio: 0)),
        ("an exit equal to the entry ratio, at or above a lower large-section ratio",
         ImpressionPolicy(minimumVisibleRatio: 0.5, exitVisibleRatio: 0.5, largeSectionRule: .lowerRatio(minimumArea: 9, ratio: 0.3)),
         ImpressionPolicy(minimumVisibleRatio: 0.5, largeSectionRule: .lowerRatio(minimumArea: 9, ratio: 0.3))),
    ])
    func countsTheSame(_ what: String, _ written: ImpressionPolicy, _ canonical: ImpressionPolicy) throws {
        #expect(written.fingerprint == canonical.fingerprint, "\(what)")
        #expect(written.canonicalText == canonical.canonicalText, "\(what)")
        // And the engine does count them the same: both policies of one engine, one feed.
        try expectSameImpressions(written, canonical)
    }

    @Test("an exit ratio equal to the ratio under a higher large-section ratio is kept: it counts otherwise")
    func exitUnderHigherLargeRatioIsKept() {
        let withExit = ImpressionPolicy(minimumVisibleRatio: 0.5, measure: .area, exitVisibleRatio: 0.5,
                                        largeSectionRule: .lowerRatio(minimumArea: 0, ratio: 0.8))
        var withoutExit = withExit
        withoutExit.exitVisibleRatio = nil
        #expect(withExit.fingerprint != withoutExit.fingerprint)
    }

    /// Scrolls a feed of sections of several sizes back and forth under `first` and
    /// `second` in one engine, and expects the same impressions under each.
    private func expectSameImpressions(_ first: ImpressionPolicy, _ second: ImpressionPolicy) throws {
        var engine = try ImpressionEngine<Int>(policies: [first, second])
        let heights: [Double] = [120, 400, 900, 60, 1500, 300, 700, 200]
        var y = 0.0
        var sections: [TrackedSection<Int>] = []
        for (index, height) in heights.enumerated() {
            sections.append(TrackedSection(id: index, cells: [Rect(x: 0, y: y, width: 320, height: height)]))
            y += height
        }
        try engine.setLayout(sections)
        var impressions: [Impression<Int>] = []
        var time = Duration.zero
        for step in 0..<400 {
            // A scroll that goes down in uneven steps, stops, and comes back up.
            let offset = Double((step * 37) % 900) * (step % 3 == 0 ? 1 : 2)
            try engine.setViewport(Rect(x: 0, y: offset, width: 320, height: 568))
            time += .milliseconds(100 * (1 + step % 4))
            impressions += engine.advance(to: time)
        }
        let underFirst = impressions.filter { $0.policy == 0 }
        let underSecond = impressions.filter { $0.policy == 1 }.map { impression in
            var tagged = impression
            tagged.policy = 0
            return tagged
        }
        #expect(!underFirst.isEmpty)
        #expect(underFirst == underSecond)
    }
}
