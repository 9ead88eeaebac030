import ImpressionTracking

/// The numbers of tables and messages, formatted by hand: the same bytes on every
/// platform, without Foundation.
package enum NumberFormatting {
    /// `12,345`, `-7`.
    package static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// `24.5` for one digit; rounded half away from zero, with thousands separators.
    package static func decimal(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let units = Int(scaled)
        let whole = units / Int(scale)
        let fraction = units % Int(scale)
        var text = integer(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return value < 0 && units != 0 ? "-" + text : text
    }

    /// `1234.5` for one digit: ``decimal(_:digits:)`` without thousands separators, for
    /// machine-read files.
    package static func plainDecimal(_ value: Double, digits: Int) -> String {
        String(decimal(value, digits: digits).filter { $0 != "," })
    }

    /// A duration in seconds with one decimal when it is a whole number of tenths
    /// (`1.0 s`), else to the millisecond (`1.25 s`).
    package static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int((duration.inSeconds * 1000).rounded())
        if milliseconds % 100 == 0 { return decimal(Double(milliseconds) / 1000, digits: 1) + " s" }
        var text = decimal(Double(milliseconds) / 1000, digits: 3)
        while text.hasSuffix("0") { text.removeLast() }
        return text + " s"
    }

    /// A ratio as a percentage: `50%`, `66.7%`.
    package static func percent(_ ratio: Double) -> String {
        let percent = ratio * 100
        if (percent * 10).rounded() == (percent.rounded() * 10) { return decimal(percent, digits: 0) + "%" }
        return decimal(percent, digits: 1) + "%"
    }

    /// A short description of a policy's rule: `50% height 1 s`, `50% height 1 s in all,
    /// cooldown 30 s` with the timing knobs on, `100% width 1 s, focus 50%` with a focus rule,
    /// `50% area 1 s, opacity at least 10%` with a minimum opacity.
    package static func rule(_ policy: ImpressionPolicy) -> String {
        var text = "\(percent(policy.minimumVisibleRatio)) \(policy.measure.name) \(compactSeconds(policy.minimumDuration))"
        switch policy.timing {
        case .continuous: break
        case .cumulative: text += " in all"
        case .checkedAtBothEnds: text += " at both ends"
        }
        if case .focus(let fraction) = policy.largeSectionRule { text += ", focus \(percent(fraction))" }
        if policy.cooldown != .zero { text += ", cooldown \(compactSeconds(policy.cooldown))" }
        if policy.minimumOpacity == .leastNonzeroMagnitude {
            text += ", opacity above 0"
        } else if policy.minimumOpacity > 0 {
            text += ", opacity at least \(percent(policy.minimumOpacity))"
        }
        return text
    }

    /// `1 s`, `0.5 s`, `0 s`.
    package static func compactSeconds(_ duration: Duration) -> String {
        var text = seconds(duration)
        text.removeLast(2)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " s"
    }

    /// `100 ms` below a second, `1 s` above.
    package static func interval(_ duration: Duration) -> String {
        let milliseconds = duration.inSeconds * 1000
        if milliseconds < 1000 && milliseconds == milliseconds.rounded() {
            return "\(Int(milliseconds)) ms"
        }
        return compactSeconds(duration)
    }

    /// The recurrence in words: `every entry`.
    package static func recurrence(_ recurrence: ImpressionPolicy.Recurrence) -> String {
        switch recurrence {
        case .onEveryEntry: "every entry"
        case .oncePerVisit: "once per visit"
        case .oncePerTracker: "once per tracker"
        }
    }

    /// The recurrence as the command line writes it: `every-entry`.
    static func recurrenceKey(_ recurrence: ImpressionPolicy.Recurrence) -> String {
        switch recurrence {
        case .onEveryEntry: "every-entry"
        case .oncePerVisit: "once-per-visit"
        case .oncePerTracker: "once-per-tracker"
        }
    }
}
