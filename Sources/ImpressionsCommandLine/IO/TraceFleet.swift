import ImpressionSimulation
import ImpressionTracking

/// The recorded traces of a run (`simulate --traces`, `sweep --traces`), counted on
/// workers into a ``RecordedTally``: the files given, each directory's `*.jsonl` files
/// (by name), in that order, or the traces of standard input one after another.
///
/// Every trace is named in the tally: counted (and cut short when it did not end), left
/// out with why, or left out as the duplicate of an earlier trace with the same session
/// id in its header. The run samples at the first trace's interval.
struct TraceFleet {
    /// How a run counts one trace, once the run's sample interval is known.
    struct Counter<Tally: RecordedTally>: Sendable {
        /// A tally of no traces.
        var empty: Tally
        /// Replays the trace `reader` reads, named in messages as given, into the tally.
        var replay: @Sendable (_ name: String, _ reader: inout TraceLineReader, _ tally: inout Tally) -> Void
    }

    /// The options that say how traces are read and counted.
    var limits: TraceLimits
    var keepGoing: Bool
    var workers: Int
    /// The slice of the list of traces to count, `nil` for all (not with standard input).
    var shard: Shard?

    /// Counts the traces `arguments` name (`["-"]`: standard input); `makeCounter` makes
    /// the counter for the run's sample interval, or says on standard error why it cannot
    /// and returns `nil`.
    ///
    /// - Returns: the tally and the list of traces (empty for standard input), or a
    ///   message for standard error after the command's name: a path that cannot be
    ///   listed, no trace at all, or without `keepGoing` the first trace left out, with its
    ///   line and problem.
    func count<Tally: RecordedTally>(
        _ arguments: [String], io: some CommandIO,
        makeCounter: (_ sampleInterval: Duration) -> Counter<Tally>?
    ) async -> Result<(tally: Tally, traces: [String]), Failure> {
        if arguments == ["-"] { return await countStream(io: io, makeCounter: makeCounter) }
        let paths: [String]
        do throws(FileAccessError) {
            paths = try Self.files(arguments)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
        // Every shard reads every header: which trace is a duplicate, and the run's
        // interval, depend on the traces before its slice.
        let headers = paths.map { Self.header(of: $0, limits: self.limits, io: io) }
        var seen: Set<String> = []
        let isDuplicate = headers.map { header in header?.session.map { !seen.insert($0).inserted } ?? false }
        let interval = headers.lazy.compactMap { $0?.sampleInterval }.first ?? Self.defaultInterval
        guard let counter = makeCounter(interval) else { return .failure(Failure(message: nil)) }

        let (limits, keepGoing) = (limits, keepGoing)
        let traces = shard?.sessions(of: paths.count) ?? 0..<paths.count
        let tally = await withProgress(io: io) { progress in
            await SessionChunks.tally(
                sessions: traces, workers: workers, empty: counter.empty, progress: progress,
                chunk: { range in
                    var tally = counter.empty
                    for index in range {
                        // Without --keep-going the first bad trace ends the run: the rest need not be read.
                        if !keepGoing, tally.recorded?.leftOut.isEmpty == false { break }
                        let path = paths[index]
                        if isDuplicate[index] {
                            tally.recorded?.countDuplicate(named: path)
                            continue
                        }
                        let opened = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io) { reader in
                            counter.replay(path, &reader, &tally)
                        }
                        if case .failure(let error) = opened { tally.recorded?.countLeftOut(named: path, reason: "\(error)") }
                    }
                    return tally
                },
                append: { $0.append($1) })
        }
        return finish(tally, traces: paths)
    }

    /// Why the traces could not be counted: a message for standard error, or `nil` when
    /// it has been said.
    struct Failure: Error {
        let message: String?
    }

    /// The interval of a run whose traces have no header that reads.
    private static let defaultInterval = Duration.milliseconds(100)

    /// The tally, unless a trace was left out without `--keep-going`.
    private func finish<Tally: RecordedTally>(_ tally: Tally, traces: [String]) -> Result<(tally: Tally, traces: [String]), Failure> {
        if !keepGoing, let first = tally.recorded?.leftOut.first {
            return .failure(Failure(message: "\(first.trace): \(first.reason)"))
        }
        return .success((tally, traces))
    }

