import Foundation
import Testing
@testable import ImpressionTracking

/// The file sink's rules, on a `ManualClock`: what it writes when, how much it holds, and
/// how it fails. `TraceFileSinkKillTests` kills real processes that record through it.
@Suite struct TraceFileSinkTests {
    /// A path in a fresh directory of its own.
    static func freshPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("trace.jsonl").path
    }

    static func contents(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func line(_ input: EngineInput<String>, at milliseconds: Int) -> String {
        TraceEncoder.line(input, at: .milliseconds(milliseconds), text: { $0 })
    }

    @Test func theFirstLineIsWrittenAtOnceAndTheRestWhenASecondHasPassed() throws {
        let path = try Self.freshPath()
        let clock = ManualClock()
        let sink = try TraceFileSink(path: path, clock: clock)
        let header = TraceEncoder.line(TraceHeader(session: "s"))
        let first = Self.line(.viewport(Rect(x: 0, y: 0, width: 10, height: 10)), at: 0)
        let second = Self.line(.viewport(Rect(x: 0, y: 5, width: 10, height: 10)), at: 999)
        let third = Self.line(.viewport(Rect(x: 0, y: 9, width: 10, height: 10)), at: 1000)

        try sink.write(header)
        #expect(try Self.contents(path) == header + "\n")
        try sink.write(first)
        clock.advance(by: .milliseconds(999))
        try sink.write(second)
        #expect(try Self.contents(path) == header + "\n", "written before a second passed")
        #expect(sink.bufferedByteCount == first.utf8.count + second.utf8.count + 2)
        clock.advance(by: .milliseconds(1))
        try sink.write(third)
        #expect(try Self.contents(path) == [header, first, second, third].map { $0 + "\n" }.joined())
        #expect(sink.bufferedByteCount == 0)
    }

    @Test func theMoveToTheBackgroundIsWrittenAtOnceAndNoOtherLifecycleCallIs() throws {
        for call in LifecycleCall.allCases {
            let path = try Self.freshPath()
            let sink = try TraceFileSink(path: path, clock: ManualClock())
            let header = TraceEncoder.line(TraceHeader())
            let line = Self.line(.lifecycle(call), at: 40)
            try sink.write(header)
            try sink.write(line)
            let expected = header + "\n" + (call == .enterBackground ? line + "\n" : "")
            #expect(try Self.contents(path) == expected, "\(call)")
            let afterSample = TraceEncoder.line(EngineInput<String>.lifecycle(call), at: .zero, afterSample: true, text: { $0 })
            #expect(TraceFileSink.isBackgroundLine(afterSample) == (call == .enterBackground), "\(call) after sample 0")
        }
        // Free text that reads like the line's ending is quoted, so it never matches.
        let header = TraceEncoder.line(TraceHeader(source: #","type":"enterBackground"}"#))
        #expect(!TraceFileSink.isBackgroundLine(header))
        #expect(!TraceFileSink.isBackgroundLine(""))
    }

    @Test(arguments: [0, 1, 64, 300, 4096])
    func itNeverHoldsMoreThanItsLimitAndLosesNothing(bufferLimit: Int) throws {
        let path = try Self.freshPath()
        let clock = ManualClock()
        let sink = try TraceFileSink(path: path, bufferLimit: bufferLimit, clock: clock)
        var random = SplitMix64(seed: UInt64(bufferLimit) &+ 7)
        var expected = ""
        for index in 0..<400 {
            // Lines of 0 to 600 bytes, some longer than the buffer, and time now and then.
            let line = String(repeating: "x", count: Int(random.next() % 600)) + "\(index)"
            if random.next() % 10 == 0 { clock.advance(by: .milliseconds(Int(random.next() % 1500))) }
            try sink.write(line)
            expected += line + "\n"
            #expect(sink.bufferedByteCount <= bufferLimit)
            let written = try Self.contents(path)
            #expect(expected.hasPrefix(written) && written.utf8.count + sink.bufferedByteCount == expected.utf8.count)
        }
        try sink.close()
        #expect(try Self.contents(path) == expected)
    }

    // A broken timer leaves the test waiting for a sleeper that never comes; the limit is
    // past a whole run, as the timer's task may wait behind the run's long tests.
    @Test(.catchesHangs)
    func runWritesWhatWaitsEveryHalfSecondOfTheClock() async throws {
        let path = try Self.freshPath()
        let clock = ManualClock()
        let sink = try TraceFileSink(path: path, clock: clock)
        try sink.write("header")
        let timer = Task { try await sink.run() }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(200))
        try sink.write("a")
        #expect(try Self.contents(path) == "header\n")
        clock.advance(by: .milliseconds(300))
        // The timer wrote, then went back to sleep: awaited, not slept for.
        try await clock.waitForSleepers(count: 1)
        #expect(try Self.contents(path) == "header\na\n")
        try sink.write("b")
        clock.advance(by: .milliseconds(499))
        #expect(try Self.contents(path) == "header\na\n")
        clock.advance(by: .milliseconds(1))
        try await clock.waitForSleepers(count: 1)
        #expect(try Self.contents(path) == "header\na\nb\n")
        // A wake-up that comes late (the clock jumps 3.2 s) writes once, and the next is
        // half a second after it, not on the old grid.
        try sink.write("c")
        clock.advance(by: .milliseconds(3200))
        try await clock.waitForSleepers(count: 1)
        #expect(try Self.contents(path) == "header\na\nb\nc\n")
        try sink.write("d")
        clock.advance(by: .milliseconds(499))
        #expect(try Self.contents(path) == "header\na\nb\nc\n")
        clock.advance(by: .milliseconds(1))
        try await clock.waitForSleepers(count: 1)
        #expect(try Self.contents(path) == "header\na\nb\nc\nd\n")
        // Closed, it stops.
        try sink.close()
        clock.advance(by: .seconds(1))
        try await timer.value
    }

    @Test func recordWritesTheRecordersLinesAndClosesAfterTheEnd() async throws {
        let path = try Self.freshPath()
        let clock = ManualClock()
        let recorder = TraceRecorder(session: "s", source: "tests")
        let sink = try TraceFileSink(path: path, clock: clock)
        let writer = Task { try await sink.record(recorder) }
        var engine = try ImpressionEngine<String>(recorder: recorder)
        try engine.setLayout([TrackedSection(id: "a", cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 200))
        _ = engine.advance(to: .seconds(2))
        engine.enterBackground()
        _ = engine.advance(to: .seconds(3))
        recorder.finish(at: engine.time)
        try await writer.value

        var decoder = TraceDecoder()
        var inputs: [TimedInput<String>] = []
        for (index, line) in try Self.contents(path).split(separator: "\n").enumerated() {
            if case .input(let input) = try decoder.decode(line.utf8, lineNumber: index + 1) { inputs.append(input) }
        }
        #expect(decoder.header?.session == "s")
        #expect(inputs.map(\.time) == [.zero, .zero, .seconds(2)])
        #expect(decoder.end == .seconds(3))
        #expect(throws: TraceFileError.self) { try sink.write("late") }
    }

    @Test func aFileThatCannotBeOpenedIsNamed() throws {
        let path = try Self.freshPath() + "/missing/trace.jsonl"
        do {
            _ = try TraceFileSink(path: path)
            Issue.record("opened \(path)")
        } catch {
            #expect(error.code == .cannotOpen && error.path == path && error.systemError == ENOENT)
            #expect(error.description.hasPrefix("cannot open \(path): "), "\(error)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full: Linux's full disk"))
    func aFullDiskFailsTheSinkNamingThePath() throws {
        let sink = try TraceFileSink(path: "/dev/full", bufferLimit: 100, clock: ManualClock())
        var failure: TraceFileError?
        do { try sink.write("header") } catch { failure = error }
        let first = try #require(failure)
        #expect(first.code == .cannotWrite && first.systemError == ENOSPC)
        #expect(first.description.hasPrefix("cannot write /dev/full: "), "\(first)")
        // Failed for good: every later call throws the same error, and it holds nothing.
        #expect(throws: first) { try sink.write("next") }
        #expect(sink.bufferedByteCount == 0)
        #expect(throws: first) { try sink.close() }
        #expect(throws: first) { try sink.write("after close") }
    }

    @Test func closeWritesWhatWaitsAndLaterLinesAreRefused() throws {
        let path = try Self.freshPath()
        let sink = try TraceFileSink(path: path, clock: ManualClock())
        try sink.write("one")
        try sink.write("two")
        #expect(try Self.contents(path) == "one\n")
        try sink.close()
        try sink.close()
        #expect(try Self.contents(path) == "one\ntwo\n")
        #expect(throws: TraceFileError.closed(path: path)) { try sink.write("three") }
        #expect(throws: TraceFileError.closed(path: path)) { try sink.flush() }
        // It appends: a second sink on the same file writes after the first's lines.
        let again = try TraceFileSink(path: path, clock: ManualClock())
        try again.write("four")
        try again.close()
        #expect(try Self.contents(path) == "one\ntwo\nfour\n")
        // Released without a close, a sink writes what it held.
        do {
            let released = try TraceFileSink(path: path, clock: ManualClock())
            try released.write("five")
            try released.write("six")
        }
        #expect(try Self.contents(path) == "one\ntwo\nfour\nfive\nsix\n")
    }
}
