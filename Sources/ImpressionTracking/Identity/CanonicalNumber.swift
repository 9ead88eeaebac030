/// Numbers written the one way a canonical text writes them, on every platform.
package enum CanonicalNumber {
    /// `value` as ECMAScript's `Number.prototype.toString` writes it: the shortest
    /// decimal that reads back as the same `Double` (the digits of Swift's own
    /// `description`), positional from `1e-6` up to below `1e21` (`0.5`, `1`,
    /// `242500`, `0.000001`), else with an exponent (`5e-324`, `1e+21`); `-0.0` as `0`,
    /// and `NaN`, `Infinity`, `-Infinity`.
    ///
    /// A format with a written standard, so that a backend in any language can write a
    /// knob the same way; the digits are Swift's, whatever its `description` looks like.
    package static func decimal(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let sign = value < 0 ? "-" : ""
        let (digits, pointPosition) = shortestDigits(of: value.magnitude)
        let count = digits.count
        let text: String
        if count <= pointPosition && pointPosition <= 21 {
            text = digits + String(repeating: "0", count: pointPosition - count)
        } else if 0 < pointPosition && pointPosition <= 21 {
            text = String(digits.prefix(pointPosition)) + "." + String(digits.dropFirst(pointPosition))
        } else if -6 < pointPosition && pointPosition <= 0 {
            text = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else {
            let exponent = pointPosition - 1
            let mantissa = count == 1 ? digits : String(digits.prefix(1)) + "." + String(digits.dropFirst())
            text = mantissa + "e" + (exponent < 0 ? "-" : "+") + String(exponent.magnitude)
        }
        return sign + text
    }

    /// The shortest round-trip digits of a positive finite `magnitude`, without leading
    /// or trailing zeros, and where the decimal point goes: the value is
    /// `0.<digits> × 10^pointPosition`.
    private static func shortestDigits(of magnitude: Double) -> (digits: String, pointPosition: Int) {
        // Swift writes `0.5`, `242500.0`, `1e-05`, `1.7976931348623157e+308`.
        let description = magnitude.description
        let parts = description.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = mantissa[0]
        let fraction = mantissa.count == 2 ? mantissa[1] : ""
        var digits = Substring(whole + fraction)
        var pointPosition = whole.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (String(digits), pointPosition)
    }

    /// `duration` as an exact decimal number of seconds: `1`, `0.1`, `0.016666666`,
    /// `-2.5`; every attosecond written, no trailing zeros, no exponent. Beyond
    /// ±2⁶³ seconds the duration saturates, as the engine's arithmetic does.
    package static func seconds(_ duration: Duration) -> String {
        let attoseconds = duration.totalAttoseconds
        let magnitude = attoseconds.magnitude
        let perSecond: UInt128 = 1_000_000_000_000_000_000
        let whole = magnitude / perSecond
        let fraction = magnitude % perSecond
        let sign = attoseconds < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var fractionDigits = String(fraction)
        fractionDigits = String(repeating: "0", count: 18 - fractionDigits.count) + fractionDigits
        while fractionDigits.last == "0" { fractionDigits.removeLast() }
        return sign + String(whole) + "." + fractionDigits
    }
}
