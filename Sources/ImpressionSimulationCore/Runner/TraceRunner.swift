import ImpressionSimulationFormats
import ImpressionTracking

/// Recorded sessions counted instead of generated ones: each trace is replayed under
/// every policy as ``SessionRunner`` runs a generated session (``TraceSession``), and
/// counted in the tally of a ``Simulation``, so that the report of a run over traces
/// means what a simulation's means.
///
/// It is the run of `impressions simulate --traces`, of a sweep over traces, and of the
/// merge of their shards; the simulation gives the policies, the sample interval and the
/// feed whose positions number the sections.
package struct TraceRunner: Sendable {
    /// The run the traces are counted in.
    package let simulation: Simulation

    /// A runner counting traces in `simulation`'s tallies.
    package init(simulation: Simulation) {
        self.simulation = simulation
    }

    /// A tally for a run over recorded traces: it numbers sections with `catalog` (made
    /// once per run from the simulation's feed, then emptied per worker), keeps each
    /// session's counts for the policies' paired differences, and records what the
    /// traces read.
    ///
    /// With `rows`, the tally also holds each counted trace's rows in their format
    /// (``SimulationTally/rows``), named by the trace header's session and the sections'
    /// ids as the trace writes them.
    package func emptyTally(catalog: SectionCatalog, rows: ImpressionRows? = nil) -> SimulationTally {
        var tally = simulation.emptyTally(keepingSessionCounts: true)
        tally.catalog = catalog.emptied()
        tally.recorded = RecordedSessions()
        tally.rows = rows?.emptied()
        return tally
    }

    /// Replays the trace `reader` reads and counts it in `tally` (one made by
    /// ``emptyTally(catalog:)``), as ``replay(_:from:limits:keepGoing:recorded:catalog:)``
    /// replays it; gives how complete the trace was.
    @discardableResult
    package func replay(_ trace: TraceLabel, from reader: inout TraceLineReader, limits: TraceLimits, keepGoing: Bool,
                        into tally: inout SimulationTally) -> TraceCompleteness {
        guard var recorded = tally.recorded, var catalog = tally.catalog else {
            return TraceCompleteness(isCounted: false, isEnded: false, lines: 0)
        }
        // Taken out, so that they are uniquely referenced while the trace adds to them. A
        // trace left out may have numbered sections: harmless, the report lists only
        // sections with a count.
        (tally.recorded, tally.catalog) = (nil, nil)
        defer { (tally.recorded, tally.catalog) = (recorded, catalog) }
        let (outcome, completeness) = replay(trace, from: &reader, limits: limits, keepGoing: keepGoing,
                                             recorded: &recorded, catalog: &catalog)
        if let outcome {
            if tally.rows != nil {
                let sections = simulation.feed.sections, feedCount = sections.count, extraIDs = catalog.extraIDs
                tally.rows?.add(outcome.impressions, session: outcome.session) {
                    $0 < feedCount ? sections[$0].id : extraIDs[$0 - feedCount]
                }
            }
            simulation.count(outcome, in: &tally)
        }
        return completeness
    }

    /// Replays the trace `reader` reads under every policy, and gives the session's
    /// outcome and how complete the trace was; `recorded` counts the trace, and `catalog`
    /// numbers its sections.
    ///
    /// The trace's sample interval must be the run's (its simulation's ``SimulationConfiguration/sampleInterval``):
    /// a run counts samples, and one interval makes them one unit. A trace that stops
    /// short of its session's end is replayed to where it stops and counted as cut short,
    /// saying where: without an `end` line, to its last line; with a last line cut off
    /// mid-line (a file cut off while written), to the line before; at a `gap` line, to
    /// the line before, or with `keepGoing` on past it, listed with the lines its gaps
    /// lost. A trace that breaks a rule (a bad line, another interval, no header) gives no
    /// outcome: it is listed in `recorded`'s left-out traces with the line and the problem.
    package func replay(_ trace: TraceLabel, from reader: inout TraceLineReader, limits: TraceLimits, keepGoing: Bool,
                        recorded: inout RecordedSessions,
                        catalog: inout SectionCatalog) -> (outcome: SessionOutcome?, completeness: TraceCompleteness) {
        recorded.traces += 1
        var decoder = TraceDecoder(limits: limits)
        var session: TraceSession?
        // The header's session, which the rows' ids hash.
        var sessionName: String?
        // Where the trace stops short of its session's end, when it does.
        var cut: String?
        var gaps: [(line: Int, lost: String)] = []
        var lastLine = 0
        do throws(TraceError) {
            reading: while let line = try reader.next() {
                let bytes: [UInt8]
                let number: Int
                switch line {
                case .tooLong(let lineNumber):
                    throw TraceError.lineTooLong(line: lineNumber, limit: limits.maximumLineBytes, option: "--max-line-bytes")
                case .text(let lineNumber, let text):
                    (number, bytes) = (lineNumber, text)
                }
                let step: TraceDecoder.Step
                do throws(TraceError) {
                    step = try decoder.decodeStep(bytes, lineNumber: number)
                } catch {
                    // A last line without its newline that does not read is the part of a
                    // line a file cut off mid-write ends with: the lines before it stand.
                    guard reader.lastLineIsUnterminated, session != nil else { throw error }
                    cut = "\(trace.line(number)) is cut off mid-line: counted to \(trace.line(number - 1))"
                    break reading
                }
                switch step {
                case .line(.header(let header)):
                    guard header.sampleInterval == simulation.configuration.sampleInterval else {
                        throw TraceError(line: number, "the trace samples every \(NumberFormatting.interval(header.sampleInterval)), "
                            + "the run every \(NumberFormatting.interval(simulation.configuration.sampleInterval)) (its first trace's): "
                            + "re-measure traces of each interval in a run of their own")
                    }
                    session = TraceSession(engine: try freshEngine(lineNumber: number), sampleInterval: header.sampleInterval)
                    sessionName = header.session
                case .line(.input(let input)):
                    try session?.apply(input, lineNumber: number, catalog: &catalog)
                case .line(.end), .line(.blank):
                    break
                case .gap(_, let lost):
                    guard keepGoing else {
                        cut = "\(trace.line(number)): \(lost) lines lost while recording (a gap): counted to \(trace.line(number - 1))"
                        break reading
                    }
                    gaps.append((number, lost))
                }
                lastLine = number
            }
            guard session != nil else { throw TraceError(line: 0, "the trace is empty: expected the header line") }
        } catch {
            recorded.leftOut.append(RecordedSessions.Note(trace: trace.name, reason: trace.describe(error)))
            return (nil, TraceCompleteness(isCounted: false, isEnded: decoder.end != nil, lines: lastLine))
        }
        let end = decoder.end ?? decoder.latestTime
        recorded.sessionNanoseconds += end.wholeNanoseconds
        if cut == nil, decoder.end == nil { cut = "no end line: counted to \(trace.line(lastLine)), its last" }
        if let cut { recorded.cutShort.append(RecordedSessions.Note(trace: trace.name, reason: cut)) }
        if !gaps.isEmpty { recorded.readPastGaps.append(RecordedSessions.Note(trace: trace.name, reason: Self.describe(gaps, of: trace))) }
        var outcome = session!.finish(at: end, feed: simulation.feed)
        outcome.session = sessionName
        return (outcome, TraceCompleteness(isCounted: true, isEnded: decoder.end != nil, lines: lastLine))
    }

    /// `gaps at line 40 and line 90: 12 lines lost`, and `and some more` for a gap that
    /// does not say how many.
    private static func describe(_ gaps: [(line: Int, lost: String)], of trace: TraceLabel) -> String {
        let counted = gaps.compactMap { Int($0.lost) }
        let lines = gaps.map { trace.line($0.line) }
        let places = lines.count == 1 ? lines[0] : lines.dropLast().joined(separator: ", ") + " and " + lines[lines.count - 1]
        var text = "\(gaps.count == 1 ? "a gap" : "gaps") at \(places): \(NumberFormatting.integer(counted.reduce(0, +))) lines lost"
        if counted.count < gaps.count { text += " and some more" }
        return text
    }

    /// An engine of the run's policies at time zero, with no layout.
    private func freshEngine(lineNumber: Int) throws(TraceError) -> ImpressionEngine<Int>? {
        let configuration = simulation.configuration
        guard !configuration.policies.isEmpty else { return nil }
        do throws(SimulationError) {
            return try ImpressionEngine<Int>(named: configuration.policies, sampleInterval: configuration.sampleInterval,
                                             measuresExposureSignals: configuration.measuresExposureSignals)
        } catch {
            throw TraceError(line: lineNumber, "\(error)")
        }
    }
}
