/// A simulation configuration that cannot run; the message names the value.
///
/// ```swift
/// do throws(SimulationError) {
///     let simulation = try Simulation(configuration: SimulationConfiguration(sessionCount: -1))
///     print(simulation.runSerially().table())
/// } catch {
///     print(error)   // sessionCount must be in 0...1000000, got -1
/// }
/// ```
public struct SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A one-line message, e.g. `sessionCount must be in 0...1000000, got -1`.
    public var message: String

    /// Creates an error with its message.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
