// Imports only the public API (no @testable): the ids and fingerprints as the manual's
// "Impression ids and policy fingerprints" article shows them. The layout comes after
// sample 0, as in the manual's ManualClock example, so the impression fires at sample 11.
import ImpressionTracking
import Testing

@Suite("Ids and fingerprints through the public API")
struct IdentityContractTests {
    @Test("a recorded tracker's impressions carry the recorder's session and a 32-digit id; policies a 16-digit fingerprint")
    func idsAndFingerprints() async throws {
        let clock = ManualClock()
        let recorder = TraceRecorder(session: "session-42")
        let tracker = try ImpressionTracker<String>(policy: .mrcDisplay, clock: clock, recorder: recorder)
        #expect(tracker.session == "session-42")
        let subscription = await tracker.impressions()
        try await tracker.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 320, height: 200)])])
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 320, height: 568))
        clock.advance(by: .milliseconds(1100))
        await tracker.flush()
        await tracker.finish()
        var received: [Impression<String>] = []
        for await impression in subscription { received.append(impression) }
        let impression = try #require(received.first)
        #expect(impression.session == "session-42" && impression.sample == 11)
        #expect(impression.policyDefinition.fingerprint == ImpressionPolicy.mrcDisplay.fingerprint)
        #expect(impression.id.count == 32 && impression.id.allSatisfy(\.isHexDigit))
        #expect(impression.idText.hasPrefix("impression-id/1\nsession=10:session-42\n"))
        #expect(ImpressionPolicy.mrcDisplay.fingerprint.count == 16)
        #expect(ImpressionPolicy.mrcDisplay.canonicalText.hasPrefix("impression-policy/1\n"))
        #expect(ConfigurationError.sessionMismatch("a", recorder: "b").code == .sessionMismatch)
    }
}
