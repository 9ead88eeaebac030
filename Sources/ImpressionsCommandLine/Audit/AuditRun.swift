import ImpressionTracking
import ImpressionSimulation

/// What every shard of one audit shares: the claims file read, the options, and every
/// trace audited, in audit order. `merge` refuses shards whose runs differ.
struct AuditRun: Codable, Hashable {
    /// How messages name the claims file: its path, or `standard input`.
    var claimsName: String
    /// The claims file's lines and their FNV-1a digest: shards of one audit read one file.
    var claimsDigest: String
    /// Its bad lines, skipped (`--keep-going`): every shard reads the whole file, so
    /// every shard holds the same list, and the merged report lists it once.
    var claimsSkipped: [TraceAudit.SkippedLine]
    /// `--policy`.
    var policy: NamedPolicy
    /// `--their-interval`, in nanoseconds; `nil` for each trace's sample interval.
    var theirIntervalNanoseconds: Int64?
    /// `--json`: the merged report is printed as JSON too.
    var json: Bool
    /// `--keep-going`, `--max-line-bytes`, `--max-sections`.
    var keepGoing: Bool
    var maximumLineBytes: Int
    var maximumSectionsPerLayout: Int
    /// Every trace audited (the paths given), in audit order: sorted by name.
    var traces: [String]

    /// What differs between two runs, e.g. `policy a vs b`.
    func differences(from other: AuditRun) -> [String] {
        var differences: [String] = []
        func compare<Value: Equatable>(_ label: String, _ field: KeyPath<AuditRun, Value>, shown: @escaping (Value) -> String) {
            guard self[keyPath: field] != other[keyPath: field] else { return }
            differences.append("\(label) \(shown(self[keyPath: field])) vs \(shown(other[keyPath: field]))")
        }
        compare("claims", \.claimsName) { $0 }
        compare("claims file contents", \.claimsDigest) { $0 }
        compare("policy", \.policy) { "\($0)" }
        compare("--their-interval", \.theirIntervalNanoseconds) { $0.map { TraceEncoder.milliseconds(.nanoseconds($0)) + " ms" } ?? "none" }
        compare("--json", \.json) { "\($0)" }
        compare("--keep-going", \.keepGoing) { "\($0)" }
        compare("--max-line-bytes", \.maximumLineBytes) { "\($0)" }
        compare("--max-sections", \.maximumSectionsPerLayout) { "\($0)" }
        compare("traces", \.traces) { "\($0.count) (\($0.prefix(3).joined(separator: " "))\($0.count > 3 ? " ..." : ""))" }
        if differences.isEmpty, claimsSkipped != other.claimsSkipped { differences.append("the claims file's skipped lines") }
        return differences
    }
}
