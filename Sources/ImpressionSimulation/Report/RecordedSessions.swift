/// What a run over recorded traces read, beside the sessions it counted: how many traces,
/// their time, and by name the ones counted short, left out, or left out as another's
/// duplicate, in the run's order of traces.
package struct RecordedSessions: Sendable, Hashable, Codable {
    /// A trace the run did not count, and why.
    package struct LeftOut: Sendable, Hashable, Codable {
        /// The trace: its path, or `standard input, trace N`.
        package var trace: String
        /// What was wrong: the line and the problem.
        package var reason: String

        /// Creates an entry.
        package init(trace: String, reason: String) {
            self.trace = trace
            self.reason = reason
        }
    }

    /// Every trace met, counted or not.
    package var traces = 0
    /// The sessions' time, summed over the traces counted, in nanoseconds.
    package var sessionNanoseconds: Int64 = 0
    /// Traces counted that did not end with an `end` line, or stopped at a `gap` line: each
    /// was replayed to its last input.
    package var cutShort: [String] = []
    /// Traces not counted (`--keep-going`), with why.
    package var leftOut: [LeftOut] = []
    /// Traces not counted because an earlier trace had the same session id.
    package var duplicates: [String] = []

    /// Nothing read yet.
    package init() {}

    /// The time of the sessions counted.
    package var sessionTime: Duration { .nanoseconds(sessionNanoseconds) }

    /// Appends what the traces after these read.
    package mutating func append(_ next: RecordedSessions) {
        traces += next.traces
        sessionNanoseconds = sessionNanoseconds.addingReportingOverflow(next.sessionNanoseconds).overflow
            ? .max : sessionNanoseconds + next.sessionNanoseconds
        cutShort += next.cutShort
        leftOut += next.leftOut
        duplicates += next.duplicates
    }
}
