import Testing
@testable import ImpressionTracking

// An impression's id is a contract: the pinned values were computed outside Swift
// (Python's hashlib over the documented id text), so a change to the text or the hash
// fails here before ids in a warehouse stop matching.

@Suite("Impression ids: pinned, and different for any other session, definition, section, visit or sample")
struct ImpressionIDTests {
    static func impression<ID>(_ sectionID: ID, session: String?, policy: ImpressionPolicy = .default,
                               visit: Int = 1, sample: Int = 10) -> Impression<ID> {
        Impression(sectionID: sectionID, time: .milliseconds(100 * sample), visibleRatio: 1, visibleDuration: .seconds(1),
                   visit: visit, sample: sample, session: session, policyDefinition: policy)
    }

    @Test("ids are pinned: a session, none, and text that needs its length")
    func pinned() {
        let hero = Self.impression("hero", session: "7F3A")
        #expect(hero.idText == "impression-id/1\nsession=4:7F3A\npolicy=16:59f1301823d076d7\nsection=4:hero\nvisit=1\nsample=10\n")
        #expect(hero.id == "f9b10445be077280a99e82061d4d1064")

        let numbered = Self.impression(42, session: nil, policy: .mrcDisplay, visit: 2, sample: 37)
        #expect(numbered.idText == "impression-id/1\nsession=none\npolicy=16:e3f40aa33988ccef\nsection=2:42\nvisit=2\nsample=37\n")
        #expect(numbered.id == "0e3f8a84c3a8b9c1266c6298f4494212")

        let awkward = Self.impression("a\nb", session: "käse ✓", policy: PolicyFingerprintTests.everyKnob, visit: 3, sample: 0)
        #expect(awkward.id == "47115f834d5202d0a8a82df8d9383214")
    }

    @Test("any one of the five inputs changed gives another id")
    func everyInputCounts() {
        let base = Self.impression("hero", session: "s1")
        let others = [
            Self.impression("hero", session: "s2"),
            Self.impression("hero", session: nil),
            Self.impression("hero", session: ""),
            Self.impression("hero", session: "s1", policy: .mrcDisplay),
            Self.impression("hero", session: "s1", policy: ImpressionPolicy(minimumDuration: .milliseconds(999))),
            Self.impression("hero2", session: "s1"),
            Self.impression("Hero", session: "s1"),
            Self.impression("hero", session: "s1", visit: 2),
            Self.impression("hero", session: "s1", sample: 11),
        ]
        var ids = Set([base.id])
        for other in others {
            #expect(ids.insert(other.id).inserted, "\(other.idText)")
        }
    }

    @Test("fields cannot run into each other: lengths keep session and section apart")
    func noConcatenationCollisions() {
        let first = Self.impression("bc", session: "a")
        let second = Self.impression("c", session: "ab")
        #expect(first.id != second.id)
        let withNewline = Self.impression("x", session: "a\nsection=1:x")
        #expect(withNewline.id != Self.impression("x", session: "a").id)
    }

    @Test("the id leaves out what was measured, and an equal definition written otherwise keeps it")
    func onlyTheFiveInputs() {
        var measured = Self.impression("hero", session: "s")
        let id = measured.id
        measured.visibleRatio = 0.6
        measured.time = .seconds(99)
        measured.visibleDuration = .seconds(5)
        measured.policy = 3
        #expect(measured.id == id)
        var sameRule = measured
        sameRule.policyDefinition = ImpressionPolicy(minimumVisibleRatio: 0.5, exitVisibleRatio: 0.5)
        #expect(sameRule.id == id)
    }

    @Test("a section id that is not a String is written as it describes itself")
    func nonStringSectionIDs() {
        #expect(Self.impression(42, session: "s").id == Self.impression("42", session: "s").id)
        #expect(Self.impression(42, session: "s").id != Self.impression(43, session: "s").id)
    }

    @Test("equality compares what was seen; the id tells sessions apart")
    func equalityLeavesOutWhere() {
        let inOne = Self.impression("hero", session: "one")
        let inTwo = Self.impression("hero", session: "two")
        #expect(inOne == inTwo)
        #expect(inOne.hashValue == inTwo.hashValue)
        #expect(inOne.id != inTwo.id)
    }

    @Test("an engine's impressions carry their sample, session and definition")
    func engineCarriesTheFive() throws {
        let policies = [ImpressionPolicy.default, .mrcDisplay]
        var engine = try ImpressionEngine<String>(policies: policies, sampleInterval: .milliseconds(200), session: "s-9")
        #expect(engine.session == "s-9")
        try engine.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 320, height: 200)])])
        try engine.setViewport(Rect(x: 0, y: 0, width: 320, height: 568))
        let impressions = engine.advance(to: .seconds(2))
        #expect(impressions.count == 2)
        for impression in impressions {
            #expect(impression.session == "s-9")
            #expect(impression.sample == 5)
            #expect(impression.policyDefinition == policies[impression.policy])
        }
        #expect(Set(impressions.map(\.id)).count == 2)
        #expect(impressions[0].id == Self.impression("hero", session: "s-9", sample: 5).id)
    }

    @Test("the session is the recorder's when the engine is given none, and written in the header otherwise")
    func sessionFromTheRecorder() async throws {
        let recorder = TraceRecorder(session: "rec-1")
        let engine = try ImpressionEngine<String>(recorder: recorder)
        #expect(engine.session == "rec-1")

        let unnamed = TraceRecorder()
        let named = try ImpressionEngine<String>(recorder: unnamed, session: "given")
        #expect(named.session == "given")
        unnamed.finish(at: .zero)
        var lines: [String] = []
        for await line in unnamed.lines { lines.append(line) }
        #expect(lines.first?.contains("\"session\":\"given\"") == true, "\(lines)")

        #expect(throws: ConfigurationError.sessionMismatch("other", recorder: "rec-2")) {
            try ImpressionEngine<String>(recorder: TraceRecorder(session: "rec-2"), session: "other")
        }
        let same = try ImpressionTracker<String>(recorder: TraceRecorder(session: "rec-3"), session: "rec-3")
        #expect(same.session == "rec-3")
        #expect(try ImpressionEngine<String>().session == nil)
    }
}
