/// Decodes `Decodable` values from JSON through the project's one reader, ``JSONParser``:
/// traces, claims and shard summaries, as feed and users files are read.
///
/// It throws what `JSONDecoder` throws for the same value (`DecodingError` with the
/// coding path, so ``TraceDecoder/describe(_:)`` names the field), and
/// ``FileFormatError`` for malformed JSON or a number no `Double` holds. Whole numbers
/// written as digits alone decode exactly into any integer type (a `UInt64` seed, a
/// `Duration`'s attoseconds), as ImpressionSimulationFormats' `JSONValueEncoder` writes them.
package struct JSONValueDecoder {
    /// Handed to every `init(from:)`, as `JSONDecoder.userInfo`.
    package var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The value of `type` in the JSON document `bytes`; with `isLine`, one line of a
    /// JSON Lines file (errors then give a column, the caller the line).
    package func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Collection<UInt8>, isLine: Bool = false) throws -> Value {
        try decode(type, from: JSONValue.parse(bytes, isLine: isLine))
    }

    /// A decoder handing `userInfo` to every `init(from:)`.
    package init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// The value of `type` that `value` holds.
    func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try Value(from: ValueDecoder(value: value, parentPath: [], key: nil, userInfo: userInfo.mapValues { $0 as Any }))
    }
}

/// A key in a coding path: an array element's index, or a member's name. Small enough
/// to sit in an existential's inline buffer, so a path step allocates nothing. The value
/// decoder and encoder both write their paths with it.
package enum JSONKey: CodingKey {
    /// An array element's index.
    case index(Int)
    /// A member's name.
    case name(String)

    /// A member's name.
    package init(stringValue: String) { self = .name(stringValue) }
    /// An array element's index.
    package init(intValue: Int) { self = .index(intValue) }

    /// The member's name, or `Index 3` for an element, as `JSONDecoder` writes it.
    package var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .name(let name): name
        }
    }

    /// The element's index; `nil` for a member.
    package var intValue: Int? {
        guard case .index(let index) = self else { return nil }
        return index
    }
}

extension JSONValue {
    /// What `JSONDecoder`'s errors call a value's kind: `found a string instead`.
    fileprivate var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

/// One value being decoded, at `parentPath` + `key`.
///
/// The path is kept in two parts so that decoding a member or an element, the most
/// frequent step, copies no array: a container works its own path out once, and an
/// error, rare, joins the two.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    /// Converted once for the whole document: `Decoder.userInfo` is read per value.
    let userInfo: [CodingUserInfoKey: Any]

    init(value: JSONValue, parentPath: [any CodingKey], key: (any CodingKey)?, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let fields): return KeyedDecodingContainer(KeyedContainer(fields: fields, decoder: self, codingPath: codingPath))
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, context(
                "Cannot get keyed decoding container -- found null value instead"))
        default: throw mismatch([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements): return UnkeyedContainer(elements: elements, decoder: self, codingPath: codingPath)
        case .null:
            throw DecodingError.valueNotFound([Any].self, context("Cannot get unkeyed decoding container -- found null value instead"))
        default: throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The decoder of a member or element of the value whose path is `path`.
    func child(_ value: JSONValue, at key: any CodingKey, under path: [any CodingKey]) -> ValueDecoder {
        ValueDecoder(value: value, parentPath: path, key: key, userInfo: userInfo)
    }

    func context(_ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: codingPath, debugDescription: description)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, context("Expected to decode \(type) but found \(value.kindName) instead."))
    }
}

extension ValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw missingOrMismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw missingOrMismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double { try number(type).value }
    func decode(_ type: Float.Type) throws -> Float {
        let number = try number(type).value
        guard let float = Float(exactly: number) ?? (abs(number) <= Double(Float.greatestFiniteMagnitude) ? Float(number) : nil) else {
            throw DecodingError.dataCorrupted(context("Parsed JSON number <\(number)> does not fit in Float."))
        }
        return float
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: self) }

    private func number(_ type: Any.Type) throws -> JSONNumber {
        guard case .number(let number) = value else { throw missingOrMismatch(type) }
        return number
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let number = try number(type)
        guard let integer = number.exactly(type) else {
            throw DecodingError.dataCorrupted(context("Parsed JSON number <\(number.text)> does not fit in \(type)."))
        }
        return integer
    }

    /// `valueNotFound` for a null, as `JSONDecoder` says it; a mismatch otherwise.
    private func missingOrMismatch(_ type: Any.Type) -> DecodingError {
        guard case .null = value else { return mismatch(type) }
        return DecodingError.valueNotFound(type, context("Cannot get \(type) -- found null value instead"))
    }
}

/// The members of an object.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let decoder: ValueDecoder
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func member(_ key: Key) throws -> ValueDecoder {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(value, at: key, under: codingPath)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }

    // The values traces are made of, decoded without going through `init(from:)`.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try member(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(fields["super"] ?? .null, at: JSONKey.name("super"), under: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(fields[key.stringValue] ?? .null, at: key, under: codingPath)
    }
}

/// The elements of an array, in turn.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: ValueDecoder
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: ValueDecoder, codingPath: [any CodingKey]) {
        self.elements = elements
        self.decoder = decoder
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder, and the index moved past it once `body` succeeds.
    private mutating func next<Result>(_ type: Any.Type, _ body: (ValueDecoder) throws -> Result) throws -> Result {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [JSONKey.index(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        let result = try body(decoder.child(elements[currentIndex], at: JSONKey.index(currentIndex), under: codingPath))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try next(type) { try $0.decode(type) }
    }

    // The values traces are made of, decoded without going through `init(from:)`.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self) { $0 }
    }
}
