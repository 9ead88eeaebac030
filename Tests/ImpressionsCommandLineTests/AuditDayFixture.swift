import Foundation
@testable import ImpressionsCommandLine
import Testing

/// A small "day of sessions" to audit: the traces of a few short simulated sessions, and
/// a claims log of all of them, as an SDK would write it: each line names its trace,
/// the sessions interleaved in time order.
struct AuditDayFixture {
    /// The trace files, sorted.
    let traces: [String]
    /// The directory holding them, and the claims files written.
    let directory: String
    /// Replay's impressions of each trace under default, each with its `trace` key.
    let claims: [[String: Any]]

    /// The sessions of `simulate --sessions count --seconds 20 --seed 3`, with replay's
    /// impressions under the default policy as the claims.
    static func make(sessions count: Int = 5) async throws -> AuditDayFixture {
        let directory = try temporaryDirectory()
        let simulated = await impressions("simulate", "--sessions", "\(count)", "--sections", "200", "--seconds", "20",
                                          "--seed", "3", "--trace-out", directory + "/traces", "--json")
        #expect(simulated.status == 0)
        let traces = (0..<count).map { directory + "/traces/session-" + String(repeating: "0", count: 5) + "\($0).jsonl" }
        var claims: [[String: Any]] = []
        for trace in traces {
            let replayed = await impressions("replay", trace, "--policy", "default")
            #expect(replayed.status == 0)
            for line in replayed.output.split(separator: "\n") {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                object["trace"] = AuditOptions.traceName(of: trace)
                claims.append(object)
            }
        }
        return AuditDayFixture(traces: traces, directory: directory, claims: claims)
    }

    /// `claims` interleaved as one log of the day (by time, then trace), written to `name`.
    func write(_ claims: [[String: Any]], name: String) throws -> String {
        let sorted = claims.sorted {
            let (left, right) = (Self.number($0["timeMs"]), Self.number($1["timeMs"]))
            return left != right ? left < right : ($0["trace"] as? String ?? "") < ($1["trace"] as? String ?? "")
        }
        let text = try sorted.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) + "\n" }
        let path = directory + "/" + name
        try Data(text.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The claims with a few wrong in several traces: section 3's 500 ms early, section
    /// 5's 900 ms late, and one phantom in the third trace.
    var perturbed: [[String: Any]] {
        var claims = claims.map { claim in
            var claim = claim
            let time = Self.number(claim["timeMs"])
            if claim["section"] as? String == "3" { claim["timeMs"] = time - 500 }
            if claim["section"] as? String == "5" { claim["timeMs"] = time + 900 }
            return claim
        }
        claims.append(["trace": "session-000002", "section": "0", "timeMs": 15000])
        return claims
    }

    /// A JSON number as JSONSerialization or a literal gives it.
    static func number(_ value: Any?) -> Double {
        if let value = value as? Int { return Double(value) }
        if let value = value as? Double { return value }
        return (value as? NSNumber)?.doubleValue ?? 0
    }
}
