import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking
extension Trace {
    /// The timeline of this trace replayed under `policy`, as an SVG picture (see
    /// ``TimelineRecorder/svg(title:maximumRows:)``): what `simulate --timeline` draws.
    /// Inputs the engine refuses are skipped; an empty string if the replay cannot start.
    package func timelineSVG(policy: NamedPolicy, title: String, maximumRows: Int = 40) -> String {
        guard var replayer = try? TraceReplayer(policies: [policy], sampleInterval: header.sampleInterval,
                                                recordsTimeline: true) else { return "" }
        // Skipping what the engine refuses, it throws nothing.
        try? replayer.replay(self, skippingRefused: true)
        return replayer.timeline?.svg(title: title, maximumRows: maximumRows) ?? ""
    }
}
