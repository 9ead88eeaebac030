import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions replay`: impressions as JSON Lines on standard output, a summary on
    /// standard error. A bad line stops the replay with status 1 and nothing on standard
    /// output, unless `--keep-going` skips and counts it.
    static func replay(_ options: ReplayOptions, io: some CommandIO) -> Int32 {
        let policies = options.effectivePolicies
        guard let rowsFile = openRowsFile(options.impressionsOutPath, signals: options.measuresExposureSignals,
                                          policies: policies, subcommand: "replay", io: io) else { return 1 }
        // Made before the replay, as the rows' file, so that a path that cannot be
        // written fails first.
        let geometryFile: PartialFile?
        do throws(FileAccessError) {
            geometryFile = try options.geometryPath.map { path throws(FileAccessError) in try PartialFile(path: path) }
        } catch {
            io.writeError("impressions replay: --geometry: \(error)\n")
            return 1
        }
        let replayed = TraceFile.replay(options.path, limits: options.limits, keepGoing: options.keepGoing, io: io) {
            header throws(SimulationError) in
            try TraceReplayer(policies: policies, sampleInterval: header.sampleInterval,
                              recordsTimeline: options.timelinePath != nil || options.reportPath != nil,
                              recordsPlayer: options.playerPath != nil,
                              snapshotSample: options.snapshotTime.map {
                                  SampleGrid(interval: header.sampleInterval).lastSample(atOrBefore: $0)
                              },
                              measuresExposureSignals: options.measuresExposureSignals,
                              watchesGeometry: geometryFile != nil, session: header.session)
        }
        let (trace, replayer, header): (TraceFile, TraceReplayer, TraceHeader)
        switch replayed {
        case .success(let replay): (trace, replayer, header) = replay
        case .failure(let failure):
            io.writeError("impressions replay: \(failure.message)\n")
            return 1
        }
        if let line = trace.cutLine {
            io.writeError("impressions replay: \(trace.name): line \(line) is cut off mid-line: the session was cut short (a "
                + "file cut off while written), replayed to line \(line - 1) at \(NumberFormatting.seconds(trace.end))\n")
        } else if trace.decoder.end == nil {
            // Replayed all the same, as far as it goes; but a session that ends without
            // its `end` line is not the whole session, and a replay that said nothing
            // would pass it off as a shorter one.
            io.writeError("impressions replay: \(trace.name): no end line: the session was cut short (a recording "
                + "stopped before TraceRecorder.finish, or a file cut off), replayed to its last line at "
                + "\(NumberFormatting.seconds(trace.end))\n")
        }

        // Written only once the whole trace is read: a bad line leaves standard output empty.
        if let path = options.timelinePath, let timeline = replayer.timeline {
            let title = "Timeline of " + (header.source ?? (options.path == "-" ? "a trace" : options.path))
            do throws(FileAccessError) {
                try FileAccess.write(timeline.svg(title: title, maximumRows: options.timelineRows), to: path)
            } catch {
                io.writeError("impressions replay: \(error)\n")
                return 1
            }
        }
        if let path = options.playerPath {
            if let limit = replayer.player?.limitReached {
                io.writeError("impressions replay: \(trace.name): \(limit)\n")
                return 1
            }
            let title = "Replay of " + (header.source ?? trace.name) + (header.session.map { ", session " + $0 } ?? "")
            guard let page = replayer.player?.html(title: title),
                  writeOutputFile(page, to: path, subcommand: "replay", io: io) else { return 1 }
        }
        if let time = options.snapshotTime {
            guard !replayer.snapshotsAtSample.isEmpty || policies.isEmpty else {
                io.writeError("impressions replay: \(trace.name): the session ends at \(NumberFormatting.seconds(trace.end)), "
                    + "before --snapshot-at \(NumberFormatting.seconds(time))\n")
                return 1
            }
            io.writeOutput(snapshotLines(replayer.snapshotsAtSample, sample: replayer.snapshotSample ?? 0))
            io.writeError(replaySummary(of: trace, replayer: replayer, interval: header.sampleInterval))
            return 0
        }
        if let path = options.reportPath {
            let details: KeyValuePairs<String, String> = [
                "trace": trace.name,
                "source": header.source ?? "-",
                "read": "\(NumberFormatting.integer(trace.lineCount)) lines, \(NumberFormatting.integer(trace.inputCount)) inputs, "
                    + "\(NumberFormatting.seconds(trace.end)) sampled every \(TraceEncoder.milliseconds(header.sampleInterval)) ms"
                    + (trace.skipped.isEmpty ? "" : ", \(NumberFormatting.integer(trace.skipped.count)) bad lines skipped"),
            ]
            let title = "Replay of " + (header.source ?? trace.name)
            guard writeOutputFile(replayer.html(title: title, details: details, timelineRows: options.timelineRows),
                                  to: path, subcommand: "replay", io: io) else { return 1 }
        }
        if let geometryFile {
            if let section = options.geometrySection, !replayer.sectionIDs.contains(section) {
                io.writeError("impressions replay: invalid value '\(section)' for --section: no layout of \(trace.name) "
                    + "holds that section (it holds \(NumberFormatting.integer(replayer.sectionIDs.count)))\n")
                return CommandLineError.exitStatus
            }
            geometryFile.write(geometryLines(replayer.geometryChanges, section: options.geometrySection))
            do throws(FileAccessError) {
                try geometryFile.finish()
            } catch {
                io.writeError("impressions replay: --geometry: \(error)\n")
                return 1
            }
        }
        if let rowsFile {
            var rows = rowsFile.rows
            rows.add(replayer.impressions, session: header.session) { $0 }
            rowsFile.write(rows.take())
            do throws(FileAccessError) {
                try rowsFile.finish()
            } catch {
                io.writeError("impressions replay: \(error)\n")
                return 1
            }
        }
        io.writeOutput(impressionLines(replayer.impressions, policies: policies))
        io.writeError(replaySummary(of: trace, replayer: replayer, interval: header.sampleInterval))
        return 0
    }

    /// One OM SDK `geometryChange` line per change, in the replay's order; with
    /// `section`, that section's alone.
    static func geometryLines(_ changes: [(change: VisibleGeometry<String>, viewport: Rect?)], section: String?) -> String {
        var text = ""
        for (change, viewport) in changes where section == nil || change.sectionID == section {
            text += OMGeometryChange(change, viewport: viewport).line + "\n"
        }
        return text
    }

    /// One JSON object per row of each policy's overlay snapshot: what the session
    /// player shows at that sample, with the row's geometry (the percentage in view, the
    /// reasons the rest is not, the area fraction).
    static func snapshotLines(_ snapshots: [EngineSnapshot<String>], sample: Int) -> String {
        var text = ""
        for (policy, snapshot) in snapshots.enumerated() {
            let inactive = snapshot.inactiveCauses.isEmpty ? "" : snapshot.inactiveCauses.description
            for row in snapshot.sections {
                var line = JSONWriter(compact: true)
                line.beginObject()
                line.key("policy"); line.integer(policy)
                line.key("section"); line.string(row.sectionID)
                line.key("visibility"); line.string(row.visibility.rawValue)
                line.key("ratio"); line.raw(TraceEncoder.number(row.visibleRatio))
                line.key("counting"); line.string(row.counting.name)
                line.key("samples"); line.integer(row.statistics.countedSamples)
                line.key("required"); line.integer(row.requiredSamples)
                line.key("reason"); line.string(row.notVisibleReason.map(String.init(describing:)) ?? "")
                line.key("shown"); line.string(row.visibility.description + ", " + row.counting.description)
                line.key("percentageInView"); line.integer(row.geometry?.percentageInView ?? 0)
                line.key("reasons"); line.array(row.geometry?.reasons.names ?? []) { $0.string($1) }
                line.key("areaFraction"); line.raw(TraceEncoder.number(row.geometry?.areaFraction ?? 0))
                line.key("sample"); line.integer(sample)
                line.key("inactive"); line.string(inactive)
                line.endObject()
                text += line.text + "\n"
            }
        }
        return text
    }

    /// One JSON object per impression, in time order; within a sample, by policy, then
    /// in layout order.
    static func impressionLines(_ impressions: [[Impression<String>]], policies: [NamedPolicy]) -> String {
        var entries: [(time: Duration, policy: Int, order: Int)] = []
        for (policy, list) in impressions.enumerated() {
            for order in list.indices { entries.append((list[order].time, policy, order)) }
        }
        entries.sort { ($0.time, $0.policy, $0.order) < ($1.time, $1.policy, $1.order) }
        var text = ""
        for entry in entries {
            let impression = impressions[entry.policy][entry.order]
            var line = JSONWriter(compact: true)
            line.beginObject()
            line.key("policy"); line.string(policies[entry.policy].name)
            line.key("section"); line.string(impression.sectionID)
            line.key("timeMs"); line.raw(TraceEncoder.milliseconds(impression.time))
            line.key("ratio"); line.raw(TraceEncoder.number(impression.visibleRatio))
            line.key("seenMs"); line.raw(TraceEncoder.milliseconds(impression.visibleDuration))
            line.key("visit"); line.integer(impression.visit)
            if let signals = impression.signals {
                // Exact, as the line's other values: times in milliseconds (`timeInViewMs`).
                line.key("signals")
                line.object { line in
                    for signal in ExposureSignal.allCases {
                        switch signal.value(of: signals) {
                        case .time(let time): line.key("\(signal)Ms"); line.raw(TraceEncoder.milliseconds(time))
                        case .number(let number): line.key("\(signal)"); line.raw(TraceEncoder.number(number))
                        }
                    }
                }
            }
            line.endObject()
            text += line.text + "\n"
        }
        return text
    }

    private static func replaySummary(of trace: TraceFile, replayer: TraceReplayer, interval: Duration) -> String {
        var text = "replayed \(trace.name): \(NumberFormatting.integer(trace.lineCount)) lines, \(NumberFormatting.integer(trace.inputCount)) inputs, "
            + "\(NumberFormatting.seconds(trace.end)) sampled every \(TraceEncoder.milliseconds(interval)) ms\n"
        let width = max(6, replayer.policies.map(\.name.count).max() ?? 0)
        func padded(_ text: String, _ count: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, count - text.count))
            return right ? padding + text : text + padding
        }
        text += "  " + padded("policy", width) + "  impressions  sections  fingerprint\n"
        for (index, policy) in replayer.policies.enumerated() {
            let list = replayer.impressions[index]
            let sections = Set(list.map(\.sectionID)).count
            text += "  " + padded(policy.name, width) + "  " + padded(NumberFormatting.integer(list.count), 11, right: true)
                + "  " + padded(NumberFormatting.integer(sections), 8, right: true) + "  " + policy.policy.fingerprint + "\n"
        }
        text += trace.skippedSummary
        return text
    }
}
