import Foundation
import ImpressionTracking

/// A scripted scroll session through a feed, on virtual time: prints each impression
/// with its time, as `for await impression in tracker.impressions()` receives it.
///
/// `swift run scroll-demo` runs it on built-in defaults (ZOZO's rule: 50 % of a module's
/// height for 1 s, sampled every 100 ms). `swift run scroll-demo --record FILE` also
/// records the session with a `TraceRecorder`, as an app records its own, writes the
/// trace to FILE through a `TraceFileSink`, and prints the command that plays it back in
/// a browser: the whole loop of recording, replaying and looking. `--impressions-out FILE`
/// (`.jsonl` or `.csv`) writes the impressions it published as the rows an app uploads
/// (`ImpressionRow`): they join, id for id, the rows `impressions replay --impressions-out`
/// writes of the recorded trace.
@main
struct ScrollDemo {
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    static let usage = "usage: scroll-demo [--record FILE.jsonl] [--impressions-out FILE.jsonl|FILE.csv]"

    static func main() async throws {
        var tracePath: String?
        var rowsPath: String?
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--record" where !arguments.isEmpty:
                tracePath = arguments.popFirst()
            case "--impressions-out" where !arguments.isEmpty && ImpressionRow.Format(path: arguments.first!) != nil:
                rowsPath = arguments.popFirst()
            case "-h", "--help":
                print(usage)
                return
            default:
                FileHandle.standardError.write(Data("scroll-demo: unexpected argument '\(argument)'\n\(usage)\n".utf8))
                exit(2)
            }
        }
        let clock = ManualClock()
        let recorder = tracePath.map { _ in TraceRecorder(session: "scroll-demo", source: "swift run scroll-demo") }
        // The sink appends, so that an app may keep its sessions in one file; the demo's
        // file holds this run's session alone.
        if let tracePath { try? FileManager.default.removeItem(atPath: tracePath) }
        let sink = try tracePath.map { path throws(TraceFileError) in try TraceFileSink(path: path) }
        let tracker = try ImpressionTracker<String>(clock: clock, recorder: recorder)
        // A task of the app's own writes the recorder's lines to the file as they come, as an
        // app records: a session it does not live to finish still leaves its trace.
        let writer = Task.detached(priority: .utility) {
            if let recorder, let sink { try await sink.record(recorder) }
        }
        let feed = makeFeed()
        print("Feed: \(feed.count) modules, screen \(Int(screen.width))×\(Int(screen.height)) pt")
        print("Policy: \(tracker.policies[0]), sampled every \(seconds(tracker.sampleInterval)) s")
        print()

        // Any task can consume impressions; this one collects them until the stream ends.
        let subscription = await tracker.impressions()
        let collector = Task {
            var received: [Impression<String>] = []
            for await impression in subscription { received.append(impression) }
            return received
        }

        // The script: what the user does, on virtual time (no sleeping).
        var steps: [(time: Duration, text: String)] = []
        var offset = 0.0
        func step(_ text: String) { steps.append((clock.now.offset, text)) }
        func wait(_ duration: Duration) async {
            clock.advance(by: duration)
            await tracker.flush()
        }
        func scroll(by distance: Double, over duration: Duration) async throws {
            // 60 Hz frames, as a scroll view reports them.
            let frames = max(1, Int((duration / .milliseconds(16.667)).rounded()))
            for _ in 0..<frames {
                offset += distance / Double(frames)
                try await tracker.setViewport(screen.offsetBy(dx: 0, dy: offset))
                clock.advance(by: duration / frames)
            }
            await tracker.flush()
        }

        step("the feed appears at the top")
        try await tracker.setLayout(feed)
        try await tracker.setViewport(screen)
        await wait(.milliseconds(1500))
        step("a slow scroll down 600 pt, then reading")
        try await scroll(by: 600, over: .seconds(1))
        await wait(.seconds(2))
        step("a fast fling down 2,400 pt: what it passes is not seen long enough")
        try await scroll(by: 2400, over: .milliseconds(400))
        await wait(.milliseconds(1200))
        step("back to top: the first modules count again (on every entry)")
        offset = 0
        try await tracker.setViewport(screen)
        await wait(.milliseconds(1500))
        step("push a detail screen")
        await tracker.disappear()
        await wait(.seconds(3))
        step("pop back: a new visit")
        await tracker.appear()
        await wait(.milliseconds(1500))
        await tracker.finish()

        let impressions = await collector.value
        // Print the script and the impressions as one timeline.
        var stepIndex = 0
        for impression in impressions {
            while stepIndex < steps.count, steps[stepIndex].time <= impression.time {
                print("\(pad(seconds(steps[stepIndex].time), 6, left: true)) s  > \(steps[stepIndex].text)")
                stepIndex += 1
            }
            print("\(pad(seconds(impression.time), 6, left: true)) s    impression \(pad(impression.sectionID, 12))"
                + " ratio \(pad(String(format: impression.visibleRatio), 4, left: true))  visit \(impression.visit)")
        }
        for remaining in steps[stepIndex...] {
            print("\(pad(seconds(remaining.time), 6, left: true)) s  > \(remaining.text)")
        }
        print()
        print("\(impressions.count) impressions in \(seconds(clock.now.offset)) s of virtual time")

        if let rowsPath, let format = ImpressionRow.Format(path: rowsPath) {
            // The rows the app would upload: the backend keeps one per id.
            let rows = impressions.map { format.line(ImpressionRow($0, policyName: "default"), signals: false) }
            try Data((format.header(signals: false) + rows.joined()).utf8).write(to: URL(fileURLWithPath: rowsPath))
        }

        guard let tracePath else { return }
        // `finish()` wrote the `end` line and ended the recorder's lines: the sink wrote
        // the last of them and closed the file.
        try await writer.value
        let lineCount = try String(decoding: Data(contentsOf: URL(fileURLWithPath: tracePath)), as: UTF8.self)
            .split(separator: "\n").count
        print()
        print("recorded \(lineCount) lines to \(tracePath); replay them, and play the session back in a browser:")
        print("  swift run impressions replay \(tracePath) --player \(tracePath.hasSuffix(".jsonl") ? String(tracePath.dropLast(6)) : tracePath).html")
    }

    /// Modules stacked down the feed: banners, one-line and two-line modules.
    static func makeFeed() -> [TrackedSection<String>] {
        var sections: [TrackedSection<String>] = []
        var top = 0.0
        for index in 0..<20 {
            let kind = ["banner", "module", "two-line"][index % 3]
            let height = kind == "banner" ? 200.0 : kind == "module" ? 260.0 : 420.0
            let cellHeight = kind == "two-line" ? height / 2 : height
            let cells = stride(from: top, to: top + height, by: cellHeight).map {
                Rect(x: 0, y: $0, width: screen.width, height: cellHeight)
            }
            sections.append(TrackedSection(id: "\(kind)-\(index)", cells: cells))
            top += height + 8
        }
        return sections
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: value)
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}

extension String {
    /// Two decimals at most, without Foundation.
    init(format value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
