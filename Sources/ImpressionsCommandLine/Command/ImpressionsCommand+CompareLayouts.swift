import ImpressionSimulation

extension ImpressionsCommand {
    /// `impressions simulate --feed a.json --feed b.json`: both layouts on the same
    /// users, each arm's report and the differences with their bootstrap intervals, and
    /// with `--sections-out` one CSV with an `arm` column; with `--shard i/n`, that slice
    /// of the sessions as a shard summary for `merge`. `layouts` are the run's feeds and
    /// users, `options` what every kind of run shares, and `configuration` what they
    /// describe, with the users file's model.
    static func compareLayouts(_ layouts: SimulateOptions.TwoLayouts, options: SimulateOptions,
                               configuration: SimulationConfiguration, io: some CommandIO) async -> Int32 {
        var feeds: [Feed] = []
        for path in [layouts.feedPathA, layouts.feedPathB] {
            guard let feed = readJSONFile(path, maximumBytes: maximumFeedFileBytes, decode: FeedFile.decode, io: io) else { return 1 }
            feeds.append(feed)
        }
        let comparison: LayoutComparison
        do throws(SimulationError) {
            comparison = try LayoutComparison(configuration: configuration, a: feeds[0], b: feeds[1],
                                              names: (layouts.feedPathA, layouts.feedPathB))
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
        let workers = options.workers ?? Simulation.defaultWorkerCount
        let sessions = options.shard?.sessions(of: layouts.users.sessions) ?? 0..<layouts.users.sessions
        let (tallyA, tallyB) = await withProgress(io: io, workers: workers, configuration: configuration, sessionSeconds: { tallies in
            // Every session ran twice, once per feed.
            Double(tallies.0.sessions + tallies.1.sessions) * layouts.users.sessionDuration.inSeconds
        }) { progress in
            await comparison.tallies(sessions: sessions, workers: workers, progress: progress)
        }
        let report = await comparison.report(a: tallyA, b: tallyB, workers: workers)
        guard writeOutputFile(report.sectionsCSV(), to: options.sectionsOutPath, subcommand: "simulate", io: io),
              deliver(report, json: options.json, reportPath: options.reportPath, command: options.reportCommand,
                      subcommand: "simulate", printing: options.shard == nil, io: io)
        else { return 1 }
        guard let shard = options.shard else { return 0 }
        do throws(ShardSummaryError) {
            io.writeOutput(try ShardSummary.json(of: comparison, report: report, tallies: (tallyA, tallyB), shard: shard))
            return 0
        } catch {
            io.writeError("impressions simulate: \(error)\n")
            return 1
        }
    }
}
