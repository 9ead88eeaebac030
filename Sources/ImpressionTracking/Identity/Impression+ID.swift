extension Impression {
    /// The impression's stable id: the same 32 lowercase hex digits on every platform and
    /// every run, for the same session, definition, section, visit and sample.
    ///
    /// The first 16 bytes (128 bits) of the SHA-256 of ``idText``'s UTF-8: of the
    /// ``session``, the ``ImpressionPolicy/fingerprint`` of the ``policyDefinition``, the
    /// section id as text, the ``visit`` and the ``sample``. Any difference in those five
    /// gives another id; at 128 bits a warehouse of 10¹² impressions holds a collision
    /// with odds of about 1 in 10¹⁵. An impression a tracker published in the app and
    /// the one its recorded trace gives when re-measured under the same definition have
    /// the same id, so a backend that receives an upload twice keeps one row per id.
    ///
    /// Computed when read, never in the sample loop: two SHA-256s of a few hundred
    /// bytes.
    ///
    /// What it promises depends on the session:
    /// - With a session (a ``TraceRecorder``'s, or one given to the engine or tracker),
    ///   ids are unique across sessions as long as session names are: use the app's
    ///   session id, not a constant.
    /// - Without one (`nil`), the id names the impression within its session only: two
    ///   sessions' impressions of the same section, visit and sample under the same
    ///   definition share it. Deduplicate such ids only together with something else
    ///   that tells sessions apart.
    ///
    /// The section id is written as a trace writes it: a `String` as it is, any other id
    /// as `String(describing:)`. So an id type needs a description that is the same on
    /// every platform and run and tells its values apart (integers, strings and UUIDs
    /// do; a class without a description, which prints its address, does not).
    ///
    /// A contract: the tests pin known values, and a change to the function is made only
    /// with a changelog entry.
    public var id: String {
        id(policyFingerprint: policyDefinition.fingerprint)
    }

    /// ``id``, given the fingerprint of ``policyDefinition``: what a writer of many rows
    /// under few policies calls, so that each policy's fingerprint is hashed once.
    package func id(policyFingerprint: String) -> String {
        SHA256.hexPrefix(of: idText(policyFingerprint: policyFingerprint), byteCount: 16)
    }

    /// The text ``id`` hashes: a first line naming the form, then one line per field,
    /// each text field prefixed by its length in UTF-8 bytes, so that no two sets of
    /// fields make the same text whatever they hold:
    ///
    /// ```
    /// impression-id/1
    /// session=4:7F3A
    /// policy=16:7a3b5c1e9d2f4a60
    /// section=4:hero
    /// visit=1
    /// sample=10
    /// ```
    ///
    /// A session of `nil` is written `session=none`, which no length-prefixed value can
    /// be. A backend holding these fields recomputes ``id`` from this text.
    public var idText: String {
        idText(policyFingerprint: policyDefinition.fingerprint)
    }

    /// ``idText``, given the fingerprint of ``policyDefinition``.
    private func idText(policyFingerprint: String) -> String {
        var text = "impression-id/1\n"
        func field(_ key: String, _ value: String) {
            text += key + "=" + String(value.utf8.count) + ":" + value + "\n"
        }
        if let session { field("session", session) } else { text += "session=none\n" }
        field("policy", policyFingerprint)
        field("section", TraceRecorder.text(sectionID))
        text += "visit=" + String(visit) + "\n"
        text += "sample=" + String(sample) + "\n"
        return text
    }
}
