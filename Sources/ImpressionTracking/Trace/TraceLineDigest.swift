/// Two 64-bit hashes of a trace's lines, with their count and length: what tells a copy
/// of a trace that names no session from another trace, so that two traces with other
/// lines have the same digest by chance far less often than once in 2^64 pairs.
///
/// Lines are hashed as ``TraceLineReader`` returns them, without their newlines, so a
/// trace written with `\r\n` has the digest of the same lines written with `\n`. Each
/// hash takes a line eight bytes at a time, then its last bytes and its length, so that
/// where a line ends is part of the digest: a run over traces without a session id
/// hashes every byte they hold, so it takes words, not bytes.
package struct TraceLineDigest: Hashable, Sendable {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The lines added.
    package private(set) var lines = 0
    /// Their bytes, with one newline each; a line past the limit counts none.
    package private(set) var bytes = 0

    /// A digest of no line.
    package init() {}

    /// Adds `line`: its bytes, or for a line past the limit, whose bytes were not kept,
    /// its number.
    package mutating func add(_ line: TraceLineReader.Line) {
        lines += 1
        guard let text = line.text else {
            // A line's length never has the top bit set.
            mix(0)
            mix(UInt64(truncatingIfNeeded: line.number) | 1 << 63)
            return
        }
        bytes += text.count + 1
        text.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                last |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            mix(last)
            mix(UInt64(raw.count))
        }
    }

    /// Two multiply-and-rotate steps of other constants: xxHash64's round, and
    /// MurmurHash3's finaliser constant.
    private mutating func mix(_ word: UInt64) {
        first = first &+ word &* 0xC2B2_AE3D_27D4_EB4F
        first = ((first << 31) | (first >> 33)) &* 0x9E37_79B1_85EB_CA87
        second = (second ^ word) &* 0xff51_afd7_ed55_8ccd
        second = (second << 29) | (second >> 35)
    }
}
