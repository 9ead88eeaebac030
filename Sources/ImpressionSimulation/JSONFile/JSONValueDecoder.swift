/// Decodes `Decodable` values from JSON through the project's one reader, ``JSONParser``:
/// traces, claims and shard summaries, as feed and users files are read.
///
/// It throws what `JSONDecoder` throws for the same value (`DecodingError` with the
/// coding path, so ``TraceDecoder/describe(_:)`` names the field), and
/// ``FileFormatError`` for malformed JSON or a number no `Double` holds. Whole numbers
/// written as digits alone decode exactly into any integer type (a `UInt64` seed, a
/// `Duration`'s attoseconds), as ``JSONValueEncoder`` writes them.
package struct JSONValueDecoder {
    /// Handed to every `init(from:)`, as `JSONDecoder.userInfo`.
    package var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The value of `type` in the JSON document `bytes`, which begin on line `firstLine`.
    package func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Collection<UInt8>, firstLine: Int = 1) throws -> Value {
        try decode(type, from: JSONValue.parse(bytes, firstLine: firstLine))
    }

    /// A decoder handing `userInfo` to every `init(from:)`.
    package init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// The value of `type` that `value` holds.
    func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try Value(from: ValueDecoder(value: value, codingPath: [], userInfo: userInfo))
    }
}

/// A key in a coding path: a member's name, or an array element's index.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
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

/// One value being decoded, at `codingPath`.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let storedUserInfo: [CodingUserInfoKey: any Sendable]

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        storedUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { storedUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let fields): return KeyedDecodingContainer(KeyedContainer(fields: fields, decoder: self))
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, context(
                "Cannot get keyed decoding container -- found null value instead"))
        default: throw mismatch([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements): return UnkeyedContainer(elements: elements, decoder: self)
        case .null:
            throw DecodingError.valueNotFound([Any].self, context("Cannot get unkeyed decoding container -- found null value instead"))
        default: throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The decoder of a member or element of this value.
    func child(_ value: JSONValue, at key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], userInfo: storedUserInfo)
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

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func member(_ key: Key) throws -> ValueDecoder {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, decoder.context("No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(value, at: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }

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

    func superDecoder() throws -> any Decoder { decoder.child(fields["super"] ?? .null, at: JSONKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(fields[key.stringValue] ?? .null, at: key) }
}

/// The elements of an array, in turn.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: ValueDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: ValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder, and the index moved past it once `body` succeeds.
    private mutating func next<Result>(_ type: Any.Type, _ body: (ValueDecoder) throws -> Result) throws -> Result {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [JSONKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        let result = try body(decoder.child(elements[currentIndex], at: JSONKey(intValue: currentIndex)))
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
