import ImpressionSimulation
import ImpressionTracking

/// Small limits so that the fuzzer explores them rather than the memory of the machine.
private let limits = TraceLimits(maximumLineBytes: 4096, maximumSectionsPerLayout: 64,
                                 maximumContainersPerLayout: 16, maximumContainerDepth: 4)
private let policies = NamedPolicy.defaults

/// libFuzzer's entry point: one trace per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    var decoder = TraceDecoder(limits: limits)
    var replayer: TraceReplayer?
    var lineNumber = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        lineNumber += 1
        do {
            switch try decoder.decode(line, lineNumber: lineNumber) {
            case .header(let header):
                replayer = try TraceReplayer(policies: policies, sampleInterval: header.sampleInterval)
            case .input(let input):
                try replayer?.apply(input, lineNumber: lineNumber)
            case .end(let time):
                replayer?.advance(to: time)
            case .blank:
                break
            }
        } catch {
            // A clear error is a correct answer; the line is skipped, as --keep-going does.
            precondition(!"\(error)".isEmpty)
        }
    }
    return 0
}
