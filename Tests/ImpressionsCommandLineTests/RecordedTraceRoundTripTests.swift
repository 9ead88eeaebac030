import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
@_spi(Testing) import ImpressionTracking
import Testing

/// What a ``TraceRecorder`` writes of a tracker replays to exactly what the tracker
/// published, and `fit` and `audit` read it: random sessions with layouts (nested
/// cells, a scroll container), viewports, offsets, insets, obstructions, section states,
/// lifecycle calls and refused inputs, applied with `await` and sent from several
/// threads at once, on a ``ManualClock``, under three policies.
@Suite("A recorded tracker session replays to the impressions it published", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct RecordedTraceRoundTripTests {
    static let policies: [NamedPolicy] = ["default", "mrc-display", "abema"].compactMap(PolicyPresets.named)

    /// 240 sessions, in four chunks the test runner can spread over cores.
    @Test("random sessions: replaying the recorded trace gives the tracker's impressions and their ids, policy by policy",
          arguments: [0..<60, 60..<120, 120..<180, 180..<240] as [Range<UInt64>])
    func recordedSessionsReplayExactly(seeds: Range<UInt64>) async throws {
        var impressions = 0, refused = 0, sent = 0
        for seed in seeds {
            let recorded = try await Self.record(seed: seed)
            let trace = try Self.decode(recorded.lines)
            #expect(trace.header.session == "session-\(seed)" && trace.header.source == "round-trip test")
            let replayed = try TraceReplayer.impressions(of: trace, policies: Self.policies)
            for policy in Self.policies.indices {
                let published = recorded.impressions.filter { $0.policy == policy }
                // The re-measured impressions keep the ids the tracker gave them.
                if replayed[policy].map(\.id) != published.map(\.id) || published.contains(where: { $0.session != "session-\(seed)" }) {
                    Issue.record("seed \(seed), policy \(Self.policies[policy].name): the ids differ")
                    return
                }
                if replayed[policy] != published {
                    let head = recorded.lines.prefix(12).joined(separator: "\n")
                    Issue.record("seed \(seed), policy \(Self.policies[policy].name): replayed \(replayed[policy].count), published \(published.count)\n  replayed: \(Array(replayed[policy].prefix(4)))\n  published: \(Array(published.prefix(4)))\n\(head)")
                    return
                }
            }
            impressions += recorded.impressions.count
            refused += recorded.refused
            sent += recorded.sent
        }
        // Not degenerate: sessions fire, inputs are refused (and not written), some are sent.
        #expect(impressions > 100 && refused > 10 && sent > 100, "\(impressions) impressions, \(refused) refused, \(sent) sent")
    }

    @Test("impressions replay of a recorded trace prints the tracker's impressions, line for line, and writes their rows, id for id")
    func commandLineReplayOfRecordedTraces() async throws {
        var impressionCount = 0
        for seed in UInt64(500)..<512 {
            let recorded = try await Self.record(seed: seed)
            let path = try temporaryFile(recorded.lines.joined(separator: "\n") + "\n")
            let byPolicy = Self.policies.indices.map { policy in recorded.impressions.filter { $0.policy == policy } }
            let rowsPath = path + ".rows.jsonl"
            let replay = await impressions(arguments: ["replay", path, "--impressions-out", rowsPath]
                                           + Self.policies.flatMap { ["--policy", $0.name] })
            #expect(replay.status == 0, "seed \(seed): \(replay.error)")
            #expect(replay.output == ImpressionsCommand.impressionLines(byPolicy, policies: Self.policies), "seed \(seed)")
            // The rows of the re-measured trace are the tracker's impressions, id for id.
            let rows = try String(contentsOfFile: rowsPath, encoding: .utf8).split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            let published = recorded.impressions.map { ImpressionRow($0, policyName: Self.policies[$0.policy].name) }
            #expect(rows.map { $0["id"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == published.map(\.id).sorted(),
                    "seed \(seed)")
            #expect(rows.map { $0["section"] as? String } .sorted { ($0 ?? "") < ($1 ?? "") }
                    == published.map(\.section).sorted(), "seed \(seed)")
            #expect(rows.allSatisfy { $0["session"] as? String == "session-\(seed)" }, "seed \(seed)")
            impressionCount += recorded.impressions.count
        }
        #expect(impressionCount > 10, "\(impressionCount) impressions")
    }

    @Test("simulated users recorded through a tracker: fit reads them as it reads the simulator's traces, audit matches the tracker's impressions")
    func fitAndAuditReadRecordedTraces() async throws {
        let simulation = try Simulation(configuration: SimulationConfiguration(
            sessionCount: 6, sectionCount: 300, sessionDuration: .seconds(60), seed: 4, policies: Self.policies))
        let directory = try temporaryDirectory()
        var claims = ""
        var recordedPaths: [String] = [], simulatedPaths: [String] = []
        for index in 0..<6 {
            // A stand-in for an app's user: the simulated session's inputs, applied to a
            // tracker at their times.
            let session = simulation.session(at: index)
            let (inputs, end) = simulation.runner.engineInputs(of: session)
            let clock = ManualClock()
            let recorder = TraceRecorder(session: "user-\(index)")
            let tracker = try ImpressionTracker<Int>(policies: Self.policies.map(\.policy), clock: clock, recorder: recorder)
            let subscription = await tracker.impressions()
            let reader = Task(executorPreference: OwnThreadsExecutor.current) { await Self.collect(recorder.lines) }
            for input in inputs {
                clock.advance(to: ManualClock.Instant(offset: input.time))
                try await tracker.apply(input.input)
            }
            clock.advance(to: ManualClock.Instant(offset: end))
            await tracker.flush()
            await tracker.finish()
            let published = await Self.collect(subscription)
            let name = "recorded-\(index)"
            recordedPaths.append("\(directory)/\(name).jsonl")
            try Data(((await reader.value).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: recordedPaths[index]))
            simulatedPaths.append("\(directory)/simulated-\(index).jsonl")
            try Data(simulation.runner.trace(of: session).encoded().utf8).write(to: URL(fileURLWithPath: simulatedPaths[index]))
            let byPolicy = Self.policies.indices.map { policy in
                published.filter { $0.policy == policy }.map {
                    Impression(sectionID: String($0.sectionID), time: $0.time, visibleRatio: $0.visibleRatio,
                               visibleDuration: $0.visibleDuration, visit: $0.visit, policy: policy)
                }
            }
            for line in ImpressionsCommand.impressionLines(byPolicy, policies: Self.policies).split(separator: "\n")
            where line.contains("\"policy\":\"default\"") {
                claims += "{\"trace\":\"\(name)\"," + line.dropFirst() + "\n"
            }
        }
        let fit = await impressions(arguments: ["fit"] + recordedPaths)
        #expect(fit.status == 0, "\(fit.error)")
        let fitOfSimulated = await impressions(arguments: ["fit"] + simulatedPaths)
        #expect(fit.output == fitOfSimulated.output && fit.output.contains("impressions-users"), "\(fit.output.prefix(300))")

        let claimed = try temporaryFile(claims, name: "claims.jsonl")
        #expect(claims.split(separator: "\n").count > 20)
        let audit = await impressions(arguments: ["audit"] + recordedPaths + ["--claimed", claimed, "--policy", "default"])
        #expect(audit.status == 0, "\(audit.output)\n\(audit.error)")
        #expect(audit.output.contains("passed: "), "\(audit.output)")
    }

    @Test("a trace recorded from an engine of Int ids names each section by its decimal text, and a second engine is refused")
    func engineRecordingNamesIdsAndIsExclusive() async throws {
        let recorder = TraceRecorder(session: "s-1")
        var engine = try ImpressionEngine<Int>(policy: .default, recorder: recorder)
        try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try engine.setLayout([TrackedSection(id: 42, cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
        #expect(throws: InputError.self) { try engine.setViewport(Rect(x: 0, y: 0, width: -1, height: 1)) }
        let fired = engine.advance(to: .milliseconds(1_250))
        try engine.setSectionState(42, isHidden: true)
        engine.enterBackground()
        recorder.finish(at: engine.time)
        #expect(throws: ConfigurationError.recorderInUse(session: "s-1")) {
            _ = try ImpressionEngine<Int>(policy: .default, recorder: recorder)
        }
        var lines: [String] = []
        for await line in recorder.lines { lines.append(line) }
        #expect(lines == [
            #"{"format":"impressions-trace","version":1,"sampleIntervalMs":100,"session":"s-1"}"#,
            #"{"t":0,"type":"viewport","rect":[0,0,390,844]}"#,
            #"{"t":0,"type":"layout","sections":[{"id":"42","cells":[[0,0,390,300]]}]}"#,
            #"{"t":1250,"type":"section","id":"42","hidden":true}"#,
            #"{"t":1250,"type":"enterBackground"}"#,
            #"{"t":1250,"type":"end"}"#,
        ])
        #expect(fired.map(\.sectionID) == [42])
        #expect(recorder.droppedLineCount == 0 && recorder.isFinished)
    }

    @Test("an input applied at time zero after sample 0 is written at time zero marked afterSample, so the replay applies it after sample 0 too")
    func inputAfterSampleZeroReplaysAfterIt() async throws {
        let recorder = TraceRecorder()
        var engine = try ImpressionEngine<String>(policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero),
                                                  recorder: recorder)
        try engine.setLayout([TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        _ = engine.advance(to: .zero)   // sample 0: no viewport yet
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        let fired = engine.advance(to: .milliseconds(100))
        recorder.finish(at: engine.time)
        var lines: [String] = []
        for await line in recorder.lines { lines.append(line) }
        #expect(lines[1] == #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,100,100]]}]}"#)
        #expect(lines[2] == #"{"t":0,"afterSample":true,"type":"viewport","rect":[0,0,100,100]}"#)
        let trace = try Self.decode(lines)
        #expect(trace.inputs.map(\.afterSample) == [false, true])
        #expect(trace.inputs.map(\.time) == [.zero, .zero])
        let policies = [NamedPolicy(name: "p", policy: engine.policies[0])]
        let replayed = try TraceReplayer.impressions(of: trace, policies: policies)
        #expect(fired.map(\.time) == [.milliseconds(100)])
        #expect(replayed[0] == fired)
        // Written back as read, and re-measured (simulate --traces) the same way.
        #expect(trace.encoded() == lines.joined(separator: "\n") + "\n")
        // Without the mark the viewport would count from sample 0: an impression a sample early.
        var unmarked = trace
        unmarked.inputs[1].afterSample = false
        #expect(try TraceReplayer.impressions(of: unmarked, policies: policies)[0].map(\.time) == [.zero])
    }

    @Test("a reader behind at the finish still gets the gap line for what it lost and the end line, last")
    func readerBehindAtFinishGetsGapAndEnd() async throws {
        let recorder = TraceRecorder(bufferLimit: 4)
        var engine = try ImpressionEngine<String>(policy: .default, recorder: recorder)
        try engine.setLayout([TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        for step in 0..<10 {   // nobody reads: the header, the layout and two viewports fit; eight are dropped
            try engine.setViewport(Rect(x: 0, y: Double(step), width: 100, height: 100))
            _ = engine.advance(to: .milliseconds(100 * (step + 1)))
        }
        recorder.finish(at: engine.time)
        var lines: [String] = []
        for await line in recorder.lines { lines.append(line) }
        #expect(recorder.droppedLineCount == 8)
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.suffix(2) == [#"{"t":200,"type":"gap","lines":8}"#, #"{"t":1000,"type":"end"}"#], "\(lines)")
    }

    @Test("impressions replay of a trace without an end line says on standard error that it was cut short, and prints its impressions")
    func replayOfATraceWithoutEndSaysCutShort() async throws {
        let lines = [
            #"{"format":"impressions-trace","version":1,"sampleIntervalMs":100}"#,
            #"{"t":0,"type":"layout","sections":[{"id":"a","cells":[[0,0,100,100]]}]}"#,
            #"{"t":0,"type":"viewport","rect":[0,0,100,100]}"#,
            #"{"t":1500,"type":"appear"}"#,
        ]
        let whole = await impressions("replay", try temporaryFile((lines + [#"{"t":1500,"type":"end"}"#]).joined(separator: "\n") + "\n"))
        let cut = await impressions("replay", try temporaryFile(lines.joined(separator: "\n") + "\n"))
        #expect(cut.status == 0, "\(cut.error)")
        #expect(cut.output == whole.output && cut.output.contains("\"section\":\"a\""), "\(cut.output)")
        #expect(cut.error.contains("no end line: the session was cut short"), "\(cut.error)")
        #expect(!whole.error.contains("cut short"), "\(whole.error)")
    }

    @Test("a reader that falls behind loses lines, never the engine's state: they are counted, a gap line marks where, and replay refuses it")
    func slowReaderLosesCountedLinesAndAGapLineSaysWhere() async throws {
        let recorder = TraceRecorder(bufferLimit: 4)
        var engine = try ImpressionEngine<String>(policy: .default, recorder: recorder)
        try engine.setLayout([TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        for step in 0..<10 {   // nobody reads: the header, the layout and two viewports fit; eight are dropped
            try engine.setViewport(Rect(x: 0, y: Double(step), width: 100, height: 100))
            _ = engine.advance(to: .milliseconds(100 * (step + 1)))
        }
        #expect(recorder.droppedLineCount == 8)
        var iterator = recorder.lines.makeAsyncIterator()
        var lines: [String] = []
        for _ in 0..<4 { if let line = await iterator.next() { lines.append(line) } }
        // Room again: the gap line goes before the next line, with the time of the first lost one.
        engine.appear()
        recorder.finish(at: engine.time)
        while let line = await iterator.next() { lines.append(line) }
        #expect(lines.count == 7, "\(lines)")
        #expect(lines[4] == #"{"t":200,"type":"gap","lines":8}"#, "\(lines)")
        #expect(lines[5] == #"{"t":1000,"type":"appear"}"#, "\(lines)")
        #expect(engine.viewport == Rect(x: 0, y: 9, width: 100, height: 100))
        let path = try temporaryFile(lines.joined(separator: "\n") + "\n")
        let replay = await impressions("replay", path)
        #expect(replay.status == 1)
        #expect(replay.error.contains("line 5: 8 lines were lost here while recording"), "\(replay.error)")
        let skipping = await impressions("replay", path, "--keep-going")
        #expect(skipping.status == 0, "\(skipping.error)")
    }

    @Test("a reader that starts late, and one still behind at the finish: its lines and its gap lines' counts are the whole recording, in order, and its last line is the end",
          arguments: [0..<8, 8..<16] as [Range<UInt64>])
    func lateAndBehindReadersGetTheEnd(seeds: Range<UInt64>) async throws {
        var dropped = 0
        for seed in seeds {
            // Sends in one order, so that the same seed records the same lines every time.
            let whole = try await Self.record(seed: seed, sendsInOrder: true)
            #expect(whole.lines.last?.hasSuffix(#""type":"end"}"#) == true, "seed \(seed)")
            for reading in [Reading.late(afterStep: 8), .behind(afterLines: 3)] {
                let lossy = try await Self.record(seed: seed, bufferLimit: 6, reading: reading, sendsInOrder: true)
                let comment: Comment = "seed \(seed), \(reading): \(lossy.lines)"
                // What the reader missed never changes what the tracker does.
                #expect(lossy.impressions == whole.impressions, comment)
                var position = 0, missing = 0
                for line in lossy.lines {
                    if let count = Self.gapCount(line) {
                        // A gap line stands for the lines lost there, at the time of the first.
                        #expect(position < whole.lines.count && Self.timeField(line) == Self.timeField(whole.lines[position]), comment)
                        position += count
                        missing += count
                    } else {
                        #expect(position < whole.lines.count && line == whole.lines[position], comment)
                        position += 1
                    }
                }
                #expect(position == whole.lines.count, comment)
                #expect(missing == lossy.dropped, comment)
                #expect(lossy.lines.last == whole.lines.last, comment)
                if case .behind = reading {
                    #expect(lossy.dropped > 0 && lossy.lines.dropLast().last.flatMap(Self.gapCount) != nil, comment)
                }
                dropped += lossy.dropped
            }
        }
        #expect(dropped > 100, "\(dropped) lines dropped")
    }

    /// The `lines` of a `gap` line; `nil` for any other line.
    static func gapCount(_ line: String) -> Int? {
        guard line.contains(#""type":"gap""#), let range = line.range(of: #""lines":"#) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// A line's `"t":...` field, as written.
    static func timeField(_ line: String) -> Substring {
        line.prefix { $0 != "," }
    }

    // MARK: - Sessions

    struct Recorded {
        var lines: [String]
        var impressions: [Impression<String>]
        var refused = 0
        var sent = 0
        var dropped = 0
    }

    /// When the app's task reads the recorder's lines.
    enum Reading: Sendable, CustomStringConvertible {
        /// From the start, as fast as they come.
        case fromStart
        /// From the given step of the session on: lines before it wait in the buffer.
        case late(afterStep: Int)
        /// A few lines, then nothing until the tracker has finished.
        case behind(afterLines: Int)

        var description: String {
            switch self {
            case .fromStart: "a reader from the start"
            case .late(let step): "a reader from step \(step)"
            case .behind(let lines): "a reader that stops after \(lines) lines until the finish"
            }
        }
    }

    /// Drives a tracker through the random session of `seed`, recording it; its lines
    /// are read as `reading` says. With `sendsInOrder`, inputs sent together are sent one
    /// after the other from this task, rather than from several threads at once.
    static func record(seed: UInt64, bufferLimit: Int = 10_000, reading: Reading = .fromStart,
                       sendsInOrder: Bool = false) async throws -> Recorded {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock()
        let recorder = TraceRecorder(session: "session-\(seed)", source: "round-trip test", bufferLimit: bufferLimit)
        let tracker = try ImpressionTracker<String>(policies: policies.map(\.policy), clock: clock, recorder: recorder)
        let subscription = await tracker.impressions()
        let (finished, finishing) = AsyncStream<Never>.makeStream()
        func startReading() -> Task<[String], Never> {
            Task(executorPreference: OwnThreadsExecutor.current) {
                guard case .behind(let count) = reading else { return await collect(recorder.lines) }
                var iterator = recorder.lines.makeAsyncIterator()
                var lines: [String] = []
                while lines.count < count, let line = await iterator.next() { lines.append(line) }
                for await _ in finished {}
                while let line = await iterator.next() { lines.append(line) }
                return lines
            }
        }
        var reader: Task<[String], Never>?
        if case .late = reading {} else { reader = startReading() }
        let ticking = seed.isMultiple(of: 3)
        let running: Task<Void, any Error>? = ticking ? Task(executorPreference: OwnThreadsExecutor.current) { try await tracker.run() } : nil
        if ticking { await tracker.waitUntilCaughtUp() }

        var recorded = Recorded(lines: [], impressions: [])
        var time = Duration.zero
        var sectionCount = 4
        for step in 0..<Int.random(in: 20...70, using: &random) {
            if case .late(step) = reading { reader = startReading() }
            // Times on and between samples, and repeated times.
            switch Int.random(in: 0..<4, using: &random) {
            case 0: break
            case 1: time += .milliseconds(100 * Int.random(in: 1...8, using: &random))
            default: time += .milliseconds(Int.random(in: 1...450, using: &random))
            }
            clock.advance(to: ManualClock.Instant(offset: time))
            let inputs = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                randomInput(&random, sectionCount: &sectionCount)
            }
            if Bool.random(using: &random) {
                if sendsInOrder {
                    for input in inputs { tracker.send(input) }
                } else {
                    // Sent from synchronous code on several threads at once: the tracker's
                    // order among them is whatever it is, and the recording follows it.
                    await withTaskGroup(of: Void.self) { group in
                        for input in inputs { group.addTask { tracker.send(input) } }
                    }
                }
                recorded.sent += inputs.count
                if Bool.random(using: &random) { await tracker.flush() }
            } else {
                for input in inputs {
                    do throws(InputError) { try await tracker.apply(input) } catch { recorded.refused += 1 }
                }
            }
        }
        clock.advance(to: ManualClock.Instant(offset: time + .seconds(3)))
        if ticking { await tracker.waitUntilCaughtUp() }
        await tracker.flush()
        recorded.refused += await tracker.rejectedSentInputCount
        await tracker.finish()
        finishing.finish()
        running?.cancel()
        _ = try? await running?.value
        recorded.impressions = await collect(subscription)
        recorded.lines = await (reader ?? startReading()).value
        recorded.dropped = recorder.droppedLineCount
        if case .fromStart = reading { #expect(recorded.dropped == 0) }
        return recorded
    }

    /// A random input: mostly valid, some refused (a negative size, an unknown container
    /// or section, an opacity out of range).
    static func randomInput(_ random: inout SplitMix64, sectionCount: inout Int) -> EngineInput<String> {
        func coordinate(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &random) * 2).rounded() / 2 }
        switch Int.random(in: 0..<20, using: &random) {
        case 0...2:
            sectionCount = Int.random(in: 2...7, using: &random)
            var sections: [TrackedSection<String>] = []
            var y = 0.0
            for index in 0..<sectionCount {
                let height = coordinate(40...500)
                var section = TrackedSection<String>(id: "s\(index)", cells: [Rect(x: 0, y: y, width: 390, height: height)])
                if index == 1 {
                    // A carousel: cells in the container's content coordinates.
                    section = TrackedSection(id: "s1", cells: [], nestedCells: (0..<3).map {
                        NestedCell(containerID: "row", frame: Rect(x: Double($0) * 200, y: 0, width: 180, height: 150))
                    })
                }
                if Int.random(in: 0..<6, using: &random) == 0 { section.isLoaded = false }
                sections.append(section)
                y += height + 10
            }
            let containers = [ScrollContainer(id: "row", frame: Rect(x: 0, y: coordinate(0...600), width: 390, height: 160))]
            if Int.random(in: 0..<10, using: &random) == 0 {
                sections[0].cells = [Rect(x: 0, y: 0, width: -5, height: 10)]   // refused
            }
            return .layout(sections: sections, containers: containers)
        case 3...8:
            return .viewport(Rect(x: 0, y: coordinate(-100...1_500), width: 390, height: 844))
        case 9, 10:
            let container = Int.random(in: 0..<8, using: &random) == 0 ? "nowhere" : "row"
            return .contentOffset(Point(x: coordinate(0...400), y: 0), containerID: container)
        case 11:
            return .viewportInsets(Insets(top: coordinate(0...100), bottom: coordinate(0...100)))
        case 12:
            return .obstructions(Bool.random(using: &random) ? [] : [Rect(x: 0, y: coordinate(0...700), width: 390, height: 80)])
        case 13:
            let id = "s\(Int.random(in: 0...sectionCount, using: &random))"   // one past the end: unknown
            return .sectionState(id, isLoaded: Bool.random(using: &random) ? true : nil,
                                 opacity: Int.random(in: 0..<5, using: &random) == 0 ? 1.5 : nil, isHidden: nil)
        case 14:
            return .lifecycle(LifecycleCall.allCases.randomElement(using: &random)!)
        default:
            // What ends an inactive spell, so that sessions spend most of their time active.
            return .lifecycle([.appear, .enterForeground, .uncover, .endRefresh].randomElement(using: &random)!)
        }
    }

    static func decode(_ lines: [String]) throws -> Trace {
        var decoder = TraceDecoder()
        var inputs: [TimedInput<String>] = []
        for (index, line) in lines.enumerated() {
            if case .input(let input) = try decoder.decode(line.utf8, lineNumber: index + 1) { inputs.append(input) }
        }
        guard let header = decoder.header else { throw TraceError(line: 1, "no header") }
        return Trace(header: header, inputs: inputs, end: decoder.end)
    }

    static func collect<Element: Sendable>(_ sequence: TrackerSubscription<Element>) async -> [Element] {
        var elements: [Element] = []
        for await element in sequence { elements.append(element) }
        return elements
    }
}
