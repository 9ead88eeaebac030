import ImpressionSimulation
import ImpressionTracking

/// A small line limit, so that the fuzzer explores the checks rather than long lines;
/// the time limit is the default, which is what real claims files are read with.
private let limits = TraceLimits(maximumLineBytes: 4096)

/// The audits a claims file is read for: one trace or any (no names checked), one named
/// trace (claims may leave out `trace`), two (each claim names its trace).
private let traceNameSets: [Set<String>?] = [nil, ["t1"], ["t1", "t2"]]

/// libFuzzer's entry point: one claims file per input (what `impressions audit
/// --claimed` reads), read line by line as the audit reads it with `--keep-going`, once
/// per set of trace names. The claims accepted are written back as lines and read by a
/// new decoder: every line must be accepted again, as the same claim.
///
/// The writer is ``claimLine(_:)`` below, not the command line's: the lines `impressions
/// replay` prints (`ImpressionsCommand.impressionLines`) are claims with every field but
/// `trace`, written from the engine's impressions, so they cannot say a claim without a
/// ratio, visit or policy, or one naming its trace. ``claimLine(_:)`` writes the same
/// keys, in the same order, with the same number formats, each only when the claim has it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClaims(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    for traceNames in traceNameSets {
        var decoder = ClaimDecoder(limits: limits, traceNames: traceNames)
        var claims: [ClaimedImpression] = []
        for (index, line) in lines.enumerated() {
            do throws(TraceError) {
                if let claim = try decoder.decode(line, lineNumber: index + 1) { claims.append(claim) }
            } catch {
                // A clear error is a correct answer: the line is skipped, as --keep-going does.
                require(error.line == index + 1 && !error.message.isEmpty, "an error without its line: \(error)")
            }
        }
        checkRoundTrip(claims, traceNames: traceNames)
    }
    return 0
}

/// Traps unless `claims`, written one a line, read back as themselves, in order.
private func checkRoundTrip(_ claims: [ClaimedImpression], traceNames: Set<String>?) {
    var decoder = ClaimDecoder(limits: limits, traceNames: traceNames)
    for (index, claim) in claims.enumerated() {
        require(claim.time >= .zero && claim.lineNumber >= 1, "a claim accepted with time \(claim.time), line \(claim.lineNumber)")
        let line = claimLine(claim)
        let again: ClaimedImpression?
        do throws(TraceError) {
            again = try decoder.decode(Array(line.utf8), lineNumber: index + 1)
        } catch {
            fatalError("the claim of line \(claim.lineNumber), written as \(line), is refused: \(error)")
        }
        var expected = claim
        expected.lineNumber = index + 1
        require(again == expected, "the claim of line \(claim.lineNumber), \(claim), written as \(line), "
            + "reads back as \(again.map { "\($0)" } ?? "a blank line")")
    }
}

/// A claim as a line of a claims file, in the shape of replay's lines (`{"policy",
/// "section", "timeMs", "ratio", "seenMs", "visit"}`, less `seenMs`, which the audit
/// ignores), with `trace` last.
private func claimLine(_ claim: ClaimedImpression) -> String {
    var members: [String] = []
    if let policy = claim.policyName { members.append("\"policy\":\(JSONText.quoted(policy))") }
    members.append("\"section\":\(JSONText.quoted(claim.sectionID))")
    members.append("\"timeMs\":\(TraceEncoder.milliseconds(claim.time))")
    if let ratio = claim.visibleRatio { members.append("\"ratio\":\(TraceEncoder.number(ratio))") }
    if let visit = claim.visit { members.append("\"visit\":\(visit)") }
    if let trace = claim.traceName { members.append("\"trace\":\(JSONText.quoted(trace))") }
    return "{" + members.joined(separator: ",") + "}"
}

/// Traps with `message` unless `condition`: `fatalError` prints its message in an
/// optimized build, where `precondition` stops silently, and libFuzzer's report should
/// say what differed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}
