import ImpressionSimulationFormats
import ImpressionTracking

extension SessionRunner {
    /// `session` as a trace: exactly the inputs the runner gives its engines
    /// (``engineInputs(of:)``), each section named by its feed id (a feed file's `id`,
    /// else its position as decimal text), as the report's table and CSV name it; its
    /// header names `name` as its session (a ``Simulation/sessionName(at:)``), which the
    /// ids of its re-measured impressions hash.
    public func trace(of session: Session, source: String? = nil, name: String? = nil) -> Trace {
        let (inputs, end) = engineInputs(of: session)
        let sections = feed.sections
        return Trace(header: TraceHeader(sampleInterval: sampleInterval, session: name, source: source),
                     inputs: inputs.map { TimedInput(time: $0.time, input: $0.input.mapIDs { sections[$0].id }) },
                     end: end)
    }
}
