extension ImpressionsCommand {
    /// Writes `text` to `path` when one was asked for; `false` after saying on standard
    /// error, as `impressions <subcommand>`, why the file could not be written.
    static func writeOutputFile(_ text: @autoclosure () -> String, to path: String?, subcommand: String,
                                io: some CommandIO) -> Bool {
        guard let path else { return true }
        do throws(FileAccessError) {
            try FileAccess.write(text(), to: path)
            return true
        } catch {
            io.writeError("impressions \(subcommand): \(error)\n")
            return false
        }
    }
}
