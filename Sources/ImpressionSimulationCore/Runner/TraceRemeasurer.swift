import ImpressionSimulationFormats
import ImpressionTracking

/// Re-measures recorded sessions in process: give it traces one after another, as
/// ``Trace`` values or as their bytes (a file, an upload's body), and it replays each
/// under every policy, counts it as a simulated session is counted, and gives the trace's
/// impressions as rows; ``report()`` is then the report of every trace given so far, the
/// same ``SimulationReport`` that `impressions simulate --traces` prints for them.
///
/// ```swift
/// var remeasurer = try TraceRemeasurer(policies: [
///     NamedPolicy(name: "default", policy: .default),
///     NamedPolicy(name: "strict", policy: ImpressionPolicy(minimumVisibleRatio: 0.8,
///                                                          minimumDuration: .seconds(2))),
/// ])
/// let bytes = try Data(contentsOf: URL(fileURLWithPath: "session-17.jsonl"))
/// do throws(BadTraceError) {
///     let rows = try remeasurer.remeasure(bytes: bytes, name: "session-17.jsonl")
///     print(rows.count)
/// } catch {
///     print(error)   // session-17.jsonl: line 4: malformed JSON: ...
/// }
/// print(remeasurer.report().table())
/// ```
///
/// Each trace's rows are returned as it is re-measured and not kept, nor are its inputs:
/// what stays of a trace is a few numbers per policy (what the report's percentiles and
/// paired differences need), and the ids of sections outside the feed. A trace that
/// breaks a rule throws
/// ``BadTraceError`` naming it and its line, counts nothing, and is listed among the
/// report's left-out traces: the traces after it count as usual.
///
/// A trace cut short (no `end` line, a last line cut off mid-line, a `gap` line) is
/// counted to where it stops, as the command line counts it, and the report says so.
///
/// It is also the run of `impressions simulate --traces` (on workers, each with its own
/// re-measurer, joined in the order of the traces), of a sweep over traces, and of the
/// merge of their shards; its simulation gives the policies, the sample interval and
/// the feed whose positions number the sections.
public struct TraceRemeasurer: Sendable {
    /// The run the traces are counted in.
    package let simulation: Simulation
    /// What the traces given so far counted, and with a rows file their rows' text.
    package var tally: SimulationTally
    /// The limits the traces are read with.
    private let limits: TraceLimits
    /// Whether a trace is read past its `gap` lines (counted with what they lost) rather
    /// than counted to the line before its first.
    private let readsPastGaps: Bool
    /// Names the rows of each trace re-measured; `nil` when no one reads them.
    private let rowNaming: ImpressionRows?

    /// A re-measurer of traces sampled every `sampleInterval` under `policies`, the first
    /// being the definition shipped, with exposure signals in the report and the rows when
    /// `measuresExposureSignals`.
    ///
    /// - Parameters:
    ///   - policies: the definitions to count under, in the report's order.
    ///   - sampleInterval: the traces' sample interval: a trace recorded at another is a
    ///     ``BadTraceError``, since a report counts samples of one length.
    ///   - measuresExposureSignals: whether to measure the exposure signals.
    ///   - feed: the feed whose section ids number the report's sections by position and
    ///     kind (the command line's `--feed`); without one, sections are counted by id.
    ///   - readsPastGaps: whether a trace is read past its `gap` lines (the command line's
    ///     `--keep-going`) instead of counted to the line before its first.
    /// - Throws: ``SimulationError`` naming a bad policy or interval.
    public init(policies: [NamedPolicy], sampleInterval: Duration = .milliseconds(100),
                measuresExposureSignals: Bool = false, feed: Feed? = nil, readsPastGaps: Bool = false) throws(SimulationError) {
        var configuration = SimulationConfiguration(sessionCount: 0, policies: policies, sampleInterval: sampleInterval)
        configuration.measuresExposureSignals = measuresExposureSignals
        let simulation = try Simulation(configuration: configuration, feed: feed ?? Feed(sectionCount: 0, seed: 0))
        self.init(simulation: simulation, limits: TraceLimits(), readsPastGaps: readsPastGaps,
                  rows: ImpressionRows(format: .jsonLines, signals: measuresExposureSignals, policies: policies), rowsText: false)
    }

