import ImpressionSimulationCore
import ImpressionSimulationFormats

// The traces a run read, as the table and the page of a simulation both end with them.
extension RecordedSessions {
    /// What a run read besides the sessions it counted, as the tables end with it: the
    /// traces cut short, read past gaps, left out and left out as copies, the files
    /// skipped and the paths named twice, the first 20 of each by name.
    package func lines() -> [String] {
        var lines: [String] = []
        func list(_ heading: String, _ names: [String]) {
            guard !names.isEmpty else { return }
            lines.append("")
            lines.append("\(heading) (\(NumberFormatting.integer(names.count))):")
            for name in names.prefix(20) { lines.append("  " + name) }
            if names.count > 20 { lines.append("  ... and \(NumberFormatting.integer(names.count - 20)) more (--json lists every one)") }
        }
        list("cut short, counted to where they stop", cutShort.map { "\($0.trace): \($0.reason)" })
        list("read on past gaps (--keep-going): counted, no longer exactly", readPastGaps.map { "\($0.trace): \($0.reason)" })
        list("left out (--keep-going)", leftOut.map { "\($0.trace): \($0.reason)" })
        list("left out as copies of a session counted", duplicates.map { "\($0.trace): a copy of \($0.copyOf)" })
        list("skipped, not traces (*.jsonl)", skippedFiles)
        if skippedFiles.contains(where: { $0.hasSuffix(".gz") }) {
            lines.append("  (compressed traces are read from standard input: zcat DIR/*.gz | impressions simulate --traces -)")
        }
        list("named more than once, read once", repeatedPaths)
        return lines
    }
}
