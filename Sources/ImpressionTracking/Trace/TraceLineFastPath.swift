/// Reads the lines that make up nearly all of a recorded trace (`viewport`,
/// `contentOffset`, the lifecycle calls and `end`), and the layouts that make up much of
/// its bytes, straight from their bytes, exactly as ``TraceEncoder`` writes them, without
/// building a JSON tree: a scroll writes a `viewport` line every frame, a lazy list a
/// layout of dozens of sections whenever its window moves, and the general path
/// (``JSONParser``, then `DecodedLine.init(from:)`) costs several times what such a line
/// holds.
///
/// It is only a shortcut, never a second reader: it returns a line only when the general
/// path would return the same one, and `nil` for anything else (keys in another order or
/// added, white space, an exponent, an escape, another type, a number it cannot read
/// exactly, a time out of range, anything malformed), which the general path then reads.
/// So results and error messages are the general path's for every input. A layout is
/// read here when its sections carry no policy of their own and its containers no clip
/// insets (rare fields, left to the general path), within the limits on sections,
/// containers and their depth.
enum TraceLineFastPath {
    /// The line `bytes` holds when it is one the writer writes for these types; `nil`
    /// otherwise. A time outside `0...limits.maximumTimeMilliseconds` is left to the
    /// general path, which refuses it.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: TraceLimits) -> DecodedLine? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.skip("{\"t\":"), let milliseconds = scanner.number(),
              milliseconds >= 0, milliseconds <= limits.maximumTimeMilliseconds,
              scanner.skip(",\"type\":\""), let type = scanner.name() else { return nil }
        let time = DecodedLine.duration(milliseconds: milliseconds)
        if Scanner.equals(type, "viewport") {
            // Written out rather than through `rect()`: a viewport line is most of a trace,
            // and the compiler inlines its numbers here but not into a call per rect.
            guard scanner.skip(",\"rect\":["), let x = scanner.number(), scanner.skip(","), let y = scanner.number(),
                  scanner.skip(","), let width = scanner.number(), scanner.skip(","), let height = scanner.number(),
                  scanner.skip("]}"), scanner.isAtEnd else { return nil }
            return .input(time, .viewport(Rect(x: x, y: y, width: width, height: height)))
        }
        if Scanner.equals(type, "layout") {
            guard let layout = scanner.layout(limits: limits) else { return nil }
            return .input(time, layout)
        }
        if Scanner.equals(type, "contentOffset") {
            guard scanner.skip(",\"container\":\""), let container = scanner.string(),
                  scanner.skip(",\"offset\":["), let x = scanner.number(), scanner.skip(","), let y = scanner.number(),
                  scanner.skip("]}"), scanner.isAtEnd else { return nil }
            return .input(time, .contentOffset(Point(x: x, y: y), containerID: container))
        }
        guard scanner.skip("}"), scanner.isAtEnd else { return nil }
        if Scanner.equals(type, "end") { return .end(time) }
        // The general path reads every other type but these lifecycle calls differently
        // (or refuses it), so only a call's name is taken here.
        guard let call = LifecycleCall(name: String(decoding: type, as: UTF8.self)) else { return nil }
        return .input(time, .lifecycle(call))
    }

    /// A position in one line's bytes, moving forward only over what the writer writes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        /// Moves past `text` when the bytes here are exactly it.
        mutating func skip(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            let expected = text.utf8Start
            for offset in 0..<count where bytes[position + offset] != expected[offset] { return false }
            position += count
            return true
        }

        static func equals(_ name: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            name.count == text.utf8CodeUnitCount
                && name.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// The rest of a layout line after its type, `,"sections":[...]`, then
        /// `,"containers":[...]` when it has some, then `}`; `nil` past a limit, for a
        /// policy, clip insets or anything the writer does not write.
        mutating func layout(limits: TraceLimits) -> EngineInput<String>? {
            guard skip(",\"sections\":[") else { return nil }
            var sections: [TrackedSection<String>] = []
            if !skip("]") {
                repeat {
                    guard sections.count < limits.maximumSectionsPerLayout, let section = section() else { return nil }
                    sections.append(section)
                } while skip(",")
                guard skip("]") else { return nil }
            }
            var containers: [ScrollContainer] = []
            if skip(",\"containers\":[") {
                repeat {
                    guard containers.count < limits.maximumContainersPerLayout, let container = container() else { return nil }
                    containers.append(container)
                } while skip(",")
                guard skip("]"), DecodedLine.isWithinDepth(containers, limit: limits.maximumContainerDepth) else { return nil }
            }
            guard skip("}"), isAtEnd else { return nil }
            return .layout(sections: sections, containers: containers)
        }

        /// `{"id":"…","cells":[…]}` with the optional fields in the writer's order, set
        /// as the general path sets them.
        private mutating func section() -> TrackedSection<String>? {
            guard skip("{\"id\":\""), let id = string(), skip(",\"cells\":["), let cells = rects() else { return nil }
            var nestedCells: [NestedCell] = []
            if skip(",\"nested\":[") {
                repeat {
                    guard skip("{\"container\":\""), let container = string(), skip(",\"cells\":["), let frames = rects(),
                          skip("}") else { return nil }
                    for frame in frames { nestedCells.append(NestedCell(containerID: container, frame: frame)) }
                } while skip(",")
                guard skip("]") else { return nil }
            }
            guard let fullHeight = optionalNumber(",\"fullHeight\":"), let fullArea = optionalNumber(",\"fullArea\":"),
                  let fullWidth = optionalNumber(",\"fullWidth\":") else { return nil }
            var section = TrackedSection(id: id, cells: cells, fullHeight: fullHeight, fullArea: fullArea, policy: nil)
            section.nestedCells = nestedCells
            if let fullWidth { section.fullWidth = fullWidth }
            if skip(",\"loaded\":false") { section.isLoaded = false }
            guard let opacity = optionalNumber(",\"opacity\":") else { return nil }
            if let opacity { section.opacity = opacity }
            if skip(",\"hidden\":true") { section.isHidden = true }
            guard skip("}") else { return nil }
            return section
        }

        /// `{"id":"…","frame":[…]}` with a parent, an offset, an opacity and `hidden`
        /// when the writer writes them.
        private mutating func container() -> ScrollContainer? {
            guard skip("{\"id\":\""), let id = string(), skip(",\"frame\":"), let frame = rect() else { return nil }
            var parentID: String?
            if skip(",\"parent\":\"") {
                guard let parent = string() else { return nil }
                parentID = parent
            }
            var offset = Point.zero
            if skip(",\"offset\":[") {
                guard let x = number(), skip(","), let y = number(), skip("]") else { return nil }
                offset = Point(x: x, y: y)
            }
            var container = ScrollContainer(id: id, frame: frame, parentID: parentID, contentOffset: offset, clipInsets: .zero)
            guard let opacity = optionalNumber(",\"opacity\":") else { return nil }
            if let opacity { container.opacity = opacity }
            if skip(",\"hidden\":true") { container.isHidden = true }
            guard skip("}") else { return nil }
            return container
        }

        /// An optional field's number: `.some(nil)` when the bytes here are not `key`, the
        /// number after it when they are, `nil` when that number does not read.
        private mutating func optionalNumber(_ key: StaticString) -> Double?? {
            guard skip(key) else { return .some(nil) }
            guard let value = number() else { return nil }
            return value
        }

        /// The rects of a list whose `[` is read, up to and past its `]`.
        private mutating func rects() -> [Rect]? {
            var rects: [Rect] = []
            if skip("]") { return rects }
            repeat {
                guard let rect = rect() else { return nil }
                rects.append(rect)
            } while skip(",")
            return skip("]") ? rects : nil
        }

        /// `[x,y,width,height]`.
        mutating func rect() -> Rect? {
            guard skip("["), let x = number(), skip(","), let y = number(), skip(","), let width = number(), skip(","),
                  let height = number(), skip("]") else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }

        /// A type's name, letters only, up to and past its closing quote.
        mutating func name() -> UnsafeBufferPointer<UInt8>? {
            let start = position
            while position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"), (bytes[position] | 0x20) <= UInt8(ascii: "z") {
                position += 1
            }
            guard position > start, position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            return UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
        }

        /// A string's text up to and past its closing quote, when it holds no escape and
        /// no control character (which the general path reads or refuses) and is UTF-8.
        mutating func string() -> String? {
            let start = position
            var isASCII = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
                if byte >= 0x80 { isASCII = false }
                position += 1
            }
            guard position < bytes.count else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            return isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }

        /// A number in JSON's grammar without an exponent, `-? (0 | [1-9][0-9]*) (. [0-9]+)?`,
        /// as the nearest `Double`, which is what the general path reads (whole numbers
        /// exactly from their digits, the rest correctly rounded); `nil` for anything else,
        /// or for more than the 19 digits 64 bits always hold.
        mutating func number() -> Double? {
            let isNegative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
            if isNegative { position += 1 }
            var digits: UInt64 = 0
            let whole = accumulateDigits(into: &digits)
            guard whole > 0, bytes[position - whole] != UInt8(ascii: "0") || whole == 1 else { return nil }
            var decimals = 0
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                decimals = accumulateDigits(into: &digits)
                guard decimals > 0 else { return nil }
            }
            guard whole + decimals <= 19,
                  position == bytes.count || (bytes[position] != UInt8(ascii: "e") && bytes[position] != UInt8(ascii: "E")),
                  let magnitude = TraceLineFastPath.nearestDouble(digits, decimals: decimals) else { return nil }
            return isNegative ? -magnitude : magnitude
        }

        /// Reads decimal digits onto `value`, returning how many; past 19 of them `value`
        /// wraps, and the caller refuses the number.
        private mutating func accumulateDigits(into value: inout UInt64) -> Int {
            let start = position
            while position < bytes.count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit <= 9 else { break }
                value = value &* 10 &+ UInt64(digit)
                position += 1
            }
            return position - start
        }
    }

    /// `digits / 10^decimals` rounded to the nearest `Double` (ties to even), as a
    /// correctly rounding `Double(String)` reads the same text; `nil` past 19 decimals.
    static func nearestDouble(_ digits: UInt64, decimals: Int) -> Double? {
        // Both exact as Doubles, so one division rounds once: the nearest Double.
        if digits <= 1 << 53, decimals < exactPowersOfTen.count {
            return decimals == 0 ? Double(digits) : Double(digits) / exactPowersOfTen[decimals]
        }
        guard decimals < integerPowersOfTen.count else { return nil }
        // More than 53 bits of digits (a shortest round-trip form has up to 17): the
        // quotient to 63 or 64 bits in integers, with the remainder saying whether
        // anything is left below them, then rounded to 53 bits by hand.
        let divisor = integerPowersOfTen[decimals]
        let shift = 63 + (64 - divisor.leadingZeroBitCount) - (64 - digits.leadingZeroBitCount)
        let high = shift >= 64 ? digits << (shift - 64) : (shift == 0 ? 0 : digits >> (64 - shift))
        let low = shift >= 64 ? 0 : digits << shift
        // The quotient is below 2^64 (so `high < divisor`) and at least 2^62, by the shift.
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let dropped = (64 - quotient.leadingZeroBitCount) - 53
        let below = quotient & ((1 << dropped) - 1)
        let half: UInt64 = 1 << (dropped - 1)
        var significand = quotient >> dropped
        if below > half || (below == half && (remainder != 0 || significand & 1 == 1)) { significand += 1 }
        return Double(sign: .plus, exponent: dropped - shift, significand: Double(significand))
    }

    /// 10^0 through 10^22, every one exact in a `Double`.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 10^0 through 10^19, every power of ten 64 bits hold.
    private static let integerPowersOfTen: [UInt64] = (0..<20).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }
}
