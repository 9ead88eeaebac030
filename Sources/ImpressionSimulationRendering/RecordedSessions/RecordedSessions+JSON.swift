import ImpressionSimulationCore
import ImpressionSimulationFormats

// The traces a run read, as the JSON of a simulation and of a sweep both give them.
extension RecordedSessions {
    /// The traces read, as the reports' JSON gives them: `{"read", "sessionSeconds",
    /// "cutShort", "leftOut", "duplicates"}`, every trace by name, then `readPastGaps`,
    /// `skippedFiles` and `repeatedPaths` when any.
    package func write(to writer: inout JSONWriter) {
        func notes(_ key: String, _ notes: [Note], to writer: inout JSONWriter) {
            writer.key(key); writer.array(notes) { writer, entry in
                writer.object { writer in
                    writer.key("trace"); writer.string(entry.trace)
                    writer.key("reason"); writer.string(entry.reason)
                }
            }
        }
        writer.object { writer in
            writer.key("read"); writer.integer(traces)
            writer.key("sessionSeconds"); writer.number(sessionTime.inSeconds)
            notes("cutShort", cutShort, to: &writer)
            notes("leftOut", leftOut, to: &writer)
            writer.key("duplicates"); writer.array(duplicates) { writer, entry in
                writer.object { writer in
                    writer.key("trace"); writer.string(entry.trace)
                    writer.key("copyOf"); writer.string(entry.copyOf)
                }
            }
            // Only when there are any: most runs have none, and an empty list would say nothing.
            if !readPastGaps.isEmpty { notes("readPastGaps", readPastGaps, to: &writer) }
            if !skippedFiles.isEmpty { writer.key("skippedFiles"); writer.array(skippedFiles) { $0.string($1) } }
            if !repeatedPaths.isEmpty { writer.key("repeatedPaths"); writer.array(repeatedPaths) { $0.string($1) } }
        }
    }
}
