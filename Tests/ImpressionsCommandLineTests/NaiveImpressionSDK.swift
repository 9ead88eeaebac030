import ImpressionSimulation
import ImpressionTracking

/// A test fixture: an impression SDK written the way apps often write one, after
/// ImpressionKit's algorithm (half the section's height for a second, sampled every
/// 200 ms), for the manual's audit example.
///
/// It measures the screen right (it borrows the engine's geometry through `snapshot()`,
/// so that only its timing is its own), counts a section from the first sample at which
/// half of it shows, claims it once a second has passed since, and forgets it when it
/// shows less or leaves the layout. Its bugs are the common ones: it never asks whether the screen is showing
/// (another tab, a modal, the app in the background, a refresh), and it knows no visits,
/// so a section still on screen when the user comes back is never counted again.
enum NaiveImpressionSDK {
    /// Its sampling interval, ImpressionKit's.
    static let interval = Duration.milliseconds(200)

    /// The impressions it claims for the session in `trace`, as JSON Lines.
    static func claims(for trace: Trace) throws -> String {
        var screen = try ImpressionEngine<String>()   // never advanced: only its measurements are used
        var firstSeen: [String: Duration] = [:]
        var claimed: Set<String> = []
        var lines = ""
        var next = 0
        let end = trace.end ?? trace.inputs.last?.time ?? .zero
        var tick = Duration.zero
        while tick <= end {
            // What the screen shows at the tick: the inputs before it (and those at time zero).
            while next < trace.inputs.count, trace.inputs[next].time < tick || trace.inputs[next].time == .zero {
                try? screen.apply(trace.inputs[next].input)
                next += 1
            }
            let sections = screen.snapshot().sections
            // A section that left the layout (a cell scrolled out of a lazy list) is forgotten.
            let present = Set(sections.map(\.sectionID))
            firstSeen = firstSeen.filter { present.contains($0.key) }
            claimed = claimed.filter { present.contains($0) }
            for section in sections {
                let id = section.sectionID
                guard section.visibleRatio >= 0.5 else {
                    firstSeen[id] = nil
                    claimed.remove(id)
                    continue
                }
                let start = firstSeen[id] ?? tick
                firstSeen[id] = start
                if tick - start >= .seconds(1), !claimed.contains(id) {
                    claimed.insert(id)
                    lines += "{\"section\":\"\(id)\",\"timeMs\":\(TraceEncoder.milliseconds(tick))}\n"
                }
            }
            tick += interval
        }
        return lines
    }
}
