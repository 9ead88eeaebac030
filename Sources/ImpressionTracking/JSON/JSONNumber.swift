/// A JSON number as the project's reader holds it: the nearest `Double`, and for a
/// whole number written as digits alone (no fraction, no exponent) that 64 bits hold,
/// its exact value.
///
/// The exact value is what lets `Codable` records round-trip through the one reader:
/// a `UInt64` seed or a `Duration`'s attoseconds pass 2^53, beyond which a `Double`
/// rounds.
package struct JSONNumber: Sendable, Hashable, LosslessStringConvertible, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The nearest `Double`, as every file reader takes a number.
    package var value: Double
    /// The magnitude of a whole number written as digits alone, exactly; `nil` for one
    /// with a fraction or an exponent, or past `UInt64.max`.
    private var magnitude: UInt64?
    /// Whether it was written with a minus sign.
    private var isNegative: Bool

    /// A number that is only a `Double`.
    package init(_ value: Double) {
        self.value = value
        magnitude = nil
        isNegative = value < 0
    }

    /// A number as the parser read it: its nearest `Double`, and for a whole number
    /// written as digits alone, the exact magnitude of those digits (`nil` past 64 bits).
    init(value: Double, wholeMagnitude: UInt64?, isNegative: Bool) {
        self.value = value
        magnitude = wholeMagnitude
        self.isNegative = isNegative
    }

    /// A whole number, exactly.
    package init<Integer: BinaryInteger>(exactly integer: Integer) {
        value = Double(integer)
        isNegative = integer < 0
        magnitude = UInt64(exactly: integer.magnitude)
    }

    /// The number `text` writes, as the parser reads it: `nil` for text that is not one
    /// finite number.
    package init?(_ text: String) {
        guard case .number(let number)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        self = number
    }

    package init(floatLiteral value: Double) { self.init(value) }
    package init(integerLiteral value: Int) { self.init(exactly: value) }

    /// The number as `Integer`, exactly: `nil` when it is not whole or out of range.
    func exactly<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        guard let magnitude else { return Integer(exactly: value) }
        if isNegative {
            guard Integer.isSigned, magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Integer(exactly: Int64.min) : Integer(exactly: -Int64(magnitude))
        }
        return Integer(exactly: magnitude)
    }

    /// The JSON text: the exact digits of a whole number, else Swift's shortest
    /// round-trip form of the `Double`.
    package var text: String {
        guard let magnitude else { return String(describing: value) }
        return (isNegative && magnitude != 0 ? "-" : "") + String(magnitude)
    }

    /// The `Double`'s description, as the files' error messages print a number.
    package var description: String { String(describing: value) }
}
