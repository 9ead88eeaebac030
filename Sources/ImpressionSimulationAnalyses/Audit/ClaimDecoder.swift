import ImpressionSimulationFormats
import ImpressionTracking

/// Reads a claims file one line at a time, checking each line and the lines before it:
/// JSON with a `section` (text or a whole number) and a finite `timeMs` in
/// `0...maximumTimeMilliseconds`, an optional `ratio` in 0...1, `visit` a whole number
/// `>= 1`, `policy` text and `trace` (text or a whole number) naming one of
/// ``traceNames``; times never going backwards within a trace; no line repeating an
/// earlier one. Blank lines are skipped.
///
/// Each trace has its own time (from its start), so a day's log of many sessions
/// interleaves them: order is checked per trace.
///
/// A bad line throws a ``TraceError`` with its number and leaves the decoder as it was,
/// so a caller may skip it and go on (`--keep-going`).
package struct ClaimDecoder: Sendable {
    /// Per trace named (`nil`: none), the latest time and the claims read at it, to find
    /// lines out of order and repeated lines.
    private var latest: [String?: (time: Duration, claims: [ClaimedImpression])] = [:]
    /// The traces a claim may name; with one, a claim that names none is that one's, with
    /// several, every claim names one. `nil`: any name, or none (a single trace's audit).
    package let traceNames: Set<String>?
    /// The largest time accepted, in milliseconds.
    package let maximumTimeMilliseconds: Double
    /// The longest line accepted, in bytes.
    package let maximumLineBytes: Int

    /// A decoder for a claims file of the traces named `traceNames` (`nil`: not checked).
    package init(limits: TraceLimits = TraceLimits(), traceNames: Set<String>? = nil) {
        self.traceNames = traceNames
        maximumTimeMilliseconds = limits.maximumTimeMilliseconds
        maximumLineBytes = limits.maximumLineBytes
    }

    /// Decodes line `number` (1-based), without its newline; `nil` for a blank line.
    ///
    /// - Throws: ``TraceError`` naming the line and the problem.
    package mutating func decode(_ bytes: some Collection<UInt8>, lineNumber number: Int) throws(TraceError) -> ClaimedImpression? {
        guard bytes.count <= maximumLineBytes else {
            throw TraceError.lineTooLong(line: number, limit: maximumLineBytes)
        }
        if TraceDecoder.isBlankLine(bytes) { return nil }
        let line = try TraceDecoder.decodeJSON(ClaimLine.self, bytes, lineNumber: number)
        var claim: ClaimedImpression
        do throws(TraceLineProblem) {
            claim = try line.claim(maximumTimeMilliseconds: maximumTimeMilliseconds)
        } catch {
            throw TraceError(line: number, error.message)
        }
        claim.lineNumber = number
        claim.traceName = try resolvedTrace(claim.traceName, lineNumber: number)
        var atLatest = latest[claim.traceName] ?? (claim.time, [])
        if claim.time < atLatest.time {
            throw TraceError(line: number, "claims must be in time order: \(TraceEncoder.milliseconds(claim.time)) ms "
                + "after \(TraceEncoder.milliseconds(atLatest.time)) ms"
                + (traceNames.map { $0.count > 1 } == true ? " of trace \(claim.traceName ?? "")" : ""))
        }
        if claim.time != atLatest.time { atLatest = (claim.time, []) }
        if let earlier = atLatest.claims.first(where: { $0.isSameClaim(as: claim) }) {
            throw TraceError(line: number, "the same claim as line \(earlier.lineNumber)")
        }
        atLatest.claims.append(claim)
        latest[claim.traceName] = atLatest
        return claim
    }

    /// The trace a claim is of: the one it names, checked against ``traceNames``, or the
    /// only one audited.
    private func resolvedTrace(_ name: String?, lineNumber number: Int) throws(TraceError) -> String? {
        guard let traceNames else { return name }
        if let name {
            guard traceNames.contains(name) else {
                throw TraceError(line: number, "trace \(JSONText.quoted(name)) is not among the \(traceNames.count) trace"
                    + "\(traceNames.count == 1 ? "" : "s") audited (a trace is named by its file name without the extension)")
            }
            return name
        }
        guard traceNames.count == 1, let only = traceNames.first else {
            throw TraceError(line: number, "missing field 'trace': with \(traceNames.count) traces audited, each claim names "
                + "its trace (the file name without the extension)")
        }
        return only
    }
}

/// One claims line as `JSONDecoder` reads it.
private struct ClaimLine: Decodable {
    var section: String
    var milliseconds: Double
    var ratio: Double?
    var visit: Int?
    var policy: String?
    var trace: String?

    private enum Key: String, CodingKey {
        case section, timeMs, ratio, visit, policy, trace
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        if let text = try? fields.decode(String.self, forKey: .section) {
            section = text
        } else if let number = try? fields.decode(Int64.self, forKey: .section) {
            section = String(number)
        } else if fields.contains(.section) {
            throw TraceLineProblem("field 'section' must be a string or a whole number")
        } else {
            throw TraceLineProblem("missing field 'section'")
        }
        milliseconds = try fields.decode(Double.self, forKey: .timeMs)
        ratio = try fields.decodeIfPresent(Double.self, forKey: .ratio)
        if let ratio, !(0...1).contains(ratio) {
            throw TraceLineProblem("field 'ratio' must be in 0...1, got \(TraceEncoder.number(ratio))")
        }
        if let number = try fields.decodeIfPresent(Double.self, forKey: .visit) {
            guard number >= 1, number <= Double(Int32.max), number == number.rounded() else {
                throw TraceLineProblem("field 'visit' must be a whole number >= 1, got \(TraceEncoder.number(number))")
            }
            visit = Int(number)
        }
        policy = try fields.decodeIfPresent(String.self, forKey: .policy)
        if let text = try? fields.decode(String.self, forKey: .trace) {
            trace = text
        } else if let number = try? fields.decode(Int64.self, forKey: .trace) {
            trace = String(number)
        } else if fields.contains(.trace), try !fields.decodeNil(forKey: .trace) {
            throw TraceLineProblem("field 'trace' must be a string or a whole number")
        }
    }

    /// The claim, its time checked against `maximum` milliseconds.
    func claim(maximumTimeMilliseconds maximum: Double) throws(TraceLineProblem) -> ClaimedImpression {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= maximum else {
            throw TraceLineProblem("field 'timeMs' must be in 0...\(TraceEncoder.number(maximum)) ms, got \(TraceEncoder.number(milliseconds))")
        }
        return ClaimedImpression(sectionID: section, time: .nanoseconds(Int64((milliseconds * 1_000_000).rounded())),
                                 visibleRatio: ratio, visit: visit, policyName: policy, traceName: trace)
    }
}
