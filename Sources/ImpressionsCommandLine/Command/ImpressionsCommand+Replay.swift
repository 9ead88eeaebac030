import ImpressionSimulation
import ImpressionTracking

extension ImpressionsCommand {
    /// `impressions replay`: impressions as JSON Lines on standard output, a summary on
    /// standard error. A bad line stops the replay with status 1 and nothing on standard
    /// output, unless `--keep-going` skips and counts it.
    static func replay(_ options: ReplayOptions, io: some CommandIO) -> Int32 {
        let name = options.path == "-" ? "standard input" : options.path
        func fail(_ message: String) -> Int32 {
            io.writeError("impressions replay: \(name): \(message)\n")
            return 1
        }
        let descriptor: Int32
        if options.path == "-" {
            descriptor = io.inputDescriptor
        } else {
            do throws(FileAccessError) {
                descriptor = try FileAccess.openForReading(options.path)
            } catch {
                io.writeError("impressions replay: \(error)\n")
                return 1
            }
        }
        defer { if options.path != "-" { FileAccess.close(descriptor) } }

        let policies = options.effectivePolicies
        var reader = TraceLineReader(maximumLineBytes: options.limits.maximumLineBytes) { () throws(TraceError) -> [UInt8] in
            do throws(FileAccessError) {
                return try FileAccess.readChunk(descriptor, maximumBytes: TraceLineReader.chunkSize)
            } catch {
                throw TraceError(line: 0, "cannot read the trace: \(error)")
            }
        }
        var decoder = TraceDecoder(limits: options.limits)
        var replayer: TraceReplayer?
        var skipped: [TraceError] = []
        var inputCount = 0
        var lineCount = 0
        while true {
            let next: TraceLineReader.Line?
            do throws(TraceError) {
                next = try reader.next()
            } catch {
                return fail("\(error)")
            }
            guard let line = next else { break }
            do throws(TraceError) {
                switch line {
                case .tooLong(let number):
                    lineCount = number
                    throw TraceError(line: number, "the line is longer than the limit of \(options.limits.maximumLineBytes) bytes (--max-line-bytes)")
                case .text(let number, let bytes):
                    lineCount = number
                    switch try decoder.decode(bytes, lineNumber: number) {
                    case .header(let header):
                        do throws(SimulationError) {
                            replayer = try TraceReplayer(policies: policies, sampleInterval: header.sampleInterval,
                                                         recordsTimeline: options.timelinePath != nil)
                        } catch {
                            throw TraceError(line: number, "\(error)")
                        }
                    case .input(let input):
                        inputCount += 1
                        try replayer?.apply(input, lineNumber: number)
                    case .end(let time):
                        replayer?.advance(to: time)
                    case .blank:
                        break
                    }
                }
            } catch {
                guard options.keepGoing else { return fail("\(error)") }
                skipped.append(error)
            }
        }
        guard var replayer, let header = decoder.header else {
            guard let first = skipped.first else { return fail("the trace is empty: expected the header line") }
            return fail("no valid header line (\(first))")
        }
        if decoder.end == nil { replayer.advance(to: decoder.latestTime) }

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
        io.writeOutput(impressionLines(replayer.impressions, policies: policies))
        io.writeError(replaySummary(of: name, replayer: replayer, lines: lineCount, inputs: inputCount,
                                    duration: decoder.end ?? decoder.latestTime, interval: header.sampleInterval, skipped: skipped))
        return 0
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
            text += "{\"policy\":\(JSONWriter.quoted(policies[entry.policy].name)),\"section\":\(JSONWriter.quoted(impression.sectionID))"
                + ",\"timeMs\":\(TraceEncoder.milliseconds(impression.time)),\"ratio\":\(TraceEncoder.number(impression.visibleRatio))"
                + ",\"seenMs\":\(TraceEncoder.milliseconds(impression.visibleDuration)),\"visit\":\(impression.visit)}\n"
        }
        return text
    }

    private static func replaySummary(of name: String, replayer: TraceReplayer, lines: Int, inputs: Int,
                                      duration: Duration, interval: Duration, skipped: [TraceError]) -> String {
        var text = "replayed \(name): \(NumberFormatting.integer(lines)) lines, \(NumberFormatting.integer(inputs)) inputs, "
            + "\(NumberFormatting.seconds(duration)) sampled every \(TraceEncoder.milliseconds(interval)) ms\n"
        let width = max(6, replayer.policies.map(\.name.count).max() ?? 0)
        func padded(_ text: String, _ count: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, count - text.count))
            return right ? padding + text : text + padding
        }
        text += "  " + padded("policy", width) + "  impressions  sections\n"
        for (index, policy) in replayer.policies.enumerated() {
            let list = replayer.impressions[index]
            let sections = Set(list.map(\.sectionID)).count
            text += "  " + padded(policy.name, width) + "  " + padded(NumberFormatting.integer(list.count), 11, right: true)
                + "  " + padded(NumberFormatting.integer(sections), 8, right: true) + "\n"
        }
        if !skipped.isEmpty {
            text += "skipped \(NumberFormatting.integer(skipped.count)) bad line\(skipped.count == 1 ? "" : "s") (--keep-going):\n"
            for error in skipped.prefix(20) { text += "  \(error)\n" }
            if skipped.count > 20 { text += "  ... and \(NumberFormatting.integer(skipped.count - 20)) more\n" }
        }
        return text
    }
}
