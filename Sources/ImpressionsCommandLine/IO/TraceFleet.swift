import ImpressionSimulation
import ImpressionTracking

/// The recorded traces of a run (`simulate --traces`, `sweep --traces`), counted on
/// workers into a ``RecordedTally``: the files given, and every `*.jsonl` file in each
/// directory and its subdirectories (in name order), or the traces of standard input one
/// after another.
///
/// Every trace is named in the tally: counted (and said where it was cut short, or which
/// gaps it was read past), left out with why, or left out as a copy of a session another
/// trace counts. A file named twice, or reached twice, is read once; files in the
/// directories that are not traces are skipped and listed. The run samples at the first
/// trace's interval.
///
/// Copies of one session (``TraceIdentity``) count once, whatever their order: the most
/// complete one (``TraceCompleteness``), the first of equals.
///
/// A run reads each trace's header first: which of the copies of a named session counts
/// depends on the traces after it, so every trace that names its session is known before
/// any is counted. A trace that names none is read once, by its count: copies known by
/// their lines are the same bytes, so equally complete, and whether one is a copy depends
/// only on the traces before it. Its tally is held apart until those are counted. A
/// shard, which counts a slice, reads every trace's lines first.
struct TraceFleet {
    /// How a run counts one trace, once the run's sample interval is known.
    struct Counter<Tally: RecordedTally>: Sendable {
        /// A tally of no traces.
        var empty: Tally
        /// Replays the trace `reader` reads into the tally, with `keepGoing`'s rules, and
        /// says how complete it was.
        var replay: @Sendable (_ trace: TraceLabel, _ reader: inout TraceLineReader, _ tally: inout Tally) -> TraceCompleteness
    }

    /// The options that say how traces are read and counted.
    var limits: TraceLimits
    var keepGoing: Bool
    var workers: Int
    /// The slice of the list of traces to count, `nil` for all (not with standard input).
    var shard: Shard?

