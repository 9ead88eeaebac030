import Foundation
import ImpressionSimulation
@testable import ImpressionsCommandLine
import ImpressionTracking
import Testing

/// `TraceRemeasurer`, the library's API for re-measuring traces: the report and rows it
/// gives equal `impressions simulate --traces` over the same traces; `Trace` values,
/// their files' bytes and chunks of those bytes give the same rows; a bad trace among good
/// ones is named with its line and spoils nothing after it.
@Suite("Re-measuring traces in process", .timeLimit(.minutes(5)), .onThreadsOfItsOwn)
struct TraceRemeasurerTests {
    /// The simulated run whose sessions are the traces.
    static let run = ["simulate", "--sessions", "10", "--sections", "300", "--seconds", "25", "--seed", "9"]
    /// The definitions re-measured under, one of them not a preset.
    static let policyArguments = ["--policy", "default", "--policy", "abema",
                                  "--policy", "ratio=0.3,duration=500ms,recurrence=once-per-visit,name=loose"]

    /// The policies `policyArguments` name, as the command reads them.
    static func policies() throws -> [NamedPolicy] {
        try SimulateOptions.parse(["--traces", "unused"] + policyArguments).effectivePolicies
    }

    /// A directory of the run's traces, written by the command, and their paths in name order.
    static func traces() async throws -> (directory: String, paths: [String]) {
        let directory = try temporaryDirectory() + "/traces"
        let written = await impressions(arguments: run + ["--trace-out", directory])
        #expect(written.status == 0, "\(written.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }.sorted()
        return (directory, names.map { directory + "/" + $0 })
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("the report, its JSON and per-section CSV, and the rows equal the command's over the same traces")
    func sameReportAndRowsAsTheCommand() async throws {
        let (directory, paths) = try await Self.traces()
        let rowsPath = directory + "/../rows.jsonl", sectionsPath = directory + "/../sections.csv"
        let command = await impressions(arguments: ["simulate", "--traces", directory, "--signals", "--json",
                                                    "--impressions-out", rowsPath, "--sections-out", sectionsPath]
                                        + Self.policyArguments)
        #expect(command.status == 0, "\(command.error)")
        let table = await impressions(arguments: ["simulate", "--traces", directory, "--signals"] + Self.policyArguments)

        var remeasurer = try TraceRemeasurer(policies: try Self.policies(), measuresExposureSignals: true)
        var lines = ""
        for path in paths {
            for row in try remeasurer.remeasure(bytes: try Self.bytes(path), name: path) {
                lines += ImpressionRow.Format.jsonLines.line(row, signals: true)
            }
        }
        let report = remeasurer.report()
        #expect(report.json() == command.output)
        #expect(report.table() == table.output)
        #expect(report.sectionsCSV() == (try String(contentsOfFile: sectionsPath, encoding: .utf8)))
        let written = try String(contentsOfFile: rowsPath, encoding: .utf8)
        #expect(lines == written)
        #expect(written.split(separator: "\n").count > 100)
    }

    @Test("rows from Trace values equal rows from their files' bytes and from chunks of those bytes")
    func traceValuesBytesAndChunksAgree() async throws {
        let (_, paths) = try await Self.traces()
        let configuration = try SimulateOptions.parse(Array(Self.run.dropFirst())).configuration
        let simulation = try Simulation(configuration: configuration)
        let policies = try Self.policies()
        var fromValues = try TraceRemeasurer(policies: policies)
        var fromBytes = try TraceRemeasurer(policies: policies)
        var fromChunks = try TraceRemeasurer(policies: policies)
        var total = 0
        for (index, path) in paths.enumerated() {
            let trace = simulation.runner.trace(of: simulation.session(at: index), name: simulation.sessionName(at: index))
            let bytes = try Self.bytes(path)
            let rows = try fromValues.remeasure(trace, name: path)
            #expect(rows == (try fromBytes.remeasure(bytes: bytes, name: path)), "\(path)")
            // Chunks of a size that cuts lines anywhere.
            let chunks = stride(from: 0, to: bytes.count, by: 777).map { Array(bytes[$0..<min(bytes.count, $0 + 777)]) }
            let stream = AsyncStream<[UInt8]> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }
            #expect(rows == (try await fromChunks.remeasure(chunks: stream, name: path)), "\(path)")
            #expect(rows.allSatisfy { $0.session == simulation.sessionName(at: index) })
            total += rows.count
        }
        #expect(total > 100)
        #expect(fromValues.report().json() == fromBytes.report().json())
        #expect(fromValues.report().json() == fromChunks.report().json())
    }

