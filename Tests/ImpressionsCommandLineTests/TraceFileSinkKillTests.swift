import Foundation
import ImpressionSimulation
import Testing
@testable import ImpressionTracking

/// A recording whose process is killed: a real child process (`KilledRecorder`, a target of
/// the package) records an endless session through a `TraceFileSink` and is sent `SIGKILL`
/// at a point drawn from a seed, many times over. Each file it leaves must replay as cut
/// short, never as a bad trace, and hold every line the child recorded more than one second
/// (of its clock) before it died.
@Suite struct TraceFileSinkKillTests {
    /// One input the child said it applied: its number from 1, and the time of its line.
    struct Report: Equatable {
        var index: Int
        var time: Duration
    }

    /// What one kill left: the child's reports and the file.
    struct Outcome {
        var run: Int
        var seed: UInt64
        var bufferLimit: Int
        var reports: [Report]
        var status: Int32
        var reason: Process.TerminationReason
        var path: String
    }

    static let runs = 30
    /// Children at a time: they sleep between inputs, so three share two cores easily.
    static let concurrentChildren = 3

    // Catches hangs only (a child that stops talking without dying leaves the read
    // waiting): in a whole run on a loaded 2-core machine it may wait most of the run.
    @Test(.timeLimit(.minutes(45)))
    func aRecordingKilledAtRandomPointsReplaysAsCutShortMissingAtMostItsLastSecond() async throws {
        let binary = try Self.childBinary()
        let directory = try temporaryDirectory()
        var random = SplitMix64(seed: 52)
        // Drawn up front from the seed: where each child dies, and how much its sink holds
        // (0: every line written as it comes; 256 and 4 KiB: full buffers; 64 KiB: time).
        let plans = (0..<Self.runs).map { run in
            (run: run,
             killAt: Duration.milliseconds(300 + Int(random.next() % 1_700)),
             bufferLimit: [0, 256, 4 << 10, 64 << 10][Int(random.next() % 4)],
             childSeed: random.next() % 1_000_000)
        }
        var outcomes: [Outcome] = []
        for batch in stride(from: 0, to: plans.count, by: Self.concurrentChildren) {
            let chunk = plans[batch..<min(plans.count, batch + Self.concurrentChildren)]
            outcomes += try await withThrowingTaskGroup(of: Outcome.self) { group in
                for plan in chunk {
                    group.addTask {
                        try await Self.runOnThread {
                            try Self.killChild(binary: binary, path: "\(directory)/run-\(plan.run).jsonl", run: plan.run,
                                               seed: plan.childSeed, bufferLimit: plan.bufferLimit, killAt: plan.killAt)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }

        var longestLoss = Duration.zero
        var cutMidLineCount = 0
        for outcome in outcomes.sorted(by: { $0.run < $1.run }) {
            let label = "run \(outcome.run) (buffer \(outcome.bufferLimit) bytes, killed after \(outcome.reports.count) inputs)"
            #expect(outcome.reason == .uncaughtSignal && outcome.status == SIGKILL, "\(label): not killed")
            try #require(!outcome.reports.isEmpty, "\(label): the child said nothing before it died")

            // What the file holds, read as a replay reads it.
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: outcome.path)))
            var reader = TraceLineReader(bytes: bytes, maximumLineBytes: 16 << 20)
            var decoder = TraceDecoder()
            var times: [Duration] = []
            var lastNumber = 0
            var failed: (line: Int, error: TraceError)?
            while let line = try reader.next() {
                guard let text = line.text else {
                    Issue.record("\(label): line too long"); break
                }
                let number = line.number
                lastNumber = number
                do throws(TraceError) {
                    if case .input(let input) = try decoder.decode(text, lineNumber: number) { times.append(input.time) }
                } catch {
                    if failed == nil { failed = (number, error) }
                }
            }
            // Only a last line the file ends inside of may fail to read: the part of a line.
            let cutMidLine = failed != nil
            if cutMidLine { cutMidLineCount += 1 }
            if let failed {
                #expect(failed.line == lastNumber && reader.lastLineIsUnterminated,
                        "\(label): the file is corrupt, not cut short: \(failed.error)")
            }
            #expect(decoder.header?.session == "killed-\(outcome.seed)", "\(label): no header")
            #expect(decoder.end == nil, "\(label): an end line, from a child that was killed")

            // The lines are the child's inputs, in order, with their times: a prefix of what
            // it said, and at most the one input it recorded but did not live to say.
            #expect(times.count <= outcome.reports.count + 1, "\(label): more lines than inputs")
            for (time, report) in zip(times, outcome.reports) where time != report.time {
                Issue.record("\(label): input \(report.index) is at \(time) in the file, at \(report.time) in the child")
                break
            }
            // The child died after its last report: every input at least a second before that
            // one was recorded more than a second before the kill, and must be in the file.
            let lastSaid = outcome.reports[outcome.reports.count - 1].time
            let required = outcome.reports.filter { $0.time <= lastSaid - .seconds(1) }.count
            #expect(times.count >= required,
                    "\(label): \(times.count) inputs in the file, but \(required) were recorded over a second before the kill")
            let lastWritten = times.last ?? .zero
            longestLoss = max(longestLoss, lastSaid - lastWritten)

            // And the command line's verdict: replayed to where it stops, cut short, exit 0.
            let replay = await impressions("replay", outcome.path, "--policy", "default")
            #expect(replay.status == 0, "\(label): replay failed: \(replay.error)")
            #expect(replay.error.contains(cutMidLine ? "is cut off mid-line: the session was cut short"
                                                     : "no end line: the session was cut short"),
                    "\(label): \(replay.error)")
        }
        print("kill: \(outcomes.count) recordings killed, \(cutMidLineCount) cut mid-line; the most a file lacked: "
            + "\(longestLoss) from the last line written to the last input the child said (a kill follows it)")
    }

    /// Starts the child, reads what it says until it has passed `killAt` of its time, sends
    /// it `SIGKILL` after a further pause of up to 20 ms, and reads what it said before it
    /// died.
    static func killChild(binary: URL, path: String, run: Int, seed: UInt64, bufferLimit: Int,
                          killAt: Duration) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = [path, "\(seed)", "\(bufferLimit)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var said = ""
        var reports: [Report] = []
        func readReports(_ data: Data) {
            said += String(decoding: data, as: UTF8.self)
            while let newline = said.firstIndex(of: "\n") {
                let fields = said[..<newline].split(separator: " ")
                if fields.count == 2, let index = Int(fields[0]), let nanoseconds = Int64(fields[1]) {
                    reports.append(Report(index: index, time: .nanoseconds(nanoseconds)))
                }
                said.removeSubrange(...newline)
            }
        }
        while reports.last.map({ $0.time < killAt }) ?? true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }   // the child ended by itself
            readReports(data)
        }
        usleep(useconds_t(seed % 20_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        readReports(output.fileHandleForReading.readDataToEndOfFile())
        return Outcome(run: run, seed: seed, bufferLimit: bufferLimit, reports: reports, status: process.terminationStatus,
                       reason: process.terminationReason, path: path)
    }

    /// Runs `body` on a thread of its own: it blocks on a pipe, which a task of the
    /// cooperative pool must not.
    static func runOnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// The child's executable, beside the test bundle in the build's products.
    static func childBinary() throws -> URL {
        let bundles = Bundle.allBundles.map(\.bundleURL) + [Bundle.main.bundleURL]
        for directory in bundles.map({ $0.pathExtension == "xctest" ? $0.deletingLastPathComponent() : $0 }) {
            let candidate = directory.appendingPathComponent("KilledRecorder")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ChildMissing(searched: bundles.map(\.path))
    }

    struct ChildMissing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "no KilledRecorder executable beside \(searched): build it with `swift build --build-tests`" }
    }
}
