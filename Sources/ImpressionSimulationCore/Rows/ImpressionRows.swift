import ImpressionTracking

/// The rows a run writes with `--impressions-out` (ImpressionTracking's `ImpressionRow`),
/// as text in the file's format, in the order of the sessions added: a tally carries the
/// rows of its sessions (``SimulationTally/rows``) until they are written, and tallies
/// append their rows in session order, so the file is the same bytes on any number of
/// workers.
///
/// Within a session, rows are in time order; within a sample, by policy, then in layout
/// order, as `impressions replay` prints impressions.
package struct ImpressionRows: Sendable {
    /// The file's format.
    package let format: ImpressionRow.Format
    /// Whether the rows have the signals' columns.
    package let signals: Bool
    /// The policies' names, in the run's order.
    package let policyNames: [String]
    /// The policies' fingerprints, in the run's order: hashed once, not once a row.
    private let fingerprints: [String]
    /// The rows added and not yet taken.
    package private(set) var text = ""
    /// The number of rows added.
    package private(set) var count = 0

    /// Rows in `format` for a run of `policies`, with the signals' columns when `signals`.
    package init(format: ImpressionRow.Format, signals: Bool, policies: [NamedPolicy]) {
        self.format = format
        self.signals = signals
        policyNames = policies.map(\.name)
        fingerprints = policies.map(\.policy.fingerprint)
    }

    /// The same rows' format, with no row.
    package func emptied() -> ImpressionRows {
        var rows = self
        rows.text = ""
        rows.count = 0
        return rows
    }

    /// The file's first line: CSV's header; nothing for JSON Lines.
    package var header: String { format.header(signals: signals) }

    /// Adds the rows of one session's impressions (`impressions[policy]`, each in time
    /// order), named `session`, their sections' ids written by `sectionID`.
    package mutating func add<ID>(_ impressions: [[Impression<ID>]], session: String?, sectionID: (ID) -> String) {
        add(rows(of: impressions, session: session, sectionID: sectionID))
    }

    /// Adds `rows`, in their order.
    package mutating func add(_ rows: [ImpressionRow]) {
        for row in rows { text += format.line(row, signals: signals) }
        count += rows.count
    }

    /// The rows of one session's impressions (`impressions[policy]`, each in time order),
    /// named `session`, their sections' ids written by `sectionID`: in time order, then
    /// by policy, then in layout order.
    package func rows<ID>(of impressions: [[Impression<ID>]], session: String?, sectionID: (ID) -> String) -> [ImpressionRow] {
        var entries: [(sample: Int, policy: Int, order: Int)] = []
        for (policy, list) in impressions.enumerated() where policy < policyNames.count {
            for order in list.indices { entries.append((list[order].sample, policy, order)) }
        }
        entries.sort { ($0.sample, $0.policy, $0.order) < ($1.sample, $1.policy, $1.order) }
        return entries.map { entry in
            let fired = impressions[entry.policy][entry.order]
            let named = Impression(sectionID: sectionID(fired.sectionID), time: fired.time, visibleRatio: fired.visibleRatio,
                                   visibleDuration: fired.visibleDuration, visit: fired.visit, policy: fired.policy,
                                   signals: fired.signals, sample: fired.sample, session: session,
                                   policyDefinition: fired.policyDefinition)
            // The engine reports each impression under its list's policy: the run's at that index.
            return ImpressionRow(named, policyName: policyNames[entry.policy], fingerprint: fingerprints[entry.policy])
        }
    }

    /// Appends the rows of the sessions that follow.
    package mutating func append(_ next: ImpressionRows) {
        text += next.text
        count += next.count
    }

    /// The rows added since the last take, which are then forgotten.
    package mutating func take() -> String {
        defer { text = "" }
        return text
    }
}
