/// One impression as a warehouse row: its ``Impression/id``, the session, the section id
/// as text, the policy's name and ``ImpressionPolicy/fingerprint``, where it fired and
/// what was seen, and optionally its exposure signals; written as a JSON line or a CSV
/// line (``Format``), the same columns and values either way.
///
/// An app writes the rows of the impressions its tracker publishes, and
/// `impressions simulate --impressions-out` and `impressions replay --impressions-out`
/// write those of a re-measured trace: the same impression gives the same row, so a table
/// keyed on `id` joins them, and a retried upload deduplicates by it.
///
/// ```swift
/// let impression = Impression(sectionID: "hero", time: .seconds(1), visibleRatio: 1,
///                             visibleDuration: .seconds(1), visit: 1, session: "7F3A")
/// let row = ImpressionRow(impression, policyName: "default")
/// print(ImpressionRow.Format.csv.header(signals: false), terminator: "")
/// print(ImpressionRow.Format.csv.line(row, signals: false), terminator: "")
/// ```
public struct ImpressionRow: Sendable, Hashable {
    /// The impression's ``Impression/id``: 32 lowercase hex digits.
    public var id: String
    /// The impression's ``Impression/session``; `nil` without one (empty in CSV, `null`
    /// in JSON).
    public var session: String?
    /// The section id, as a trace writes it (and as the id hashes it).
    public var section: String
    /// The name the policy is reported under.
    public var policy: String
    /// The ``ImpressionPolicy/fingerprint`` of the impression's ``Impression/policyDefinition``.
    public var fingerprint: String
    /// The sample that completed the impression (``Impression/sample``).
    public var sample: Int
    /// The time of that sample (``Impression/time``).
    public var time: Duration
    /// The visit it was seen in (``Impression/visit``).
    public var visit: Int
    /// The section's visible ratio at that sample (``Impression/visibleRatio``).
    public var visibleRatio: Double
    /// How long it had been visible (``Impression/visibleDuration``).
    public var visibleDuration: Duration
    /// Its exposure signals, when the engine measured them (``Impression/signals``).
    public var signals: ExposureSignals?

    /// The row of `impression`, reported under the policy named `policyName`.
    ///
    /// - Parameters:
    ///   - impression: the impression; its section id is written as a trace writes it.
    ///   - policyName: the name its policy is reported under (a report's column title).
    public init<ID>(_ impression: Impression<ID>, policyName: String) {
        self.init(impression, policyName: policyName, fingerprint: impression.policyDefinition.fingerprint)
    }

    /// The row of `impression`, given `fingerprint`, its policy definition's: a writer
    /// of many rows under few policies hashes each policy once.
    package init<ID>(_ impression: Impression<ID>, policyName: String, fingerprint: String) {
        id = impression.id(policyFingerprint: fingerprint)
        session = impression.session
        section = TraceRecorder.text(impression.sectionID)
        policy = policyName
        self.fingerprint = fingerprint
        sample = impression.sample
        time = impression.time
        visit = impression.visit
        visibleRatio = impression.visibleRatio
        visibleDuration = impression.visibleDuration
        signals = impression.signals
    }

    /// How rows are written to a file: JSON Lines or CSV, with the same columns in the
    /// same order.
    ///
    /// The columns: `id`, `session`, `section`, `policy`, `fingerprint`, `sample`,
    /// `time_ms`, `visit`, `visible_ratio`, `visible_ms`; with signals, then
    /// `time_in_view_ms`, `time_at_ratio_ms`, `longest_run_ms`, `time_in_view_at_rest_ms`,
    /// `mean_visible_ratio`, `peak_visible_ratio`, `mean_screen_share`,
    /// `peak_screen_share`, `mean_scroll_speed`. Times are exact milliseconds
    /// (`1200`, `16.666667`), numbers their shortest round-trip form; a row without
    /// signals in a file with them leaves them empty (`null`).
    public enum Format: Sendable, Hashable, CaseIterable {
        /// One JSON object per line, keys in column order (`.jsonl`, `.ndjson`).
        case jsonLines
        /// A header line, then one line per row, RFC 4180 quoting (`.csv`).
        case csv

