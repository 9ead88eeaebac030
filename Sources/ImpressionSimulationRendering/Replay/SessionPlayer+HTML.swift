import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SessionPlayer {
    /// The page: the session data and the player, self-contained.
    package func html(title: String) -> String {
        var writer = JSONWriter(compact: true)
        writer.beginObject()
        writer.key("format"); writer.string("impressions-player")
        writer.key("version"); writer.integer(1)
        writer.key("title"); writer.string(title)
        writer.key("sampleIntervalMs"); writer.raw(TraceEncoder.milliseconds(sampleInterval))
        writer.key("sampleCount"); writer.integer(frames.count)
        writer.key("policies")
        writer.array(policies) { writer, policy in
            writer.object { writer in
                writer.key("name"); writer.string(policy.name)
                writer.key("rule"); writer.string(NumberFormatting.rule(policy.policy))
            }
        }
        // Layouts and frames were written when recorded; a frame a line keeps the page readable.
        writer.key("layouts"); writer.raw("[" + layouts.joined(separator: ",") + "]")
        writer.key("frames"); writer.raw("[\n" + frames.joined(separator: ",\n") + "\n]")
        writer.endObject()
        return SessionPlayerPage.html(title: title, sessionJSON: writer.text)
    }
}
