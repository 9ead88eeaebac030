@testable import ImpressionSimulation
import ImpressionTracking

/// Decodes a trace's text line by line, as `replay` does.
func decodeTrace(_ text: String, limits: TraceLimits = TraceLimits()) throws -> Trace {
    var decoder = TraceDecoder(limits: limits)
    var reader = TraceLineReader(bytes: Array(text.utf8), maximumLineBytes: limits.maximumLineBytes)
    var inputs: [TimedInput<String>] = []
    while let line = try reader.next() {
        guard let bytes = line.text else { throw TraceError(line: 0, "too long") }
        if case .input(let input) = try decoder.decode(bytes, lineNumber: line.number) { inputs.append(input) }
    }
    guard let header = decoder.header else { throw TraceError(line: 0, "no header") }
    return Trace(header: header, inputs: inputs, end: decoder.end)
}

/// What one engine under `policy` fires when given `inputs` directly, as a replay gives
/// them (inputs at zero come before the first sample), then advanced to `end`.
func directImpressions(of inputs: [TimedInput<String>], policy: ImpressionPolicy = .default,
                       until end: Duration) throws -> [Impression<String>] {
    var engine = try ImpressionEngine<String>(policy: policy)
    var fired: [Impression<String>] = []
    for input in inputs {
        if input.time > .zero { fired += engine.advance(to: input.time) }
        try engine.apply(input.input)
    }
    return fired + engine.advance(to: end)
}

/// Policies covering every measure, recurrence and the real-screen options.
let tracePolicies: [NamedPolicy] = NamedPolicy.defaults + [
    NamedPolicy(name: "sarah", policy: .sarahCell),
    NamedPolicy(name: "cookpad", policy: .cookpadShowContent),
    NamedPolicy(name: "hysteresis", policy: ImpressionPolicy(minimumVisibleRatio: 0.6, minimumDuration: .milliseconds(500),
                                                             measure: .area, exitVisibleRatio: 0.2)),
    NamedPolicy(name: "large", policy: ImpressionPolicy(minimumVisibleRatio: 0.8, exitVisibleRatio: nil,
                                                        largeSectionRule: .capToViewport)),
]

extension Impression where ID == Int {
    /// The same impression with the id as trace text.
    var withTextID: Impression<String> {
        Impression<String>(sectionID: String(sectionID), time: time, visibleRatio: visibleRatio,
                           visibleDuration: visibleDuration, visit: visit, policy: policy)
    }
}