        /// The format a file's name asks for: `.jsonl` or `.ndjson` for JSON Lines,
        /// `.csv` for CSV, any letter case; `nil` for any other name.
        ///
        /// - Parameter path: the file's path or name.
        public init?(path: String) {
            let lowered = path.lowercased()
            if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") {
                self = .jsonLines
            } else if lowered.hasSuffix(".csv") {
                self = .csv
            } else {
                return nil
            }
        }

        /// The column names, in order, with the signals' when `signals`.
        ///
        /// - Parameter signals: whether the file has the signals' columns.
        public static func columns(signals: Bool) -> [String] {
            baseColumns + (signals ? signalColumns : [])
        }

        /// What a file starts with: CSV's header line; nothing for JSON Lines.
        ///
        /// - Parameter signals: whether the file has the signals' columns.
        public func header(signals: Bool) -> String {
            switch self {
            case .jsonLines: ""
            case .csv: Self.columns(signals: signals).joined(separator: ",") + "\n"
            }
        }

        /// `row` as one line of the file, newline included.
        ///
        /// - Parameters:
        ///   - row: the row.
        ///   - signals: whether the file has the signals' columns.
        public func line(_ row: ImpressionRow, signals: Bool) -> String {
            let values = row.values(signals: signals)
            switch self {
            case .csv:
                return values.map { value in
                    switch value {
                    case .text(let text): Self.csvField(text)
                    case .number(let number): number
                    case .null: ""
                    }
                }.joined(separator: ",") + "\n"
            case .jsonLines:
                var text = "{"
                for (index, (column, value)) in zip(Self.columns(signals: signals), values).enumerated() {
                    if index > 0 { text += "," }
                    text += "\"" + column + "\":"
                    switch value {
                    case .text(let value): text += JSONText.quoted(value)
                    case .number(let number): text += number
                    case .null: text += "null"
                    }
                }
                return text + "}\n"
            }
        }

        private static let baseColumns = [
            "id", "session", "section", "policy", "fingerprint", "sample", "time_ms", "visit", "visible_ratio", "visible_ms",
        ]
        private static let signalColumns = [
            "time_in_view_ms", "time_at_ratio_ms", "longest_run_ms", "time_in_view_at_rest_ms",
            "mean_visible_ratio", "peak_visible_ratio", "mean_screen_share", "peak_screen_share", "mean_scroll_speed",
        ]

        /// A CSV field: quoted, its quotes doubled, when it holds a comma, a quote or a
        /// line break, or starts or ends with a space; as it is otherwise.
        private static func csvField(_ text: String) -> String {
            let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
                || text.first == " " || text.last == " "
            guard needsQuotes else { return text }
            var quoted = "\""
            for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
            return quoted + "\""
        }
    }

    /// One value of a row, as the formats write it.
    private enum Value {
        case text(String)
        case number(String)
        case null
    }

    /// The row's values in column order.
    private func values(signals withSignals: Bool) -> [Value] {
        let ms = TraceEncoder.milliseconds, number = TraceEncoder.number
        var values: [Value] = [
            .text(id), session.map(Value.text) ?? .null, .text(section), .text(policy), .text(fingerprint),
            .number(String(sample)), .number(ms(time)), .number(String(visit)),
            .number(number(visibleRatio)), .number(ms(visibleDuration)),
        ]
        guard withSignals else { return values }
        guard let signals else { return values + Array(repeating: .null, count: 9) }
        values += [
            .number(ms(signals.timeInView)), .number(ms(signals.timeAtRatio)), .number(ms(signals.longestRun)),
            .number(ms(signals.timeInViewAtRest)),
            .number(number(signals.meanVisibleRatio)), .number(number(signals.peakVisibleRatio)),
            .number(number(signals.meanScreenShare)), .number(number(signals.peakScreenShare)),
            .number(number(signals.meanScrollSpeed)),
        ]
        return values
    }
}