    /// A re-measurer counting traces in `simulation`'s tallies, read with `limits`.
    ///
    /// With `rows`, each trace's rows are made; with `rowsText` too, the tally holds
    /// their text in `rows`' format (``SimulationTally/rows``) until taken, named by the
    /// trace header's session and the sections' ids as the trace writes them.
    package init(simulation: Simulation, limits: TraceLimits = TraceLimits(), readsPastGaps: Bool = false,
                 rows: ImpressionRows? = nil, rowsText: Bool = true) {
        self.simulation = simulation
        self.limits = limits
        self.readsPastGaps = readsPastGaps
        rowNaming = rows
        tally = simulation.emptyTally(keepingSessionCounts: true)
        tally.catalog = SectionCatalog(feed: simulation.feed)
        tally.recorded = RecordedSessions()
        tally.rows = rowsText ? rows?.emptied() : nil
    }

    /// Re-measures the trace `bytes` hold (JSON Lines, as a recorder writes them) and
    /// counts it in the report; gives its impressions as rows, in time order, then by
    /// policy, then in layout order.
    ///
    /// - Parameters:
    ///   - bytes: the whole trace, from its header line to its `end` line.
    ///   - name: what the report and errors call the trace: a file's path, an upload's id.
    /// - Returns: the trace's rows, named by its header's session.
    /// - Throws: ``BadTraceError`` naming the trace, the line and the problem; the trace
    ///   counts nothing, and the traces after it are counted as if it had not been given.
    @discardableResult
    public mutating func remeasure(bytes: some Sequence<UInt8>, name: String) throws(BadTraceError) -> [ImpressionRow] {
        var reader = TraceLineReader(bytes: Array(bytes), maximumLineBytes: limits.maximumLineBytes)
        let label = TraceLabel(name)
        let counted = remeasure(label, from: &reader)
        if let error = counted.error { throw BadTraceError(trace: name, line: error.line, problem: error.message) }
        return counted.rows
    }

    /// Re-measures `trace` as ``remeasure(bytes:name:)`` re-measures its encoded lines.
    ///
    /// - Parameters:
    ///   - trace: the recorded session.
    ///   - name: what the report and errors call the trace.
    /// - Returns: the trace's rows, named by its header's session.
    /// - Throws: ``BadTraceError`` naming the trace, the line and the problem.
    @discardableResult
    public mutating func remeasure(_ trace: Trace, name: String) throws(BadTraceError) -> [ImpressionRow] {
        try remeasure(bytes: Array(trace.encoded().utf8), name: name)
    }

    /// Re-measures the trace whose bytes `chunks` gives, one chunk after another (an
    /// upload's body as it arrives), as ``remeasure(bytes:name:)`` does once it has them
    /// all: memory holds the one trace.
    ///
    /// - Parameters:
    ///   - chunks: the trace's bytes, in chunks of any size.
    ///   - name: what the report and errors call the trace.
    ///   - maximumBytes: the largest trace taken: a longer one is a ``BadTraceError``
    ///     once it passes this size, and the rest of `chunks` is not read.
    /// - Returns: the trace's rows, named by its header's session.
    /// - Throws: ``BadTraceError`` naming the trace, or the error `chunks` throws; either
    ///   way the trace counts nothing.
    @discardableResult
    public mutating func remeasure<Chunks: AsyncSequence>(chunks: Chunks, name: String,
                                                          maximumBytes: Int = 256 << 20) async throws -> [ImpressionRow]
    where Chunks.Element == [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in chunks {
            bytes += chunk
            guard bytes.count <= maximumBytes else {
                let problem = "the trace is longer than \(NumberFormatting.integer(maximumBytes)) bytes"
                tally.recorded?.countLeftOut(named: name, reason: problem)
                throw BadTraceError(trace: name, line: 0, problem: problem)
            }
        }
        return try remeasure(bytes: bytes, name: name)
    }

    /// The report of every trace re-measured so far: the table, JSON, page and CSV of
    /// `impressions simulate --traces` over the same traces, in the same order.
    public func report() -> SimulationReport {
        SimulationReport(tally: tally, of: simulation)
    }

