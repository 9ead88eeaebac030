import ImpressionSimulationFormats

/// What a run over recorded traces read, beside the sessions it counted: how many traces,
/// their time, and by name the ones counted short or past a gap, left out, or left out as
/// the copy of another, and the files a directory held that are not traces; each list in
/// the run's order of traces.
package struct RecordedSessions: Sendable, Hashable, Codable {
    /// A trace, and what the report says of it: where it was cut, why it was left out.
    package struct Note: Sendable, Hashable, Codable {
        /// The trace: its path, or `standard input, trace N`.
        package var trace: String
        /// What happened to it, with the line.
        package var reason: String

        /// Creates an entry.
        package init(trace: String, reason: String) {
            self.trace = trace
            self.reason = reason
        }
    }

    /// A trace left out because another copy of its session counts.
    package struct Copy: Sendable, Hashable, Codable {
        /// The copy left out.
        package var trace: String
        /// The copy counted in its place.
        package var copyOf: String

        /// Creates an entry.
        package init(trace: String, copyOf: String) {
            self.trace = trace
            self.copyOf = copyOf
        }
    }

    /// Every trace met, counted or not (a path named twice is met once).
    package var traces = 0
    /// The sessions' time, summed over the traces counted, in nanoseconds.
    package var sessionNanoseconds: Int64 = 0
    /// Traces counted that stop before their session's end: no `end` line, a last line
    /// cut off mid-line, or a `gap` line; each replayed to the line before, and said where.
    package var cutShort: [Note] = []
    /// Traces counted past their `gap` lines (`--keep-going`), no longer exactly: where the
    /// gaps are and how many lines they lost.
    package var readPastGaps: [Note] = []
    /// Traces not counted (`--keep-going`), with why.
    package var leftOut: [Note] = []
    /// Traces not counted because a more complete copy of their session counts.
    package var duplicates: [Copy] = []
    /// Files in the directories given that are not traces (`*.jsonl`), skipped.
    package var skippedFiles: [String] = []
    /// Paths named, or reached through a directory, more than once: each read once.
    package var repeatedPaths: [String] = []

    /// Nothing read yet.
    package init() {}

    /// The time of the sessions counted.
    package var sessionTime: Duration { .nanoseconds(sessionNanoseconds) }

    /// Counts a trace left out because `original`, a more complete copy of its session, counts.
    package mutating func countDuplicate(named name: String, copyOf original: String) {
        traces += 1
        duplicates.append(Copy(trace: name, copyOf: original))
    }

    /// Counts a trace left out before it was replayed (it could not be opened or read).
    package mutating func countLeftOut(named name: String, reason: String) {
        traces += 1
        leftOut.append(Note(trace: name, reason: reason))
    }

    /// Appends what the traces after these read.
    package mutating func append(_ next: RecordedSessions) {
        traces += next.traces
        sessionNanoseconds = sessionNanoseconds.addingReportingOverflow(next.sessionNanoseconds).overflow
            ? .max : sessionNanoseconds + next.sessionNanoseconds
        cutShort += next.cutShort
        readPastGaps += next.readPastGaps
        leftOut += next.leftOut
        duplicates += next.duplicates
        skippedFiles += next.skippedFiles
        repeatedPaths += next.repeatedPaths
    }

    /// Whether the run has anything to say of its traces beyond their count and time.
    package var hasNotes: Bool {
        !(cutShort.isEmpty && readPastGaps.isEmpty && leftOut.isEmpty && duplicates.isEmpty && skippedFiles.isEmpty
            && repeatedPaths.isEmpty)
    }

    // The one line stays beside the counts, not with the tables: a sweep's report, built
    // below the renderings, names its source with it.
    /// `traces: 1,003 read, 2 cut short (counted), 1 left out (--keep-going), 1 copy left out, 2 files skipped`.
    package var summary: String {
        var text = "traces: \(NumberFormatting.integer(traces)) read"
        if !cutShort.isEmpty { text += ", \(NumberFormatting.integer(cutShort.count)) cut short (counted)" }
        if !readPastGaps.isEmpty { text += ", \(NumberFormatting.integer(readPastGaps.count)) read past gaps (counted)" }
        if !leftOut.isEmpty { text += ", \(NumberFormatting.integer(leftOut.count)) left out (--keep-going)" }
        if !duplicates.isEmpty {
            text += ", \(NumberFormatting.integer(duplicates.count)) cop\(duplicates.count == 1 ? "y" : "ies") left out"
        }
        if !skippedFiles.isEmpty {
            text += ", \(NumberFormatting.integer(skippedFiles.count)) other file\(skippedFiles.count == 1 ? "" : "s") skipped"
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
    /// The sessions counted.
    var sessions: Int { get }
    /// Appends the tally of the traces that follow these.
    mutating func append(_ next: Self)
}

extension SimulationTally: RecordedTally {}
