// The values a trace line holds (numbers, times, rects, points, insets), each checked:
// finite, in range, of the right shape, or a ``TraceLineProblem`` naming the field.

extension DecodedLine {
        static func number(_ fields: KeyedDecodingContainer<Key>, _ key: Key) throws -> Double {
        let value = try fields.decode(Double.self, forKey: key)
        guard value.isFinite else {
            throw TraceLineProblem("field '\(TraceDecoder.path(fields.codingPath + [key]))' must be a finite number, got \(value)")
        }
        return value
    }

    static func number(_ fields: KeyedDecodingContainer<Key>, _ key: Key, default value: Double) throws -> Double {
        fields.contains(key) ? try number(fields, key) : value
    }

    static func time(_ fields: KeyedDecodingContainer<Key>, _ key: Key, limits: TraceLimits) throws -> Duration {
        let milliseconds = try number(fields, key)
        guard milliseconds >= 0, milliseconds <= limits.maximumTimeMilliseconds else {
            throw TraceLineProblem("time 't' must be in 0...\(TraceEncoder.number(limits.maximumTimeMilliseconds)) ms, got \(TraceEncoder.number(milliseconds))")
        }
        return duration(milliseconds: milliseconds)
    }

    /// Milliseconds, finite and in range, to the nearest nanosecond: the encoder's
    /// six decimals read back exactly.
    package static func duration(milliseconds: Double) -> Duration {
        .nanoseconds(Int64((milliseconds * 1_000_000).rounded()))
    }

    static func rect(_ fields: KeyedDecodingContainer<Key>, _ key: Key) throws -> Rect {
        var values = try fields.nestedUnkeyedContainer(forKey: key)
        return try rect(from: &values)
    }

    /// The next rect of a list of rects.
    static func rect(_ list: inout any UnkeyedDecodingContainer) throws -> Rect {
        var values = try list.nestedUnkeyedContainer()
        return try rect(from: &values)
    }

    /// `[x, y, width, height]`, finite.
    static func rect(from values: inout any UnkeyedDecodingContainer) throws -> Rect {
        let numbers = try numbers(&values, count: 4, what: "a rect must be [x, y, width, height]")
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The next friendly obstruction of a list: `{"rect": [x, y, width, height],
    /// "purpose": "videoControls", "reason": "…"}`, the reason optional.
    static func friendlyObstruction(_ list: inout any UnkeyedDecodingContainer) throws -> FriendlyObstruction {
        let fields = try list.nestedContainer(keyedBy: Key.self)
        let purposeName = try fields.decode(String.self, forKey: .purpose)
        guard let purpose = FriendlyObstruction.Purpose(rawValue: purposeName) else {
            throw TraceLineProblem("\(TraceDecoder.path(fields.codingPath)): purpose must be one of "
                + FriendlyObstruction.Purpose.allCases.map(\.rawValue).joined(separator: ", ") + ", got '\(purposeName)'")
        }
        return FriendlyObstruction(rect: try rect(fields, .rect), purpose: purpose,
                                   detailedReason: try fields.decodeIfPresent(String.self, forKey: .reason))
    }

    static func point(_ fields: KeyedDecodingContainer<Key>, _ key: Key) throws -> Point {
        var values = try fields.nestedUnkeyedContainer(forKey: key)
        let numbers = try numbers(&values, count: 2, what: "a point must be [x, y]")
        return Point(x: numbers[0], y: numbers[1])
    }

    static func numbers(_ list: inout any UnkeyedDecodingContainer, count: Int, what: String) throws -> [Double] {
        // The path is put in words only for a message: on success it would cost more than the numbers.
        guard list.count == count else {
            throw TraceLineProblem("\(TraceDecoder.path(list.codingPath)): \(what), got \(list.count.map { "\($0) numbers" } ?? "something else")")
        }
        var values: [Double] = []
        values.reserveCapacity(count)
        while !list.isAtEnd {
            let value = try list.decode(Double.self)
            guard value.isFinite else { throw TraceLineProblem("\(TraceDecoder.path(list.codingPath)): numbers must be finite, got \(value)") }
            values.append(value)
        }
        return values
    }

    /// Insets in points (`top`, `left`, `bottom`, `right`, each 0 when absent), with an
    /// optional `relative` object of fractions of the inset rect's size, keyed the same.
    static func insets(_ fields: KeyedDecodingContainer<Key>) throws -> Insets {
        var insets = Insets(top: try number(fields, .top, default: 0), left: try number(fields, .left, default: 0),
                            bottom: try number(fields, .bottom, default: 0), right: try number(fields, .right, default: 0))
        if fields.contains(.relative) {
            let relative = try fields.nestedContainer(keyedBy: Key.self, forKey: .relative)
            insets.relative = RelativeInsets(
                top: try number(relative, .top, default: 0), left: try number(relative, .left, default: 0),
                bottom: try number(relative, .bottom, default: 0), right: try number(relative, .right, default: 0))
        }
        return insets
    }
}
