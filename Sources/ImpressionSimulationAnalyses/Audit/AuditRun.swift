import ImpressionSimulationCore
import ImpressionTracking

/// What every shard of one audit shares: the claims file read, the options, and every
/// trace audited, in audit order. `merge` refuses shards whose runs differ.
package struct AuditRun: Codable, Hashable {
    /// How messages name the claims file: its path, or `standard input`.
    package var claimsName: String
    /// The claims file's lines and their FNV-1a digest: shards of one audit read one file.
    package var claimsDigest: String
    /// Its bad lines, skipped (`--keep-going`): every shard reads the whole file, so
    /// every shard holds the same list, and the merged report lists it once.
    package var claimsSkipped: [TraceAudit.SkippedLine]
    /// `--policy`.
    package var policy: NamedPolicy
    /// `--their-interval`, in nanoseconds; `nil` for each trace's sample interval.
    package var theirIntervalNanoseconds: Int64?
    /// `--json`: the merged report is printed as JSON too.
    package var json: Bool
    /// `--keep-going`, `--max-line-bytes`, `--max-sections`.
    package var keepGoing: Bool
    package var maximumLineBytes: Int
    package var maximumSectionsPerLayout: Int
    /// Every trace audited (the paths given), in audit order: sorted by name.
    package var traces: [String]

    /// The run of an audit: the claims file, its digest and skipped lines, the options,
    /// and the traces in audit order.
    package init(claimsName: String, claimsDigest: String, claimsSkipped: [TraceAudit.SkippedLine], policy: NamedPolicy,
                 theirIntervalNanoseconds: Int64?, json: Bool, keepGoing: Bool, maximumLineBytes: Int,
                 maximumSectionsPerLayout: Int, traces: [String]) {
        self.claimsName = claimsName
        self.claimsDigest = claimsDigest
        self.claimsSkipped = claimsSkipped
        self.policy = policy
        self.theirIntervalNanoseconds = theirIntervalNanoseconds
        self.json = json
        self.keepGoing = keepGoing
        self.maximumLineBytes = maximumLineBytes
        self.maximumSectionsPerLayout = maximumSectionsPerLayout
        self.traces = traces
    }

    /// What differs between two runs, e.g. `policy a vs b`.
    package func differences(from other: AuditRun) -> [String] {
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