    @Test("a bad trace among good ones throws naming it and its line, is listed as left out, and the traces after it count")
    func badTraceAmongGoodOnes() async throws {
        let (_, paths) = try await Self.traces()
        let policies = try Self.policies()
        var clean = try TraceRemeasurer(policies: policies)
        for path in paths { try clean.remeasure(bytes: try Self.bytes(path), name: path) }

        var remeasurer = try TraceRemeasurer(policies: policies)
        var after: [ImpressionRow] = []
        var expectedAfter: [ImpressionRow] = []
        var reference = try TraceRemeasurer(policies: policies)
        for (index, path) in paths.enumerated() {
            var bytes = try Self.bytes(path)
            if index == 3 {
                // Line 4 broken: its JSON cut off.
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
                lines[3] = Array(#"{"t":"oops""#.utf8)
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
                #expect(throws: BadTraceError.self) { try remeasurer.remeasure(bytes: bytes, name: "upload-3") }
                do throws(BadTraceError) {
                    try remeasurer.remeasure(bytes: bytes, name: "upload-3")
                } catch {
                    #expect(error.trace == "upload-3" && error.line == 4, "\(error)")
                    #expect("\(error)".hasPrefix("upload-3: line 4: "), "\(error)")
                }
                continue
            }
            let rows = try remeasurer.remeasure(bytes: bytes, name: path)
            let referenceRows = try reference.remeasure(bytes: bytes, name: path)
            if index > 3 { (after, expectedAfter) = (after + rows, expectedAfter + referenceRows) }
        }
        #expect(!after.isEmpty && after == expectedAfter)
        let report = remeasurer.report(), json = report.json()
        // The others counted, as a re-measurer that never saw the bad trace counts them;
        // the bad trace (given twice) is listed as left out with its line.
        #expect(report.configuration.sessionCount == paths.count - 1)
        #expect(report.policies == reference.report().policies)
        #expect(report.policies != clean.report().policies)
        #expect(json.contains("upload-3: line 4") || json.contains("\"upload-3\""), "\(json)")
        #expect(!reference.report().json().contains("upload-3"))
    }

    @Test("an empty trace, another interval and too many bytes are bad traces named with what is wrong")
    func wholeTraceProblems() async throws {
        let (_, paths) = try await Self.traces()
        var remeasurer = try TraceRemeasurer(policies: try Self.policies(), sampleInterval: .milliseconds(50))
        let bytes = try Self.bytes(paths[0])
        do throws(BadTraceError) {
            try remeasurer.remeasure(bytes: bytes, name: "other-interval")
            Issue.record("a trace of another interval counted")
        } catch {
            #expect(error.trace == "other-interval" && error.line == 1 && error.problem.contains("100 ms"), "\(error)")
        }
        do throws(BadTraceError) {
            try remeasurer.remeasure(bytes: [], name: "empty")
            Issue.record("an empty trace counted")
        } catch {
            #expect(error == BadTraceError(trace: "empty", line: 0, problem: "the trace is empty: expected the header line"))
        }
        let stream = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(repeating: UInt8(ascii: " "), count: 600))
            continuation.yield(Array(repeating: UInt8(ascii: " "), count: 600))
            continuation.finish()
        }
        await #expect(throws: BadTraceError(trace: "huge", line: 0, problem: "the trace is longer than 1,000 bytes")) {
            try await remeasurer.remeasure(chunks: stream, name: "huge", maximumBytes: 1000)
        }
        #expect(remeasurer.report().configuration.sessionCount == 0)
    }
}
