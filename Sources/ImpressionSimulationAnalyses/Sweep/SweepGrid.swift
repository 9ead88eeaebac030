import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

/// A grid of impression definitions of one measure: every minimum visible ratio with
/// every minimum duration, the rest of the policy at `ImpressionPolicy.default`'s
/// values. "How sensitive is my count to the definition?"
///
/// ```swift
/// let grid = try SweepGrid(measure: .area)      // 10%...100% x 0...3 s: 70 definitions
/// grid.policies[grid.index(ratio: 4, duration: 2)].name   // "area 50% 1s"
/// ```
///
/// Cells are numbered row by row: durations are the rows, ratios the columns, so cell
/// `duration * ratios.count + ratio` is the policy of `ratios[ratio]` and
/// `durations[duration]`.
package struct SweepGrid: Sendable, Hashable {
    /// The measure every definition uses.
    package let measure: ImpressionPolicy.Measure
    /// The minimum visible ratios, the columns, in the order given.
    package let ratios: [Double]
    /// The minimum durations, the rows, in the order given.
    package let durations: [Duration]

    /// The most definitions a grid may have: enough for any picture, and a bound on a
    /// run's memory (one engine lane per definition).
    package static let maximumDefinitions = 10_000
    /// The longest duration a definition may ask for, as `--policy duration=` allows.
    package static let maximumDuration: Duration = .seconds(3600)

    /// 10 %, 20 %, ..., 100 %.
    package static var defaultRatios: [Double] { (1...10).map { Double($0) / 10 } }
    /// 0 s, 0.5 s, ..., 3 s.
    package static var defaultDurations: [Duration] { (0...6).map { .milliseconds(500 * $0) } }

    /// A grid of `ratios` × `durations` under `measure`.
    ///
    /// - Throws: ``SweepGridError`` naming the first bad value: a ratio outside (0, 1], a
    ///   duration below 0 or above ``maximumDuration``, a value given twice, an empty
    ///   list, or more than ``maximumDefinitions`` definitions.
    package init(measure: ImpressionPolicy.Measure = .height, ratios: [Double] = SweepGrid.defaultRatios,
                 durations: [Duration] = SweepGrid.defaultDurations) throws(SweepGridError) {
        guard !ratios.isEmpty else { throw .empty("ratio") }
        guard !durations.isEmpty else { throw .empty("duration") }
        // Checked before anything is built from them, so a huge grid costs nothing.
        guard ratios.count <= Self.maximumDefinitions, durations.count <= Self.maximumDefinitions / ratios.count else {
            let (product, overflow) = ratios.count.multipliedReportingOverflow(by: durations.count)
            throw .tooLarge(overflow ? Int.max : product)
        }
        var seenRatios: Set<Double> = []
        for ratio in ratios {
            guard ratio.isFinite, ratio > 0, ratio <= 1 else { throw .ratioOutOfRange(ratio) }
            guard seenRatios.insert(ratio).inserted else { throw .duplicate("ratio \(NumberFormatting.percent(ratio))") }
        }
        var seenDurations: Set<Duration> = []
        for duration in durations {
            guard duration >= .zero, duration <= Self.maximumDuration else { throw .durationOutOfRange(duration) }
            guard seenDurations.insert(duration).inserted else {
                throw .duplicate("duration \(NumberFormatting.seconds(duration))")
            }
        }
        self.measure = measure
        self.ratios = ratios
        self.durations = durations
    }

    /// The number of definitions: `ratios.count * durations.count`.
    package var count: Int { ratios.count * durations.count }

    /// The cell of `ratios[ratio]` and `durations[duration]`.
    package func index(ratio: Int, duration: Int) -> Int { duration * ratios.count + ratio }

    /// The policy of one cell: the ratio, the duration and the measure, every other knob
    /// as in `ImpressionPolicy.default`.
    package func policy(ratio: Double, duration: Duration) -> ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: ratio, minimumDuration: duration, measure: measure)
    }

    /// Every cell's policy, in cell order, named like `height 50% 1s`.
    package var policies: [NamedPolicy] {
        durations.flatMap { duration in
            ratios.map { ratio in
                NamedPolicy(name: Self.name(measure: measure, ratio: ratio, duration: duration),
                            policy: policy(ratio: ratio, duration: duration))
            }
        }
    }

    /// The cell a policy falls on: the one with its measure, ratio and duration; `nil`
    /// when the grid has none. Other knobs (recurrence, timing, ...) are not compared.
    package func cell(of policy: ImpressionPolicy) -> Int? {
        guard policy.measure == measure,
              let ratio = ratios.firstIndex(of: policy.minimumVisibleRatio),
              let duration = durations.firstIndex(of: policy.minimumDuration) else { return nil }
        return index(ratio: ratio, duration: duration)
    }

    /// A definition's name: `area 50% 1s`, `height 12.5% 0.5s`.
    package static func name(measure: ImpressionPolicy.Measure, ratio: Double, duration: Duration) -> String {
        "\(measure.name) \(NumberFormatting.percent(ratio)) \(NumberFormatting.compactSeconds(duration).filter { $0 != " " })"
    }

    /// `start`, `start + step`, ... up to `end` (included when a step lands on it, to
    /// within 10⁻⁹), each rounded to 10⁻⁹ so that `0.1 + 2 × 0.1` is `0.3`.
    ///
    /// - Throws: ``SweepGridError`` when `step` is not positive, `end` is before `start`,
    ///   or the range has more than ``maximumDefinitions`` values.
    package static func ratios(from start: Double, through end: Double, step: Double) throws(SweepGridError) -> [Double] {
        guard start.isFinite, end.isFinite, step.isFinite, step > 0 else {
            throw .badRange("a ratio range needs finite bounds and a positive step, got \(start):\(end):\(step)")
        }
        guard end >= start else { throw .badRange("the ratio range \(start):\(end):\(step) ends before it starts") }
        let steps = ((end - start) / step + 1e-9).rounded(.down)
        guard steps < Double(maximumDefinitions) else { throw .tooLarge(Int(min(steps + 1, 1e15))) }
        return (0...Int(steps)).map { index in ((start + Double(index) * step) * 1e9).rounded() / 1e9 }
    }

    /// `start`, `start + step`, ... up to `end` (included when a step lands on it).
    ///
    /// - Throws: ``SweepGridError`` when `step` is not positive, `end` is before `start`,
    ///   or the range has more than ``maximumDefinitions`` values.
    package static func durations(from start: Duration, through end: Duration, step: Duration) throws(SweepGridError) -> [Duration] {
        guard step > .zero else {
            throw .badRange("a duration range needs a positive step, got \(NumberFormatting.seconds(step))")
        }
        guard end >= start else {
            throw .badRange("the duration range \(NumberFormatting.seconds(start)):\(NumberFormatting.seconds(end)) ends before it starts")
        }
        let steps = (end - start).totalAttoseconds / step.totalAttoseconds
        guard steps < Int128(maximumDefinitions) else { throw .tooLarge(Int(clamping: min(steps + 1, Int128(Int.max)))) }
        return (0...Int(steps)).map { start + step * $0 }
    }
}
