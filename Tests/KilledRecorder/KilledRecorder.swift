import Foundation
import ImpressionTracking

/// A child process for the tests that kill a recording (`TraceFileSinkKillTests`): it
/// records an endless session of real time, through a ``TraceFileSink``, until it is
/// killed.
///
///     KilledRecorder FILE SEED BUFFER-BYTES
///
/// Every few milliseconds it applies an input to an engine at the time elapsed since it
/// started (a viewport mostly; now and then the app moves to the background and back,
/// or a new layout), and then says so on standard output, one line per input:
/// `INDEX NANOSECONDS`, the input's number from 1 and its time, the time its trace line
/// has. What it said before it died is what the test holds the file to. It stops by
/// itself after a minute, finishing the recording, so that a test that fails to kill it
/// leaves nothing running.
@main
struct KilledRecorder {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let seed = UInt64(arguments[2]), let bufferLimit = Int(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: KilledRecorder FILE SEED BUFFER-BYTES\n".utf8))
            exit(2)
        }
        var random = SplitMix(seed: seed)
        let clock = ContinuousClock()
        let origin = clock.now
        let recorder = TraceRecorder(session: "killed-\(seed)", source: "killed-recorder")
        let sink = try TraceFileSink(path: arguments[1], bufferLimit: bufferLimit, clock: clock)
        let writer = Task.detached(priority: .utility) { try await sink.record(recorder) }
        var engine = try ImpressionEngine<String>(recorder: recorder)
        let screen = Rect(x: 0, y: 0, width: 390, height: 844)
        var index = 0
        var isInBackground = false
        while origin.duration(to: clock.now) < .seconds(60) {
            // The real clock, on purpose: the sink's writes on time are what the test kills
            // this process to check, against the times it prints.
            try await clock.sleep(for: .milliseconds(Int(random.next() % 15) + 1))
            let elapsed = origin.duration(to: clock.now)
            // Whole nanoseconds: the trace writes times exactly to the nanosecond.
            let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            _ = engine.advance(to: .nanoseconds(nanoseconds))
            let roll = random.next() % 100
            if isInBackground || roll < 2 {
                isInBackground ? engine.enterForeground() : engine.enterBackground()
                isInBackground.toggle()
            } else if roll < 5 {
                let count = Int(random.next() % 200) + 1
                try engine.setLayout((0..<count).map {
                    TrackedSection(id: "section-\($0)", cells: [Rect(x: 0, y: Double($0) * 300, width: 390, height: 290)])
                })
            } else {
                try engine.setViewport(screen.offsetBy(dx: 0, dy: Double(random.next() % 60_000)))
            }
            index += 1
            FileHandle.standardOutput.write(Data("\(index) \(nanoseconds)\n".utf8))
        }
        recorder.finish(at: engine.time)
        try await writer.value
    }
}

/// SplitMix64: the seed's sequence, the same on every platform.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
