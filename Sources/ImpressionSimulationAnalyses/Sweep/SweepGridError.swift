import ImpressionSimulationFormats

/// Why a ``SweepGrid`` cannot be made: a code to match on and a message naming the value.
///
/// A struct around an opaque ``Code``, not an enum, so a new problem is not a breaking
/// change for callers that switch over it.
package struct SweepGridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    package struct Code: Hashable, Sendable {
        private let rawValue: Int
        /// No ratio or no duration.
        package static let empty = Code(rawValue: 0)
        /// A ratio outside (0, 1] or not finite.
        package static let ratioOutOfRange = Code(rawValue: 1)
        /// A duration below zero or above the cap.
        package static let durationOutOfRange = Code(rawValue: 2)
        /// A value given twice.
        package static let duplicate = Code(rawValue: 3)
        /// More definitions than ``SweepGrid/maximumDefinitions``.
        package static let tooLarge = Code(rawValue: 4)
        /// A range whose step is not positive, or whose end is before its start.
        package static let badRange = Code(rawValue: 5)
    }

    /// What kind of problem it is.
    package let code: Code
    /// A one-line message naming the value, e.g. `ratio 1.5 is outside (0, 1]`.
    package let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    package var description: String { message }

    static func empty(_ what: String) -> SweepGridError { SweepGridError(.empty, "the grid needs at least one \(what)") }
    static func ratioOutOfRange(_ ratio: Double) -> SweepGridError {
        SweepGridError(.ratioOutOfRange, "ratio \(ratio) is outside (0, 1] (0%...100%, 0 excluded)")
    }
    static func durationOutOfRange(_ duration: Duration) -> SweepGridError {
        SweepGridError(.durationOutOfRange, "duration \(NumberFormatting.seconds(duration)) is outside 0...\(Int(SweepGrid.maximumDuration.inSeconds)) s")
    }
    static func duplicate(_ what: String) -> SweepGridError { SweepGridError(.duplicate, "\(what) is given twice") }
    static func tooLarge(_ count: Int) -> SweepGridError {
        SweepGridError(.tooLarge, "the grid has \(count) definitions, at most \(SweepGrid.maximumDefinitions) are allowed")
    }
    static func badRange(_ message: String) -> SweepGridError { SweepGridError(.badRange, message) }
}
