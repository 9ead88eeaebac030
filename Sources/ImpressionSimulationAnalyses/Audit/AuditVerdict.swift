/// What an audit says of one claimed or expected impression: the six classes as values,
/// with their names and whether they fail the audit.
///
/// `matched`, `early` and `late` pair a claim with an expected impression; `missing` is
/// an expected impression alone; `phantom` and `duplicate` are claims alone. Early,
/// phantom and duplicate claims fail an audit (an impression is never early, as MRC
/// says, and is counted once); late and missing ones are reported but do not fail it.
package enum AuditVerdict: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Claimed at or after the expected time, within the tolerance.
    case matched
    /// Claimed before the definition allows: visible enough, not yet for long enough,
    /// in the same visit as the impression.
    case early
    /// Claimed more than the tolerance after the impression, in the same visit.
    case late
    /// Expected, never claimed.
    case missing
    /// Claimed where nothing was expected in that visit, or while the section was not
    /// visible enough.
    case phantom
    /// Claimed again in one visit where the recurrence forbids it.
    case duplicate

    /// The name printed and written in JSON: `early`.
    package var name: String { rawValue }

    /// Whether a finding of this class fails the audit.
    package var failsAudit: Bool {
        switch self {
        case .early, .phantom, .duplicate: true
        case .matched, .late, .missing: false
        }
    }

    /// Whether the finding has a claim (all but `missing`).
    package var hasClaim: Bool { self != .missing }

    /// Whether the class pairs a claim with an expected impression, or is one alone
    /// (`matched`, `early`, `late`, `missing`); an early claim inside the run of an
    /// impression another claim took names its time but not its index.
    package var hasExpected: Bool {
        switch self {
        case .matched, .early, .late, .missing: true
        case .phantom, .duplicate: false
        }
    }

    /// The name.
    package var description: String { rawValue }
}
