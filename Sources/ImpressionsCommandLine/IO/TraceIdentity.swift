import ImpressionSimulation
import ImpressionTracking

/// What a run knows of a trace before replaying it: its header's sample interval, and
/// which session it records, so that copies of one session (an upload retried, a file
/// given twice under two names) count once.
///
/// A trace whose header names its `session` is that session. One without is known by its
/// lines: a digest of them (``TraceLineDigest``, each line ended alike whether it was
/// written with `\n` or `\r\n`), so that byte-for-byte copies are one session.
struct TraceIdentity: Sendable {
    /// Which session a trace records.
    enum Session: Hashable, Sendable {
        /// Named in the header.
        case named(String)
        /// Known by its lines.
        case lines(TraceLineDigest)
    }

    /// The header's interval, when the header reads.
    var sampleInterval: Duration?
    /// The session; `nil` when the trace cannot be read at all, or names no session and
    /// its lines were left to be digested as they are counted.
    var session: Session?
    /// The header names no session and its lines were not read here: the count digests
    /// them as it reads them.
    var isKnownByUnreadLines = false
    /// Why the trace cannot be replayed, found on its first bytes (a compressed file).
    var problem: String?

    /// Reads what it needs of `source`: its header, and when the header names no session,
    /// all its lines if `readingLines`.
    init(of source: TraceSource, limits: TraceLimits, readingLines: Bool) {
        // Only the header, most often: its first few kilobytes, not a whole chunk of a
        // trace that the count reads next.
        let chunkSize = readingLines ? TraceLineReader.chunkSize : Self.headerChunkSize
        let read = source.withLines(maximumLineBytes: limits.maximumLineBytes, chunkSize: chunkSize) { reader -> TraceIdentity in
            var identity = TraceIdentity()
            // Only a digest that is kept: the count digests a trace it reads whole itself.
            if readingLines { reader.digest = TraceLineDigest() }
            while let line = try? reader.next() {
                guard let bytes = line.text, !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
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
                break
            }
            guard readingLines else {
                identity.isKnownByUnreadLines = true
                return identity
            }
            while (try? reader.next()) != nil {}
            identity.session = reader.digest.map(Session.lines)
            return identity
        }
        self = (try? read.get()) ?? TraceIdentity()
    }

    private init() {}

    /// The size of the chunks a trace's header is read in.
    static let headerChunkSize = 4 << 10
}
