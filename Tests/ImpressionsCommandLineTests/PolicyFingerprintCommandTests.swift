import ImpressionSimulation
import ImpressionTracking
import Testing
@testable import ImpressionsCommandLine

/// A `--policy` string names a definition: its fingerprint follows the knobs, whatever the
/// policy is called or the order its keys were written in.
@Suite("--policy: the fingerprint follows the knobs, not the name or the order")
struct PolicyFingerprintCommandTests {
    @Test("keys in any order, and any name, give the same fingerprint", arguments: [
        ("ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit",
         "name=B,recurrence=once-per-visit,measure=area,duration=2000ms,ratio=80%"),
        ("mrc-display,timing=cumulative,cooldown=30s,min-opacity=0.1",
         "mrc-display,min-opacity=10%,cooldown=30s,timing=cumulative,name=ads"),
        ("ratio=1,focus=0.5,measure=width", "measure=width,focus=50%,ratio=1,name=carousel"),
        ("abema", "ratio=0.8,duration=2s,measure=area"),
    ])
    func reorderedAndRenamed(_ first: String, _ second: String) throws {
        let one = try NamedPolicy(parsing: first), other = try NamedPolicy(parsing: second)
        #expect(one.policy.fingerprint == other.policy.fingerprint, "\(one.policy.canonicalText)\(other.policy.canonicalText)")
    }

    @Test("a change of any one key changes the fingerprint")
    func anyKeyChanges() throws {
        let base = "ratio=0.5,duration=1s,measure=height,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0"
        let changed = [
            "ratio=0.6,duration=1s,measure=height,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0",
            "ratio=0.5,duration=1.5s,measure=height,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0",
            "ratio=0.5,duration=1s,measure=area,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0",
            "ratio=0.5,duration=1s,measure=height,recurrence=once-per-visit,timing=continuous,cooldown=0,min-opacity=0",
            "ratio=0.5,duration=1s,measure=height,recurrence=every-entry,timing=cumulative,cooldown=0,min-opacity=0",
            "ratio=0.5,duration=1s,measure=height,recurrence=every-entry,timing=continuous,cooldown=5s,min-opacity=0",
            "ratio=0.5,duration=1s,measure=height,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0.2",
            "ratio=0.5,duration=1s,measure=height,recurrence=every-entry,timing=continuous,cooldown=0,min-opacity=0,focus=0.5",
        ]
        var fingerprints = [try NamedPolicy(parsing: base).policy.fingerprint]
        for text in changed { fingerprints.append(try NamedPolicy(parsing: text).policy.fingerprint) }
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(fingerprints[0] == ImpressionPolicy.default.fingerprint)
    }
}

@Suite("simulate --json: each policy by name and fingerprint")
struct ReportFingerprintTests {
    @Test("the JSON gives each policy's fingerprint after its name; a renamed, reordered policy has the same one")
    func jsonNamesFingerprints() async throws {
        let result = await impressions("simulate", "--sessions", "2", "--sections", "20", "--seconds", "5",
                                       "--policy", "default", "--policy", "duration=2s,ratio=0.8,name=strict",
                                       "--policy", "name=strict again,ratio=80%,duration=2000ms", "--json")
        #expect(result.status == 0)
        let strict = ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2))
        #expect(result.output.contains("\"name\": \"default\",\n      \"fingerprint\": \"\(ImpressionPolicy.default.fingerprint)\""))
        #expect(result.output.contains("\"name\": \"strict\",\n      \"fingerprint\": \"\(strict.fingerprint)\""))
        #expect(result.output.contains("\"name\": \"strict again\",\n      \"fingerprint\": \"\(strict.fingerprint)\""))
    }
}
