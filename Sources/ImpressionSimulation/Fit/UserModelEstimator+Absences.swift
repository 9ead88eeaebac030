#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UserModelEstimator {
    /// The users file's keys for each absence: its rate and its (mean) duration.
    private static let absenceKeys: [AwayKind: (rate: String, duration: String)] = [
        .tabSwitch: ("tabSwitchesPerMinute", "meanTimeOnOtherTabMs"),
        .background: ("backgroundingsPerMinute", "meanTimeInBackgroundMs"),
        .modal: ("modalsPerMinute", "meanModalTimeMs"),
        .refresh: ("refreshesPerMinute", "refreshDurationMs"),
    ]

    /// Rates of the rare events (Poisson: occurrences over the time each could happen,
    /// which is every moment but its own), their durations, and the spread of the times
    /// away.
    mutating func estimateAbsences() {
        let total = Double(traces.reduce(Int64(0)) { $0 + $1.end })
        let lag = meanWaitForTurn()
        var centeredLogs: [Double] = []
        var groups = 0
        for kind in AwayKind.allCases {
            guard let keys = Self.absenceKeys[kind] else { continue }
            let count = traces.reduce(0) { $0 + $1.awayCounts[kind.rawValue] }
            var inside = 0.0
            for trace in traces {
                for turn in trace.turns where turn.kind == .away(kind) { inside += Double(turn.end - turn.start) }
            }
            set(keys.rate, perMinute(count, over: total - inside - Double(count) * lag), from: count, "events", significantDigits: 3)
            let seconds = traces.flatMap { $0.awayDurations[kind.rawValue] }.map { Double($0) / 1e9 }
            guard !seconds.isEmpty else {
                notes[keys.duration] = "none in the traces: built-in value"
                continue
            }
            if kind == .refresh {
                set(keys.duration, SampleStatistics.median(seconds) * 1000, from: seconds.count, "refreshes")
            } else {
                set(keys.duration, SampleStatistics.mean(seconds) * 1000, from: seconds.count, "absences")
                let logs = seconds.filter { $0 > 0 }.map { log($0) }
                let center = SampleStatistics.mean(logs)
                centeredLogs += logs.map { $0 - center }
                groups += logs.isEmpty ? 0 : 1
            }
        }
        if centeredLogs.count > groups {
            // Pooled over the three kinds, each about its own mean.
            let sigma = (centeredLogs.reduce(0) { $0 + $1 * $1 } / Double(centeredLogs.count - groups)).squareRoot()
            set("awayTimeSigma", sigma, from: centeredLogs.count, "absences", significantDigits: 3)
        } else {
            notes["awayTimeSigma"] = "too few absences: built-in value"
        }
        estimateBackToTop(total: total, lag: lag)
    }

    /// Taps on the status bar: one at the top moves nothing and leaves no trace, so the
    /// time they could happen is scaled by the share of turns that began away from it.
    private mutating func estimateBackToTop(total: Double, lag: Double) {
        let durations = traces.flatMap(\.backToTopDurations)
        let turns = traces.flatMap(\.turns)
        let awayFromTop = turns.isEmpty ? 1 : Double(turns.count { $0.offsetAtStart > 0 }) / Double(turns.count)
        let exposure = (total - durations.reduce(0, +) * 1e6 - Double(durations.count) * lag) * awayFromTop
        set("backToTopPerMinute", perMinute(durations.count, over: exposure), from: durations.count, "scrolls to the top",
            significantDigits: 3)
        if durations.isEmpty {
            notes["backToTopDurationMs"] = "none in the traces: built-in value"
        } else {
            set("backToTopDurationMs", SampleStatistics.median(durations), from: durations.count, "scrolls to the top")
        }
    }

    /// A rare event falls due during a turn and happens at the next one: between its
    /// due time and its start passes, on average, the residual of a turn cycle,
    /// E[C²] / 2E[C] over the cycles C between turn starts (in nanoseconds). That time
    /// is not time the next one could fall due in.
    private func meanWaitForTurn() -> Double {
        var sum = 0.0
        var squares = 0.0
        for trace in traces {
            for (previous, next) in zip(trace.turns, trace.turns.dropFirst()) {
                let cycle = Double(next.start - previous.start)
                sum += cycle
                squares += cycle * cycle
            }
        }
        return sum > 0 ? squares / (2 * sum) : 0
    }

    private func perMinute(_ count: Int, over nanoseconds: Double) -> Double {
        nanoseconds > 0 ? Double(count) / (nanoseconds / 60e9) : 0
    }

    /// Session lengths: log-normal. When many sessions end at exactly the same, longest
    /// time, a cap cut them (`--seconds`): the median and the lower quartile, which the
    /// cap did not touch, give the distribution instead of the mean of the logarithms.
    mutating func estimateSessionLength() {
        let lengths = traces.map { Double($0.end) / 1e9 }.filter { $0 > 0 }
        guard lengths.count >= 2, let longest = lengths.max() else {
            notes["sessionLength"] = "too few sessions: every session lasts --seconds"
            return
        }
        let capped = lengths.count { $0 == longest }
        if capped * 2 > lengths.count {
            model.sessionLength = nil
            notes["sessionLength"] = "\(NumberFormatting.integer(capped)) of \(NumberFormatting.integer(lengths.count)) sessions "
                + "last exactly \(NumberFormatting.decimal(longest, digits: 1)) s: every session lasts --seconds"
            return
        }
        let median: Double
        let sigma: Double
        if capped >= 2 && capped * 50 >= lengths.count {
            median = SampleStatistics.median(lengths)
            // The lower quartile of a normal is 0.6745 standard deviations below its median.
            sigma = log(median / SampleStatistics.quantile(lengths, 0.25)) / 0.6745
        } else {
            (median, sigma) = SampleStatistics.logNormal(lengths)
        }
        model.sessionLength = SessionLength(median: .milliseconds(SampleStatistics.rounded(median * 1000)),
                                            sigma: SampleStatistics.rounded(sigma, significantDigits: 3))
        notes["sessionLength"] = "from \(NumberFormatting.integer(lengths.count)) sessions"
            + (capped >= 2 && capped * 50 >= lengths.count ? " (\(NumberFormatting.integer(capped)) cut at \(NumberFormatting.decimal(longest, digits: 1)) s)" : "")
    }
}
