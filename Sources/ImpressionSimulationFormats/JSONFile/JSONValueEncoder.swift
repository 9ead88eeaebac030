import ImpressionTracking

/// Encodes `Encodable` values into a `JSONValue` for the project's one writer,
/// ``JSONWriter``: the shard summaries `merge` reads back with `JSONValueDecoder`.
///
/// Integers keep their exact digits (a `UInt64` seed, a `Duration`'s attoseconds); a
/// `Double` or `Float` that is not finite is refused, as `JSONEncoder` refuses it.
package struct JSONValueEncoder {
    /// An encoder.
    package init() {}

    /// `value` as a JSON value.
    ///
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite, or a value
    ///   that encodes nothing.
    func encode(_ value: some Encodable) throws -> JSONValue {
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        guard let encoded = encoder.slot?.value else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "encoded no value"))
        }
        return encoded
    }

    /// `value` as one line of JSON, members in name order: the same value, the same bytes.
    ///
    /// - Throws: what ``encode(_:)`` throws.
    package func compactText(of value: some Encodable) throws -> String {
        var writer = JSONWriter(compact: true)
        writer.value(try encode(value))
        return writer.text
    }
}

/// What an encoder or container has written so far: a value, or a container still
/// being filled (by reference, as nested containers outlive the calls that made them).
private enum Slot {
    case value(JSONValue)
    case object(ObjectStorage)
    case array(ArrayStorage)
    case encoder(ValueEncoder)

    var value: JSONValue? {
        switch self {
        case .value(let value): value
        case .object(let object): .object(object.fields.compactMapValues(\.value))
        case .array(let array): .array(array.elements.compactMap(\.value))
        case .encoder(let encoder): encoder.slot?.value
        }
    }
}

private final class ObjectStorage {
    var fields: [String: Slot] = [:]
}

private final class ArrayStorage {
    var elements: [Slot] = []
}

/// The encoder of one value at `codingPath`.
private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What it holds once encoded.
    var slot: Slot?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: ObjectStorage
        if case .object(let existing) = slot {
            storage = existing
        } else {
            storage = ObjectStorage()
            slot = .object(storage)
        }
        return KeyedEncodingContainer(KeyedContainer(storage: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: ArrayStorage
        if case .array(let existing) = slot {
            storage = existing
        } else {
            storage = ArrayStorage()
            slot = .array(storage)
        }
        return UnkeyedContainer(storage: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Encodes `value` with an encoder of its own at `codingPath + [key]`.
    static func slot(of value: some Encodable, at codingPath: [any CodingKey]) throws -> Slot {
        let encoder = ValueEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return .encoder(encoder)
    }
}

extension ValueEncoder: SingleValueEncodingContainer {
    func encodeNil() { slot = .value(.null) }
    func encode(_ value: Bool) { slot = .value(.bool(value)) }
    func encode(_ value: String) { slot = .value(.string(value)) }
    func encode(_ value: Double) throws { slot = .value(.number(try finite(value))) }
    func encode(_ value: Float) throws { slot = .value(.number(try finite(Double(value)))) }
    func encode(_ value: Int) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: Int8) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: Int16) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: Int32) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: Int64) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: UInt) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: UInt8) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: UInt16) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: UInt32) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: UInt64) { slot = .value(.number(JSONNumber(exactly: value))) }
    func encode(_ value: some Encodable) throws { try value.encode(to: self) }

    private func finite(_ value: Double) throws -> JSONNumber {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return JSONNumber(value)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ObjectStorage
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { storage.fields[key.stringValue] = .value(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        storage.fields[key.stringValue] = try ValueEncoder.slot(of: value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectStorage()
        storage.fields[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayStorage()
        storage.fields[key.stringValue] = .array(nested)
        return UnkeyedContainer(storage: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [key])
        storage.fields[key.stringValue] = .encoder(encoder)
        return encoder
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let storage: ArrayStorage
    let codingPath: [any CodingKey]
    var count: Int { storage.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [JSONKey(intValue: count)] }

    mutating func encodeNil() { storage.elements.append(.value(.null)) }

    mutating func encode(_ value: some Encodable) throws {
        storage.elements.append(try ValueEncoder.slot(of: value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectStorage()
        let path = nextPath
        storage.elements.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayStorage()
        let path = nextPath
        storage.elements.append(.array(nested))
        return UnkeyedContainer(storage: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ValueEncoder(codingPath: nextPath)
        storage.elements.append(.encoder(encoder))
        return encoder
    }
}
