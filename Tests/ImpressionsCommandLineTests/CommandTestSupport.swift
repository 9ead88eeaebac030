import Foundation
import ImpressionsCommandLine
@testable import ImpressionTracking

/// Standard output and error captured in memory.
final class CapturedIO: CommandIO {
    private let output = Locked("")
    private let error = Locked("")
    let isErrorTerminal: Bool
    let inputDescriptor: Int32

    init(terminal: Bool = false, input: Int32 = 0) {
        isErrorTerminal = terminal
        inputDescriptor = input
    }

    func writeOutput(_ text: String) { output.withLock { $0 += text } }
    func writeError(_ text: String) { error.withLock { $0 += text } }
    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }
}

/// Runs `impressions` with `arguments` in process.
func impressions(_ arguments: String..., terminal: Bool = false) async -> (status: Int32, output: String, error: String) {
    let io = CapturedIO(terminal: terminal)
    let status = await ImpressionsCommand.run(arguments: arguments, io: io)
    return (status, io.standardOutput, io.standardError)
}

/// Runs `impressions` with an argument array in process.
func impressions(arguments: [String]) async -> (status: Int32, output: String, error: String) {
    let io = CapturedIO()
    let status = await ImpressionsCommand.run(arguments: arguments, io: io)
    return (status, io.standardOutput, io.standardError)
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("impressions-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `text` to a new file and returns its path.
func temporaryFile(_ text: String, name: String = "trace.jsonl") throws -> String {
    let path = try temporaryDirectory() + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}
