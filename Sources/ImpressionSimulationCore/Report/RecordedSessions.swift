import ImpressionSimulationFormats

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

    /// Counts a trace left out because an earlier one has its session id.
    package mutating func countDuplicate(named name: String) {
        traces += 1
        duplicates.append(name)
    }

    /// Counts a trace left out before it was replayed (it could not be opened or read).
    package mutating func countLeftOut(named name: String, reason: String) {
        traces += 1
        leftOut.append(LeftOut(trace: name, reason: reason))
    }

    /// Appends what the traces after these read.
    package mutating func append(_ next: RecordedSessions) {
        traces += next.traces
        sessionNanoseconds = sessionNanoseconds.addingReportingOverflow(next.sessionNanoseconds).overflow
            ? .max : sessionNanoseconds + next.sessionNanoseconds
        cutShort += next.cutShort
        leftOut += next.leftOut
        duplicates += next.duplicates
    }

    /// The traces read, as the reports' JSON gives them: `{"read", "sessionSeconds",
    /// "cutShort", "leftOut", "duplicates"}`, every trace by name.
    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("read"); writer.integer(traces)
            writer.key("sessionSeconds"); writer.number(sessionTime.inSeconds)
            writer.key("cutShort"); writer.array(cutShort) { writer, name in writer.string(name) }
            writer.key("leftOut"); writer.array(leftOut) { writer, entry in
                writer.object { writer in
                    writer.key("trace"); writer.string(entry.trace)
                    writer.key("reason"); writer.string(entry.reason)
                }
            }
            writer.key("duplicates"); writer.array(duplicates) { writer, name in writer.string(name) }
        }
    }

    /// What a run read besides the sessions it counted, as the tables end with it: the
    /// traces cut short, left out and duplicated, the first 20 of each by name.
    package func lines() -> [String] {
        var lines: [String] = []
        func list(_ heading: String, _ names: [String]) {
            guard !names.isEmpty else { return }
            lines.append("")
            lines.append("\(heading) (\(NumberFormatting.integer(names.count))):")
            for name in names.prefix(20) { lines.append("  " + name) }
            if names.count > 20 { lines.append("  ... and \(NumberFormatting.integer(names.count - 20)) more (--json lists every one)") }
        }
        list("cut short, replayed to their last input (no end line, or a gap line)", cutShort)
        list("left out (--keep-going)", leftOut.map { "\($0.trace): \($0.reason)" })
        list("left out as duplicates of an earlier trace's session", duplicates)
        return lines
    }

    /// `traces: 1,003 read, 2 cut short (counted), 1 left out (--keep-going), 1 duplicate session left out`.
    package var summary: String {
        var text = "traces: \(NumberFormatting.integer(traces)) read"
        if !cutShort.isEmpty { text += ", \(NumberFormatting.integer(cutShort.count)) cut short (counted)" }
        if !leftOut.isEmpty { text += ", \(NumberFormatting.integer(leftOut.count)) left out (--keep-going)" }
        if !duplicates.isEmpty {
            text += ", \(NumberFormatting.integer(duplicates.count)) duplicate session\(duplicates.count == 1 ? "" : "s") left out"
        }
        return text
    }
}

/// A tally of recorded traces: what a run counted of its sessions, and what it read.
/// Tallies of consecutive traces append in order, as ``SimulationTally`` and
/// ``SweepTally`` do.
package protocol RecordedTally: Sendable {
    /// What the traces read; `nil` in a tally of simulated sessions.
    var recorded: RecordedSessions? { get set }
    /// Appends the tally of the traces that follow these.
    mutating func append(_ next: Self)
}

extension SimulationTally: RecordedTally {}
