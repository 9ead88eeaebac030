import ImpressionSimulation
import ImpressionTracking

/// What a run knows of a trace before replaying it: its header's sample interval, and
/// which session it records, so that copies of one session (an upload retried, a file
/// given twice under two names) count once.
///
/// A trace whose header names its `session` is that session. One without is known by its
/// lines: a digest of them (two 64-bit hashes over every line's bytes, each line ended
/// alike whether it was written with `\n` or `\r\n`), with their count and length, so
/// that byte-for-byte copies are one session.
struct TraceIdentity: Sendable {
    /// Which session a trace records.
    enum Session: Hashable, Sendable {
        /// Named in the header.
        case named(String)
        /// Known by its lines.
        case lines(count: Int, bytes: Int, digest: UInt64, check: UInt64)
    }

    /// The header's interval, when the header reads.
    var sampleInterval: Duration?
    /// The session; `nil` when the trace cannot be read at all.
    var session: Session?
    /// Why the trace cannot be replayed, found on its first bytes (a compressed file).
    var problem: String?

    /// Reads what it needs of `source`: its header, and all its lines when the header
    /// names no session.
    init(of source: TraceSource, limits: TraceLimits) {
        let read = source.withLines(maximumLineBytes: limits.maximumLineBytes) { reader -> TraceIdentity in
            var identity = TraceIdentity()
            var digest = LineDigest()
            var sawHeader = false
            while let line = try? reader.next() {
                guard let bytes = line.text else {
                    digest.add(tooLongLine: line.number)
                    continue
                }
                if !sawHeader, !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    sawHeader = true
                    if bytes.starts(with: [0x1F, 0x8B]) {
                        identity.problem = "compressed (gzip): read it from standard input: zcat \(source.label.name) | impressions simulate --traces -"
                        return identity
                    }
                    var decoder = TraceDecoder(limits: limits)
                    if case .header(let header)? = try? decoder.decode(bytes, lineNumber: line.number) {
                        identity.sampleInterval = header.sampleInterval
                        if let session = header.session {
                            identity.session = .named(session)
                            return identity
                        }
                    }
                }
                digest.add(line: bytes)
            }
            identity.session = digest.session
            return identity
        }
        self = (try? read.get()) ?? TraceIdentity()
    }

    private init() {}
}

/// Two 64-bit hashes of a trace's lines, with their count and length, so that two
/// traces with other lines have the same digest by chance far less often than once in
/// 2^64 pairs.
///
/// Each hash takes a line eight bytes at a time, then its last bytes and its length (so
/// that a line's end is part of the digest, whichever newline ended it): a run over
/// traces without a session id hashes every byte they hold, so it takes words, not bytes.
private struct LineDigest {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var lines = 0
    private var bytes = 0

    mutating func add(line: ArraySlice<UInt8>) {
        lines += 1
        bytes += line.count + 1
        line.withUnsafeBytes { raw in
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

    /// A line past the limit, whose bytes were not kept: its place in the trace, told
    /// apart from a line's length by its top bit.
    mutating func add(tooLongLine number: Int) {
        lines += 1
        mix(0)
        mix(UInt64(truncatingIfNeeded: number) | 1 << 63)
    }

    /// Two multiply-and-rotate steps of other constants: xxHash64's round, and
    /// MurmurHash3's finaliser constant.
    private mutating func mix(_ word: UInt64) {
        first = first &+ word &* 0xC2B2_AE3D_27D4_EB4F
        first = ((first << 31) | (first >> 33)) &* 0x9E37_79B1_85EB_CA87
        second = (second ^ word) &* 0xff51_afd7_ed55_8ccd
        second = (second << 29) | (second >> 35)
    }

    var session: TraceIdentity.Session {
        .lines(count: lines, bytes: bytes, digest: first, check: second)
    }
}
