import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SweepReport {
    /// The sweep as JSON, keys in a fixed order (the same report, the same bytes):
    /// `measure`, `source`, `sessions`, `ratios`, `durationsSeconds`, then `cells` in
    /// cell order (row by row: durations, then ratios), each with `ratio`,
    /// `durationSeconds`, `measure`, `impressions`, `impressionsPerSession`,
    /// `sessionsWithImpressions` and `presets` (names), then `presets`, each with
    /// `name`, `fingerprint` (`ImpressionPolicy.fingerprint`), `rule`, `ratio`, `durationSeconds`, `measure`, `onGrid`, `cell` (index or
    /// null), `isCellPolicy`, `impressions`, `impressionsPerSession`,
    /// `sessionsWithImpressions`.
    package func json() -> String {
        var writer = JSONWriter()
        writer.beginObject()
            writer.key("measure"); writer.string(grid.measure.name)
            writer.key("source"); writer.string(source)
            writer.key("sessions"); writer.integer(sessions)
            writer.key("ratios")
            writer.beginArray()
                for ratio in grid.ratios { writer.element(); writer.number(ratio) }
            writer.endArray()
            writer.key("durationsSeconds")
            writer.beginArray()
                for duration in grid.durations { writer.element(); writer.number(duration.inSeconds) }
            writer.endArray()
            writer.key("cells")
            writer.beginArray()
                for cell in cells {
                    writer.element()
                    writer.beginObject()
                        writer.key("ratio"); writer.number(cell.ratio)
                        writer.key("durationSeconds"); writer.number(cell.duration.inSeconds)
                        writer.key("measure"); writer.string(cell.measure.name)
                        writer.key("impressions"); writer.integer(cell.impressions)
                        writer.key("impressionsPerSession"); writer.number(cell.impressionsPerSession)
                        writer.key("sessionsWithImpressions"); writer.integer(cell.sessionsWithImpressions)
                        writer.key("presets")
                        writer.beginArray()
                            for name in cell.presets { writer.element(); writer.string(name) }
                        writer.endArray()
                    writer.endObject()
                }
            writer.endArray()
            writer.key("presets")
            writer.beginArray()
                for preset in presets {
                    let policy = preset.policy.policy
                    writer.element()
                    writer.beginObject()
                        writer.key("name"); writer.string(preset.policy.name)
                        writer.key("fingerprint"); writer.string(policy.fingerprint)
                        writer.key("rule"); writer.string(NumberFormatting.rule(policy))
                        writer.key("ratio"); writer.number(policy.minimumVisibleRatio)
                        writer.key("durationSeconds"); writer.number(policy.minimumDuration.inSeconds)
                        writer.key("measure"); writer.string(policy.measure.name)
                        writer.key("onGrid"); writer.raw(preset.cell == nil ? "false" : "true")
                        writer.key("cell"); writer.raw(preset.cell.map(String.init) ?? "null")
                        writer.key("isCellPolicy"); writer.raw(preset.isCellPolicy ? "true" : "false")
                        writer.key("impressions"); writer.integer(preset.impressions)
                        writer.key("impressionsPerSession"); writer.number(preset.impressionsPerSession)
                        writer.key("sessionsWithImpressions"); writer.integer(preset.sessionsWithImpressions)
                    writer.endObject()
                }
            writer.endArray()
            if let recorded { writer.key("traces"); recorded.write(to: &writer) }
        writer.endObject()
        return writer.text + "\n"
    }
}