    /// The traces `arguments` name: each file as it is, each directory's `*.jsonl` files.
    ///
    /// - Throws: ``FileAccessError`` for a directory with no traces, or one that cannot be listed.
    static func files(_ arguments: [String]) throws(FileAccessError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            if FileAccess.isDirectory(argument) {
                let files = try FileAccess.files(in: argument, endingIn: "jsonl")
                guard !files.isEmpty else { throw FileAccessError("\(argument): a directory with no traces (*.jsonl files)") }
                paths += files
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    /// The header of the trace at `path`, or `nil` when it has none that reads (its
    /// replay then says why, naming the line).
    private static func header(of path: String, limits: TraceLimits, io: some CommandIO) -> TraceHeader? {
        let read = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io,
                                            chunkSize: 4096) { reader -> TraceHeader? in
            var decoder = TraceDecoder(limits: limits)
            while case .text(let number, let bytes)? = try? reader.next() {
                switch try? decoder.decode(bytes, lineNumber: number) {
                case .header(let header)?: return header
                case .blank?: continue
                default: return nil
                }
            }
            return nil
        }
        return (try? read.get()) ?? nil
    }

    /// Runs `body` with a progress bar of traces on standard error when it is a terminal.
    private func withProgress<Tally>(
        io: some CommandIO, _ body: (_ progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?) async -> Tally
    ) async -> Tally {
        guard io.isErrorTerminal else { return await body(nil) }
        let bar = ProgressBar(io: io)
        let tally = await body { completed, total in bar.update(completed: completed, total: total) }
        bar.clear()
        return tally
    }

    /// The traces of standard input, one after another (``TraceStreamSplitter``), counted
    /// in batches on the workers: memory holds a batch, not the stream. A trace's lines
    /// keep their numbers in the stream.
    private func countStream<Tally: RecordedTally>(
        io: some CommandIO, makeCounter: (_ sampleInterval: Duration) -> Counter<Tally>?
    ) async -> Result<(tally: Tally, traces: [String]), Failure> {
        let descriptor = io.inputDescriptor
        var reader = TraceLineReader(maximumLineBytes: limits.maximumLineBytes) { () throws(TraceError) -> [UInt8] in
            do throws(FileAccessError) {
                return try FileAccess.readChunk(descriptor, maximumBytes: TraceLineReader.chunkSize)
            } catch {
                throw TraceError(line: 0, "cannot read standard input: \(error)")
            }
        }
        var splitter = TraceStreamSplitter(limits: limits)
        var counter: Counter<Tally>?
        var tally: Tally?
        var batch: [TraceStreamSplitter.Trace] = []
        var batchBytes = 0
        while true {
            let next: TraceLineReader.Line?
            do throws(TraceError) {
                next = try reader.next()
            } catch {
                return .failure(Failure(message: "\(error)"))
            }
            for trace in next.map({ splitter.add($0) }) ?? splitter.finish() {
                if counter == nil {
                    guard let made = makeCounter(trace.sampleInterval ?? Self.defaultInterval) else {
                        return .failure(Failure(message: nil))
                    }
                    counter = made
                    tally = made.empty
                }
                batch.append(trace)
                batchBytes += trace.bytes.count
            }
            if let counter, next == nil || batch.count >= 256 || batchBytes >= 16 << 20 {
                tally?.append(await count(batch, with: counter))
                batch.removeAll()
                batchBytes = 0
                if !keepGoing, tally?.recorded?.leftOut.isEmpty == false { break }
            }
            if next == nil { break }
        }
        guard let tally else {
            return .failure(Failure(message: "standard input: no traces (expected a trace's header line)"))
        }
        return finish(tally, traces: [])
    }

    /// One batch of the stream's traces, on the workers.
    private func count<Tally: RecordedTally>(_ batch: [TraceStreamSplitter.Trace], with counter: Counter<Tally>) async -> Tally {
        let limits = limits
        return await SessionChunks.tally(
            sessions: 0..<batch.count, workers: workers, empty: counter.empty, progress: nil,
            chunk: { range in
                var tally = counter.empty
                for trace in batch[range] {
                    if trace.isDuplicate {
                        tally.recorded?.countDuplicate(named: trace.name)
                    } else if let problem = trace.problem {
                        tally.recorded?.countLeftOut(named: trace.name, reason: problem)
                    } else {
                        var lines = TraceLineReader(bytes: trace.bytes, maximumLineBytes: limits.maximumLineBytes,
                                                    firstLineNumber: trace.firstLine)
                        counter.replay(trace.name, &lines, &tally)
                    }
                }
                return tally
            },
            append: { $0.append($1) })
    }
}