    /// Counts the traces `arguments` name (`["-"]`: standard input); `makeCounter` makes
    /// the counter for the run's sample interval, or says on standard error why it cannot
    /// and returns `nil`. `appended` is given the run's tally each time the traces
    /// counted next, in order, join it, on the calling task: to take out what is written
    /// as the run goes (``SimulationTally/rows``).
    ///
    /// - Returns: the tally and the names of the traces, or a message for standard error
    ///   after the command's name: a path that does not exist or cannot be listed, no
    ///   trace at all, no session counted, or without `keepGoing` the first trace left
    ///   out, with its line and problem.
    func count<Tally: RecordedTally>(
        _ arguments: [String], io: some CommandIO, appended: (inout Tally) -> Void = { _ in },
        makeCounter: (_ sampleInterval: Duration) -> Counter<Tally>?
    ) async -> Result<(tally: Tally, traces: [String]), Failure> {
        let listing: Listing
        do throws(FileAccessError) {
            listing = try arguments == ["-"] ? Self.spoolStandardInput(io: io, limits: limits) : Self.list(arguments)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
        defer { if let spool = listing.spool { FileAccess.remove(spool) } }
        let sources = listing.sources

        // Every shard reads every trace's identity: which trace is a copy, and the run's
        // interval, depend on the traces outside its slice.
        let limits = limits
        let readingLines = shard != nil
        let identities = await SessionChunks.tally(
            sessions: sources.indices, workers: workers, empty: [TraceIdentity](), progress: nil,
            chunk: { range in range.map { TraceIdentity(of: sources[$0], limits: limits, readingLines: readingLines) } },
            append: { $0 += $1 })
        // A cancelled pass ends between chunks, so it knows a prefix of the traces: not
        // enough to say which are copies, nor a count to report.
        guard !Task.isCancelled else { return .failure(.cancelled) }
        let interval = identities.lazy.compactMap(\.sampleInterval).first ?? Self.defaultInterval
        guard let counter = makeCounter(interval) else { return .failure(Failure(message: nil)) }
        let copyOf = await copies(in: sources, identities: identities, counter: counter)
        guard !Task.isCancelled else { return .failure(.cancelled) }

        let keepGoing = keepGoing
        let traces = shard?.sessions(of: sources.count) ?? sources.indices
        // The first trace counted of each set of lines, by name.
        var firstWithLines: [TraceLineDigest: String] = [:]
        var tally = await ProgressBar.drawn(on: io) { progress in
            await SessionChunks.tally(
                sessions: traces, workers: workers, empty: counter.empty, progress: progress,
                chunk: { range in
                    var parts: [ChunkPart<Tally>] = []
                    var tally = counter.empty
                    for index in range {
                        // Without --keep-going the first bad trace ends the run: the rest need not be read.
                        if !keepGoing, tally.recorded?.leftOut.isEmpty == false { break }
                        let source = sources[index]
                        if let original = copyOf[index] {
                            tally.recorded?.countDuplicate(named: source.label.name, copyOf: sources[original].label.name)
                        } else if identities[index].isKnownByUnreadLines {
                            let (lines, own) = countKnownByLines(source, counter: counter)
                            guard let lines else {
                                tally.append(own)
                                continue
                            }
                            parts.append(.counted(tally))
                            parts.append(.knownByLines(lines, name: source.label.name, tally: own))
                            tally = counter.empty
                            if !keepGoing, own.recorded?.leftOut.isEmpty == false { break }
                        } else if let problem = source.problem ?? identities[index].problem {
                            tally.recorded?.countLeftOut(named: source.label.name, reason: problem)
                        } else {
                            let opened = source.withLines(maximumLineBytes: limits.maximumLineBytes) { reader in
                                counter.replay(source.label, &reader, &tally)
                            }
                            if case .failure(let error) = opened {
                                tally.recorded?.countLeftOut(named: source.label.name, reason: "\(error)")
                            }
                        }
                    }
                    parts.append(.counted(tally))
                    return parts
                },
                append: { tally, parts in
                    for part in parts {
                        switch part {
                        case .counted(let next):
                            tally.append(next)
                        case .knownByLines(let lines, let name, let next):
                            if let original = firstWithLines[lines] {
                                tally.recorded?.countDuplicate(named: name, copyOf: original)
                            } else {
                                firstWithLines[lines] = name
                                tally.append(next)
                            }
                        }
                    }
                    appended(&tally)
                })
        }
        guard !Task.isCancelled else { return .failure(.cancelled) }
        // What the listing found belongs to the run, not to a slice: the first shard says it.
        if (shard?.index ?? 0) == 0 {
            tally.recorded?.skippedFiles = listing.skippedFiles
            tally.recorded?.repeatedPaths = listing.repeatedPaths
        }
        return finish(tally, traces: sources.map(\.label.name))
    }

    /// What a chunk of traces counted, in order: the tallies of the traces whose place is
    /// settled, and apart, each trace known by its lines, which counts only if no trace
    /// before it has the same lines.
    private enum ChunkPart<Tally: RecordedTally>: Sendable {
        case counted(Tally)
        case knownByLines(TraceLineDigest, name: String, tally: Tally)
    }

    /// Counts `source` into a tally of its own, digesting its lines as they are read
    /// (all of them, also those after where its count stopped); with a problem found
    /// while it was cut from the stream, only digests them and leaves it out. The digest
    /// is `nil` when the file cannot be opened.
    private func countKnownByLines<Tally: RecordedTally>(_ source: TraceSource,
                                                         counter: Counter<Tally>) -> (lines: TraceLineDigest?, tally: Tally) {
        var tally = counter.empty
        let opened = source.withLines(maximumLineBytes: limits.maximumLineBytes) { reader -> TraceLineDigest? in
            reader.digest = TraceLineDigest()
            if let problem = source.problem {
                tally.recorded?.countLeftOut(named: source.label.name, reason: problem)
            } else {
                _ = counter.replay(source.label, &reader, &tally)
            }
            while (try? reader.next()) != nil {}
            return reader.digest
        }
        switch opened {
        case .success(let lines):
            return (lines, tally)
        case .failure(let error):
            tally.recorded?.countLeftOut(named: source.label.name, reason: "\(error)")
            return (nil, tally)
        }
    }

    /// Why the traces could not be counted: a message for standard error, or `nil` when
    /// it has been said.
    struct Failure: Error {
        let message: String?

        /// The run was cancelled before every trace was read: what it read is no result.
        static let cancelled = Failure(message: "cancelled before every trace was read: nothing is reported")
    }

    /// The interval of a run whose traces have no header that reads.
    private static let defaultInterval = Duration.milliseconds(100)

    /// For each trace that is a less complete copy of another's session, the index of the
    /// copy counted in its place.
    ///
    /// Only traces whose headers name one session are replayed here, into tallies thrown
    /// away, to see how complete each is: a run without such copies has read only each
    /// trace's header before it counts (a shard, also the lines of a trace without a
    /// session id, whose copies in a run are found as they are counted).
    private func copies<Tally: RecordedTally>(in sources: [TraceSource], identities: [TraceIdentity],
                                              counter: Counter<Tally>) async -> [Int: Int] {
        var members: [TraceIdentity.Session: [Int]] = [:]
        for (index, identity) in identities.enumerated() {
            if let session = identity.session { members[session, default: []].append(index) }
        }
        var copyOf: [Int: Int] = [:]
        var groups: [[Int]] = []
        for (session, group) in members where group.count > 1 {
            // Copies known by their lines are the same bytes, so equally complete: the first counts.
            guard case .named = session else {
                for index in group.dropFirst() { copyOf[index] = group[0] }
                continue
            }
            groups.append(group)
        }
        guard !groups.isEmpty else { return copyOf }
        let contested = groups.flatMap { $0 }.sorted()
        let limits = limits
        let completeness = await SessionChunks.tally(
            sessions: contested.indices, workers: workers, empty: [TraceCompleteness](), progress: nil,
            chunk: { range in
                range.map { position in
                    let index = contested[position]
                    let source = sources[index]
                    guard source.problem == nil, identities[index].problem == nil else {
                        return TraceCompleteness(isCounted: false, isEnded: false, lines: 0)
                    }
                    var scratch = counter.empty
                    let read = source.withLines(maximumLineBytes: limits.maximumLineBytes) { reader in
                        counter.replay(source.label, &reader, &scratch)
                    }
                    return (try? read.get()) ?? TraceCompleteness(isCounted: false, isEnded: false, lines: 0)
                }
            },
            append: { $0 += $1 })
        // Cancelled: the caller stops before it uses what this returns.
        guard completeness.count == contested.count else { return copyOf }
        let completenessOf = Dictionary(uniqueKeysWithValues: zip(contested, completeness))
        for group in groups {
            // Groups list their traces in order: the first of equally complete copies counts.
            var counted = group[0]
            for index in group.dropFirst() where completenessOf[counted]! < completenessOf[index]! { counted = index }
            for index in group where index != counted { copyOf[index] = counted }
        }
        return copyOf
    }

    /// The tally, unless a trace was left out without `--keep-going`, or a whole run
    /// counted no session: a report of nothing would read as a result.
    private func finish<Tally: RecordedTally>(_ tally: Tally, traces: [String]) -> Result<(tally: Tally, traces: [String]), Failure> {
        let recorded = tally.recorded ?? RecordedSessions()
        if !keepGoing, let first = recorded.leftOut.first {
            return .failure(Failure(message: "\(first.trace): \(first.reason)"))
        }
        // A shard's slice may hold only copies or bad traces: `merge` checks the whole run.
        if shard == nil, tally.sessions == 0 {
            var message = "no session counted (\(recorded.summary))"
            if let first = recorded.leftOut.first { message += ": \(first.trace): \(first.reason)" }
            return .failure(Failure(message: message))
        }
        return .success((tally, traces))
    }

    /// What a run's paths name: the traces in order, each file once; the other files of
    /// its directories; the paths named again; and the spool of standard input's traces.
    private struct Listing {
        var sources: [TraceSource] = []
        var skippedFiles: [String] = []
        var repeatedPaths: [String] = []
        var spool: String?
    }

    /// The traces `arguments` name: each file as it is, each directory's `*.jsonl` files
    /// and its subdirectories'.
    ///
    /// - Throws: ``FileAccessError`` for a path that does not exist, a directory with no
    ///   traces, or one that cannot be listed.
    private static func list(_ arguments: [String]) throws(FileAccessError) -> Listing {
        var listing = Listing()
        var seen: Set<String> = []
        func add(_ path: String) {
            guard seen.insert(FileAccess.canonicalPath(path) ?? path).inserted else {
                listing.repeatedPaths.append(path)
                return
            }
            listing.sources.append(TraceSource(label: TraceLabel(path), path: path))
        }
        for argument in arguments {
            guard FileAccess.exists(argument) else { throw FileAccessError("\(argument): no such file or directory") }
            guard FileAccess.isDirectory(argument) else {
                add(argument)
                continue
            }
            let files = try FileAccess.filesInTree(argument)
            let traces = files.filter { $0.hasSuffix(".jsonl") }
            guard !traces.isEmpty else {
                var message = "\(argument): a directory with no traces (*.jsonl files, in it or its subdirectories)"
                if files.contains(where: { $0.hasSuffix(".gz") }) {
                    message += "; compressed traces are read from standard input: zcat \(argument)/*.gz | impressions simulate --traces -"
                }
                throw FileAccessError(message)
            }
            for file in files {
                if file.hasSuffix(".jsonl") {
                    add(file)
                } else if seen.insert(FileAccess.canonicalPath(file) ?? file).inserted {
                    listing.skippedFiles.append(file)
                }
            }
        }
        return listing
    }

    /// The traces of standard input, cut at their headers (``TraceStreamSplitter``) and
    /// written one after another to a spool file, so that memory holds one trace, not the
    /// stream, and the traces can be read again to choose among copies. Each trace's lines
    /// are numbered as its own, with the stream's beside them.
    private static func spoolStandardInput(io: some CommandIO, limits: TraceLimits) throws(FileAccessError) -> Listing {
        let (path, spool) = try FileAccess.makeTemporaryFile()
        defer { FileAccess.close(spool) }
        var listing = Listing(spool: path)
        do throws(FileAccessError) {
            let descriptor = io.inputDescriptor
            var reader = TraceLineReader(maximumLineBytes: limits.maximumLineBytes) { () throws(TraceError) -> [UInt8] in
                do throws(FileAccessError) {
                    return try FileAccess.readChunk(descriptor, maximumBytes: TraceLineReader.chunkSize)
                } catch {
                    throw TraceError(line: 0, "\(error)")
                }
            }
            var splitter = TraceStreamSplitter(limits: limits)
            var offset = 0
            while true {
                let next: TraceLineReader.Line?
                do throws(TraceError) {
                    next = try reader.next()
                } catch {
                    throw FileAccessError("cannot read standard input: \(error)")
                }
                let ended = next.map { splitter.add($0, isTerminated: !reader.lastLineIsUnterminated) } ?? splitter.finish()
                for trace in ended {
                    try FileAccess.writeAll(trace.bytes, to: spool)
                    listing.sources.append(TraceSource(label: TraceLabel(trace.name, firstLineInStream: trace.firstLine),
                                                       path: path, bytes: offset..<(offset + trace.bytes.count),
                                                       problem: trace.problem))
                    offset += trace.bytes.count
                }
                if next == nil { break }
            }
        } catch {
            FileAccess.remove(path)
            throw FileAccessError(error.message.hasPrefix("cannot read standard input")
                ? error.message : "cannot write the spool of standard input's traces \(path): \(error)")
        }
        guard !listing.sources.isEmpty else {
            FileAccess.remove(path)
            throw FileAccessError("standard input: no traces (expected a trace's header line)")
        }
        return listing
    }
}
