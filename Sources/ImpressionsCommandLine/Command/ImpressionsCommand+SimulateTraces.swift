import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions simulate --traces PATH...`: recorded sessions instead of generated
    /// ones, each trace replayed under every policy and counted as a simulation counts a
    /// session; the same report, table, JSON, page, per-section CSV and shards.
    ///
    /// The traces are the files given, the `*.jsonl` files of each directory given (by
    /// name), in that order, or the traces of standard input one after another. The run
    /// samples at the first trace's interval; a trace of another interval, a bad line or
    /// no header stops the run naming the trace and the line, or with `--keep-going` is
    /// left out and listed. Of traces whose headers name the same session, the first
    /// counts and the others are listed as duplicates.
    static func simulateTraces(_ options: SimulateOptions, io: some CommandIO) async -> Int32 {
        var feed = Feed(sectionCount: 0, seed: 0)
        if let path = options.feedPath {
            guard let read = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode, io: io) else { return 1 }
            feed = read
        }
        if options.tracePaths == ["-"] { return await simulateTraceStream(options, feed: feed, io: io) }

        let paths: [String]
        do throws(FileAccessError) {
            paths = try traceFiles(options.tracePaths)
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        // Every shard reads every header: which trace is a duplicate, and the run's
        // interval, depend on the traces before its slice.
        let headers = paths.map { readHeader($0, limits: options.limits, io: io) }
        var seen: Set<String> = []
        let isDuplicate = headers.map { header in header?.session.map { !seen.insert($0).inserted } ?? false }
        let interval = headers.lazy.compactMap { $0?.sampleInterval }.first ?? .milliseconds(100)
        guard let simulation = traceSimulation(options, feed: feed, sampleInterval: interval, io: io) else { return 1 }

        let catalog = SectionCatalog(feed: simulation.feed)
        let workers = options.workers ?? Simulation.defaultWorkerCount
        let traces = options.shard?.sessions(of: paths.count) ?? 0..<paths.count
        let (limits, keepGoing) = (options.limits, options.keepGoing)
        let tally = await withTraceProgress(io: io, workers: workers) { progress in
            await SessionChunks.tally(
                sessions: traces, workers: workers, empty: simulation.emptyTraceTally(catalog: catalog), progress: progress,
                chunk: { range in
                    var tally = simulation.emptyTraceTally(catalog: catalog)
                    for index in range {
                        // Without --keep-going the first bad trace ends the run: the rest need not be read.
                        if !keepGoing, tally.recorded?.leftOut.isEmpty == false { break }
                        replayFile(paths[index], duplicate: isDuplicate[index], simulation: simulation, limits: limits,
                                   io: io, into: &tally)
                    }
                    return tally
                },
                append: { $0.append($1) })
        }
        return finishTraces(options, simulation: simulation, tally: tally, traces: paths, io: io)
    }

    /// The traces `arguments` name: each file as it is, each directory's `*.jsonl` files.
    ///
    /// - Throws: ``FileAccessError`` for a path that does not exist or a directory with no
    ///   traces.
    static func traceFiles(_ arguments: [String]) throws(FileAccessError) -> [String] {
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

    /// The header of the trace at `path`, or `nil` when it has none that reads (the
    /// replay then says why, naming the line).
    private static func readHeader(_ path: String, limits: TraceLimits, io: some CommandIO) -> TraceHeader? {
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

    /// Replays the trace at `path` into `tally`, or counts it as a duplicate, or as left
    /// out when it cannot be opened.
    private static func replayFile(_ path: String, duplicate: Bool, simulation: Simulation, limits: TraceLimits,
                                   io: some CommandIO, into tally: inout SimulationTally) {
        guard !duplicate else { return simulation.countDuplicate(named: path, into: &tally) }
        let opened = TraceLineReader.withFile(path, maximumLineBytes: limits.maximumLineBytes, io: io) { reader in
            simulation.replayTrace(named: path, from: &reader, limits: limits, into: &tally)
        }
        if case .failure(let error) = opened { simulation.countLeftOut(named: path, reason: "\(error)", into: &tally) }
    }

    /// The simulation that counts traces sampled every `sampleInterval` on `feed`, or
    /// `nil` after saying why on standard error.
    private static func traceSimulation(_ options: SimulateOptions, feed: Feed, sampleInterval: Duration,
                                        io: some CommandIO) -> Simulation? {
        var configuration = options.configuration
        configuration.sampleInterval = sampleInterval
        configuration.sessionCount = 0
        do throws(SimulationError) {
            return try Simulation(configuration: configuration, feed: feed)
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return nil
        }
    }

    /// Runs `body` with a progress bar of traces on standard error when it is a terminal.
    private static func withTraceProgress(
        io: some CommandIO, workers: Int,
        _ body: (_ progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)?) async -> SimulationTally
    ) async -> SimulationTally {
        guard io.isErrorTerminal else { return await body(nil) }
        let bar = ProgressBar(io: io)
        let tally = await body { completed, total in bar.update(completed: completed, total: total) }
        bar.clear()
        return tally
    }

    /// Prints the report of `tally` (or the shard), after refusing a run a bad trace
    /// stopped (without `--keep-going`).
    private static func finishTraces(_ options: SimulateOptions, simulation: Simulation, tally: SimulationTally,
                                     traces: [String] = [], io: some CommandIO) -> Int32 {
        if !options.keepGoing, let first = tally.recorded?.leftOut.first {
            io.writeError("impressions simulate: \(first.trace): \(first.reason)\n")
            return 1
        }
        let report = simulation.report(from: tally)
        if let path = options.sectionsOutPath {
            do throws(FileAccessError) {
                try FileAccess.write(report.sectionsCSV(), to: path)
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return 1
            }
        }
        guard deliver(report, json: options.json, reportPath: options.reportPath, command: options.reportCommand,
                      subcommand: "simulate", printing: options.shard == nil, io: io) else { return 1 }
        if let shard = options.shard {
            do throws(ShardSummaryError) {
                io.writeOutput(try ShardSummary.json(of: simulation, tally: tally, shard: shard, traces: traces))
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return 1
            }
        }
        return 0
    }

    /// `simulate --traces -`: the traces of standard input, one after another, each from
    /// its header line to the line before the next header (or the end of the input). A
    /// trace is replayed with its lines' numbers in the stream; traces are counted in
    /// batches on the workers, so that memory holds a batch, not the stream.
    private static func simulateTraceStream(_ options: SimulateOptions, feed: Feed, io: some CommandIO) async -> Int32 {
        let limits = options.limits
        let workers = options.workers ?? Simulation.defaultWorkerCount
        let descriptor = io.inputDescriptor
        var reader = TraceLineReader(maximumLineBytes: limits.maximumLineBytes) { () throws(TraceError) -> [UInt8] in
            do throws(FileAccessError) {
                return try FileAccess.readChunk(descriptor, maximumBytes: TraceLineReader.chunkSize)
            } catch {
                throw TraceError(line: 0, "cannot read standard input: \(error)")
            }
        }
        var splitter = TraceStreamSplitter(limits: limits)
        var simulation: Simulation?
        var catalog: SectionCatalog?
        var tally: SimulationTally?
        var batch: [TraceStreamSplitter.Trace] = []
        var batchBytes = 0

        func run(_ batch: [TraceStreamSplitter.Trace]) async {
            guard let simulation, let catalog else { return }
            let counted = await SessionChunks.tally(
                sessions: 0..<batch.count, workers: workers, empty: simulation.emptyTraceTally(catalog: catalog),
                progress: nil,
                chunk: { range in
                    var tally = simulation.emptyTraceTally(catalog: catalog)
                    for trace in batch[range] {
                        if trace.isDuplicate {
                            simulation.countDuplicate(named: trace.name, into: &tally)
                        } else if let problem = trace.problem {
                            simulation.countLeftOut(named: trace.name, reason: problem, into: &tally)
                        } else {
                            var lines = TraceLineReader(bytes: trace.bytes, maximumLineBytes: limits.maximumLineBytes,
                                                        firstLineNumber: trace.firstLine)
                            simulation.replayTrace(named: trace.name, from: &lines, limits: limits, into: &tally)
                        }
                    }
                    return tally
                },
                append: { $0.append($1) })
            tally?.append(counted)
        }

        while true {
            let next: TraceLineReader.Line?
            do throws(TraceError) {
                next = try reader.next()
            } catch {
                io.writeError("impressions simulate: \(error)\n")
                return 1
            }
            let finished = next.map { splitter.add($0) } ?? splitter.finish()
            for trace in finished {
                if simulation == nil {
                    // The run samples at the first trace's interval (100 ms when its header does not read).
                    guard let made = traceSimulation(options, feed: feed, sampleInterval: trace.sampleInterval ?? .milliseconds(100),
                                                     io: io) else { return 1 }
                    simulation = made
                    catalog = SectionCatalog(feed: made.feed)
                    tally = made.emptyTraceTally(catalog: catalog!)
                }
                batch.append(trace)
                batchBytes += trace.bytes.count
            }
            if next == nil || batch.count >= 256 || batchBytes >= 16 << 20 {
                await run(batch)
                batch.removeAll()
                batchBytes = 0
                if !options.keepGoing, tally?.recorded?.leftOut.isEmpty == false { break }
            }
            if next == nil { break }
        }
        guard let simulation, let tally else {
            io.writeError("impressions simulate: standard input: no traces (expected a trace's header line)\n")
            return 1
        }
        return finishTraces(options, simulation: simulation, tally: tally, io: io)
    }
}