    /// Replays the trace `reader` reads and counts it, as
    /// ``replay(_:from:in:limits:keepGoing:recorded:catalog:)`` replays it; gives how
    /// complete the trace was, its rows when the re-measurer makes them, and the error of
    /// a trace left out.
    @discardableResult
    package mutating func remeasure(_ trace: TraceLabel, from reader: inout TraceLineReader)
        -> (completeness: TraceCompleteness, rows: [ImpressionRow], error: TraceError?) {
        guard var recorded = tally.recorded, var catalog = tally.catalog else {
            return (TraceCompleteness(isCounted: false, isEnded: false, lines: 0), [], nil)
        }
        // Taken out, so that they are uniquely referenced while the trace adds to them. A
        // trace left out may have numbered sections: harmless, the report lists only
        // sections with a count.
        (tally.recorded, tally.catalog) = (nil, nil)
        defer { (tally.recorded, tally.catalog) = (recorded, catalog) }
        let (outcome, completeness, error) = Self.replay(trace, from: &reader, in: simulation, limits: limits,
                                                         keepGoing: readsPastGaps, recorded: &recorded, catalog: &catalog)
        var rows: [ImpressionRow] = []
        if let outcome {
            if let rowNaming {
                let sections = simulation.feed.sections, feedCount = sections.count, extraIDs = catalog.extraIDs
                rows = rowNaming.rows(of: outcome.impressions, session: outcome.session) {
                    $0 < feedCount ? sections[$0].id : extraIDs[$0 - feedCount]
                }
                tally.rows?.add(rows)
            }
            simulation.count(outcome, in: &tally)
        }
        return (completeness, rows, error)
    }

    /// Replays the trace `reader` reads under every policy of `simulation`, and gives the session's
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
    /// outcome but its error: it is listed in `recorded`'s left-out traces with the line
    /// and the problem.
    package static func replay(_ trace: TraceLabel, from reader: inout TraceLineReader, in simulation: Simulation,
                               limits: TraceLimits, keepGoing: Bool,
                               recorded: inout RecordedSessions, catalog: inout SectionCatalog)
        -> (outcome: SessionOutcome?, completeness: TraceCompleteness, error: TraceError?) {
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
                let number = line.number
                guard let bytes = line.text else {
                    throw TraceError.lineTooLong(line: number, limit: limits.maximumLineBytes, option: "--max-line-bytes")
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
                    session = TraceSession(engine: try freshEngine(of: simulation, lineNumber: number), sampleInterval: header.sampleInterval)
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
            return (nil, TraceCompleteness(isCounted: false, isEnded: decoder.end != nil, lines: lastLine), error)
        }
        let end = decoder.end ?? decoder.latestTime
        recorded.sessionNanoseconds += end.wholeNanoseconds
        if cut == nil, decoder.end == nil { cut = "no end line: counted to \(trace.line(lastLine)), its last" }
        if let cut { recorded.cutShort.append(RecordedSessions.Note(trace: trace.name, reason: cut)) }
        if !gaps.isEmpty { recorded.readPastGaps.append(RecordedSessions.Note(trace: trace.name, reason: Self.describe(gaps, of: trace))) }
        var outcome = session!.finish(at: end, feed: simulation.feed)
        outcome.session = sessionName
        return (outcome, TraceCompleteness(isCounted: true, isEnded: decoder.end != nil, lines: lastLine), nil)
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

    /// An engine of `simulation`'s policies at time zero, with no layout.
    private static func freshEngine(of simulation: Simulation, lineNumber: Int) throws(TraceError) -> ImpressionEngine<Int>? {
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

extension TraceRemeasurer: RecordedTally {
    /// What the traces read.
    package var recorded: RecordedSessions? {
        get { tally.recorded }
        set { tally.recorded = newValue }
    }

    /// The traces counted.
    package var sessions: Int { tally.sessions }

    /// Appends what another re-measurer of the same run counted of the traces that follow.
    package mutating func append(_ next: TraceRemeasurer) {
        tally.append(next.tally)
    }
}
