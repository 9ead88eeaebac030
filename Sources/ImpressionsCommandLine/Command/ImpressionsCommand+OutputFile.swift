import ImpressionSimulation

extension ImpressionsCommand {
    /// Every report's way out: its page written to `reportPath` when one was asked for
    /// (`--report`), then the report printed, as JSON with `json` or as its table; with
    /// `printing` false (a shard's run prints its shard instead), the page alone.
    /// `false`, with nothing printed, after saying why the page could not be written.
    static func deliver(_ report: some RenderedReport, json: Bool, reportPath: String?, command: String?,
                        subcommand: String, printing: Bool = true, io: some CommandIO) -> Bool {
        guard writeOutputFile(report.html(title: nil, command: command), to: reportPath, subcommand: subcommand, io: io)
        else { return false }
        if printing { io.writeOutput(json ? report.json() : report.table()) }
        return true
    }

    /// The `--impressions-out` file at `path`, made before the run starts so that a path
    /// that cannot be written fails first: `.some(nil)` when none was asked for, `nil`
    /// after saying on standard error, as `impressions <subcommand>`, why it cannot be.
    static func openRowsFile(_ path: String?, signals: Bool, policies: [NamedPolicy], subcommand: String,
                             io: some CommandIO) -> ImpressionRowsFile?? {
        do throws(FileAccessError) {
            return .some(try ImpressionRowsFile.open(path, signals: signals, policies: policies))
        } catch {
            io.writeError("impressions \(subcommand): --impressions-out: \(error)\n")
            return nil
        }
    }

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
