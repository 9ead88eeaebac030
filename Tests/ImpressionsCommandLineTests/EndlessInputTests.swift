import Foundation
@testable import ImpressionsCommandLine
import Testing

@Suite("Reading traces never hangs: an endless line stops the replay at the limit")
struct EndlessInputTests {
    @Test("replay - on a pipe whose one line never ends fails at the limit, without waiting for the rest",
          .timeLimit(.minutes(45)))   // catches hangs only: past a whole TSan run (17 min on a loaded 2-core machine)
    func endlessPipe() async throws {
        try await Self.endlessPipe(subcommand: "replay")
    }

    @Test("fit reads the same way: an endless line on standard input fails at the limit",
          .timeLimit(.minutes(45)))   // catches hangs only: past a whole TSan run (17 min on a loaded 2-core machine)
    func endlessPipeFit() async throws {
        try await Self.endlessPipe(subcommand: "fit")
    }

    static func endlessPipe(subcommand: String) async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        // 48 KiB without a newline, under the pipe's capacity, and the writing end left
        // open: a reader that waited for the end of the line would block here for ever.
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 48 << 10)
        try #require(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        let io = CapturedIO(input: ends[0])
        let status = await ImpressionsCommand.run(arguments: [subcommand, "-", "--max-line-bytes", "1000"], io: io)
        #expect(status == 1)
        #expect(io.standardOutput.isEmpty)
        #expect(io.standardError == "impressions \(subcommand): standard input: line 1: "
            + "the line is longer than the limit of 1000 bytes (--max-line-bytes)\n")
    }

    @Test("--keep-going skips a line past the limit to its newline and replays the rest")
    func keepGoingSkipsToNewline() async throws {
        let long = String(repeating: "x", count: 200_000)
        let lines = [TraceErrorTests.header, long, TraceErrorTests.layout, TraceErrorTests.viewport, #"{"t":2000,"type":"end"}"#]
        let result = try await TraceErrorTests.replay(lines, "--max-line-bytes", "1000", "--keep-going")
        #expect(result.status == 0)
        #expect(result.error.contains("skipped 1 bad line (--keep-going):\n  line 2: the line is longer than the limit"))
        #expect(result.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
    }
}
