/// A 64-bit FNV-1a digest of an `Encodable` value: its keys and values fed in order, each
/// followed by a separator byte, so that `("ab", "c")` and `("a", "bc")` differ.
///
/// It reads a value through its synthesized `Encodable` conformance, so a field added to
/// `Style` is digested without a line here (and the compiler insists the field be encodable).
/// An encoder of its own rather than Foundation's `JSONEncoder`: that one checks every value's
/// type at run time (for dates, data and URLs), which cost a small render about 2.5 M
/// instructions; this one about a hundredth of that. It tells settings apart; it is no
/// checksum against tampering. O(size of the value).
package struct SettingsDigest {
    package private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Feeds `string`'s UTF-8 bytes and a separator.
    package mutating func add(_ string: String) {
        for byte in string.utf8 { add(byte: byte) }
        add(byte: 0x1F)
    }

    /// Feeds `value` (its keys and values, depth first).
    package mutating func add<Value: Encodable>(_ value: Value) {
        let encoder = DigestEncoder()
        try? value.encode(to: encoder)
        for part in encoder.sink.parts { add(part) }
    }

    private mutating func add(byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }

    /// The digest as 16 hexadecimal digits.
    package var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package init(hash: UInt64 = 0xcbf2_9ce4_8422_2325) {
        self.hash = hash
    }
}

/// Collects what the encoder is given as strings, in order: keys after "k", values after a
/// letter for their kind, a nested container opened by "{" or "[" (fields come in their
/// declaration's order, fixed per build).
private final class DigestSink {
    var parts: [String] = []
}

private struct DigestEncoder: Encoder {
    let sink: DigestSink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(sink: DigestSink = DigestSink()) { self.sink = sink }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.parts.append("{")
        return KeyedEncodingContainer(Keyed(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.parts.append("[")
        return Values(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Values(sink: sink) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: DigestSink
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) { sink.parts += ["k" + key.stringValue, "nil"] }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.parts.append("k" + key.stringValue)
            try value.encode(to: DigestEncoder(sink: sink))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            sink.parts += ["k" + key.stringValue, "{"]
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.parts += ["k" + key.stringValue, "["]
            return Values(sink: sink)
        }
        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { DigestEncoder(sink: sink) }
    }

    /// Unkeyed and single values: each value's description after a letter for its kind, so that
    /// no value reads as a key or a bracket (exact for numbers: Swift prints the shortest text
    /// that reads back as the same Double).
    private struct Values: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let sink: DigestSink
        var codingPath: [any CodingKey] = []
        var count = 0

        mutating func encodeNil() { sink.parts.append("nil"); count += 1 }
        mutating func encode(_ value: String) { sink.parts.append("s" + value); count += 1 }
        mutating func encode(_ value: Bool) { sink.parts.append(value ? "true" : "false"); count += 1 }
        mutating func encode(_ value: Double) { sink.parts.append("d" + value.description); count += 1 }
        mutating func encode(_ value: Int) { sink.parts.append("i" + value.description); count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: DigestEncoder(sink: sink))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            sink.parts.append("{")
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            sink.parts.append("[")
            return Values(sink: sink)
        }
        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink) }
    }
}
