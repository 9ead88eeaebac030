import ImpressionSimulationFormats
import ImpressionTracking

// Recorded sessions instead of generated ones: each trace is replayed under every policy
// as a generated session is run (TraceSession), and counted in the same tally, so the
// report of a run over traces means what a simulation's means.

extension Simulation {
    /// A tally for a run over recorded traces: it numbers sections with `catalog` (made
    /// once per run from ``feed``, then emptied per worker), keeps each session's counts
    /// for the policies' paired differences, and records what the traces read.
    package func emptyTraceTally(catalog: SectionCatalog) -> SimulationTally {
        var tally = emptyTally(keepingSessionCounts: true)
        tally.catalog = catalog.emptied()
        tally.recorded = RecordedSessions()
        return tally
    }

    /// Replays the trace `reader` reads, named `name` in messages, and counts it in
    /// `tally` (one made by ``emptyTraceTally(catalog:)``), as ``replayTrace(named:from:limits:recorded:catalog:)``
    /// replays it.
    package func replayTrace(named name: String, from reader: inout TraceLineReader, limits: TraceLimits,
                             into tally: inout SimulationTally) {
        guard var recorded = tally.recorded, var catalog = tally.catalog else { return }
        // Taken out, so that they are uniquely referenced while the trace adds to them. A
        // trace left out may have numbered sections: harmless, the report lists only
        // sections with a count.
        (tally.recorded, tally.catalog) = (nil, nil)
        defer { (tally.recorded, tally.catalog) = (recorded, catalog) }
        guard let outcome = replayTrace(named: name, from: &reader, limits: limits, recorded: &recorded, catalog: &catalog)
        else { return }
        tally.add(outcome, depthBucketOfSection: depthBucketOfSection, kindOfSection: kindOfSection,
                  sampleInterval: configuration.sampleInterval)
    }

    /// Replays the trace `reader` reads, named `name` in messages, under every policy, and
    /// gives the session's outcome; `recorded` counts the trace, and `catalog` numbers its
    /// sections.
    ///
    /// The trace's sample interval must be the run's (``SimulationConfiguration/sampleInterval``):
    /// a run counts samples, and one interval makes them one unit. A trace without an
    /// `end` line, or with a `gap` line, is replayed to its last input before it and
    /// counted as cut short. A trace that breaks a rule (a bad line, another interval, no
    /// header) gives no outcome: it is listed in `recorded`'s left-out traces with the line
    /// and the problem.
    package func replayTrace(named name: String, from reader: inout TraceLineReader, limits: TraceLimits,
                     recorded: inout RecordedSessions, catalog: inout SectionCatalog) -> SessionOutcome? {
        recorded.traces += 1
        var decoder = TraceDecoder(limits: limits)
        var session: TraceSession?
        var stoppedAtGap = false
        do throws(TraceError) {
            reading: while let line = try reader.next() {
                let bytes: [UInt8]
                let number: Int
                switch line {
                case .tooLong(let lineNumber):
                    throw TraceError(line: lineNumber, "the line is longer than the limit of \(limits.maximumLineBytes) bytes (--max-line-bytes)")
                case .text(let lineNumber, let text):
                    (number, bytes) = (lineNumber, text)
                }
                switch try decoder.decodeStep(bytes, lineNumber: number) {
                case .line(.header(let header)):
                    guard header.sampleInterval == configuration.sampleInterval else {
                        throw TraceError(line: number, "the trace samples every \(NumberFormatting.interval(header.sampleInterval)), "
                            + "the run every \(NumberFormatting.interval(configuration.sampleInterval)) (its first trace's): "
                            + "re-measure traces of each interval in a run of their own")
                    }
                    session = TraceSession(engine: try freshEngine(lineNumber: number), sampleInterval: header.sampleInterval)
                case .line(.input(let input)):
                    try session?.apply(input, lineNumber: number, catalog: &catalog)
                case .line(.end), .line(.blank):
                    break
                case .gap:
                    stoppedAtGap = true
                    break reading
                }
            }
            guard session != nil else { throw TraceError(line: 0, "the trace is empty: expected the header line") }
        } catch {
            recorded.leftOut.append(RecordedSessions.LeftOut(trace: name, reason: "\(error)"))
            return nil
        }
        let end = decoder.end ?? decoder.latestTime
        recorded.sessionNanoseconds += end.wholeNanoseconds
        if stoppedAtGap || decoder.end == nil { recorded.cutShort.append(name) }
        return session!.finish(at: end, feed: feed)
    }


    /// An engine of the run's policies at time zero, with no layout.
    private func freshEngine(lineNumber: Int) throws(TraceError) -> ImpressionEngine<Int>? {
        guard !configuration.policies.isEmpty else { return nil }
        do throws(SimulationError) {
            return try ImpressionEngine<Int>(named: configuration.policies, sampleInterval: configuration.sampleInterval,
                                             measuresExposureSignals: configuration.measuresExposureSignals)
        } catch {
            throw TraceError(line: lineNumber, "\(error)")
        }
    }
}
