import ImpressionTracking

/// Classifies claimed impressions (another SDK's) against the expected ones (the
/// engine's, from replaying the same trace under the same policy): every claim and every
/// expected impression gets exactly one ``AuditVerdict``.
///
/// Pure and deterministic. Sections are independent; within a section:
///
/// 1. **Matched**: a claim at `c` is on time for an impression at `e` when
///    `e - earliness <= c <= e + tolerance`. In time order, each impression takes the earliest
///    claim not yet taken in its window (greedy one-to-one; because every window has the
///    same length, this matches as many pairs as any matching can). Visits play no part
///    here: a claim that arrives on time just after the app left still matched.
/// 2. **Late**: within one visit, each claim left over, in time order, pairs with the
///    earliest impression left over that is before it (necessarily more than the
///    tolerance before it).
/// 3. **Early**: within one visit, each claim still left over, in time order, pairs with
///    the earliest impression left over that is after it, if the run of visibility that
///    fires that impression had begun at the claim's time (`c >= e - visibleDuration`).
///    So an early claim is one with an expected impression later in the same visit of
///    that section, made while the section was visible enough but not yet for long
///    enough; a claim before the run began (the section offscreen, below the threshold,
///    inactive) is left over.
/// 4. **Early**, again: a claim still left over that falls inside the run of an
///    impression of its visit that another claim took (a second, premature claim of one
///    entry) is early too; its finding names the impression's time but not its index,
///    so the impression is counted once, by the claim that took it.
/// 5. **Duplicate**: a claim still left over is a duplicate when the same section has a
///    paired claim (matched, late or early) at or before it in the same visit and the
///    recurrence forbids a second: always for `.oncePerVisit` and `.oncePerTracker`; for
///    `.onEveryEntry` when the section has been visible without a break since at least
///    that paired claim's impression (``Claim/visibleSince``): it claims the same entry
///    again.
/// 6. **Phantom**: any other claim left over: nothing was expected for it in that visit,
///    or the section was not visible enough at its time.
/// 7. **Missing**: an impression left over.
///
/// A claim's visit is the engine's visit at the claim's time (see ``AuditReplayer``),
/// not what the other code numbered it, which may differ. The recurrence is the audited
/// policy's; a section's own policy in the trace does not change it.
package struct AuditClassifier: Sendable {
    /// A claimed impression as the classifier sees it.
    package struct Claim: Sendable, Hashable {
        /// The section claimed.
        package var sectionID: String
        /// When it was claimed, on the trace's time.
        package var time: Duration
        /// The engine's visit at that time.
        package var visit: Int
        /// When the section's run of visibility began, as the engine saw it at the last
        /// sample at or before the claim; `nil` when it was not in one then.
        package var visibleSince: Duration?

        /// Creates a claim.
        package init(sectionID: String, time: Duration, visit: Int, visibleSince: Duration? = nil) {
            self.sectionID = sectionID
            self.time = time
            self.visit = visit
            self.visibleSince = visibleSince
        }
    }

    /// The audited policy's recurrence: what makes a second claim a duplicate.
    package var recurrence: ImpressionPolicy.Recurrence
    /// How long after the expected time a claim is still on time: the other code's own
    /// sample interval.
    package var tolerance: Duration
    /// How long before the expected time a claim is still on time: zero, but for code that
    /// judges between the engine's samples (``AuditReplayer/earliness(of:sampleInterval:)``).
    package var earliness: Duration

    /// A classifier for `recurrence`, `tolerance` and `earliness`.
    package init(recurrence: ImpressionPolicy.Recurrence, tolerance: Duration, earliness: Duration = .zero) {
        self.recurrence = recurrence
        self.tolerance = max(.zero, tolerance)
        self.earliness = max(.zero, earliness)
    }

    /// Classifies every claim and every expected impression.
    ///
    /// - Parameters:
    ///   - expected: the engine's impressions, in any order.
    ///   - claims: the claims, in any order.
    /// - Returns: one finding per claim and per unpaired expected impression, in time order.
    package func classify(expected: [Impression<String>], claims: [Claim]) -> AuditReport {
        var groups: [String: (expected: [Int], claims: [Int])] = [:]
        for index in expected.indices { groups[expected[index].sectionID, default: ([], [])].expected.append(index) }
        for index in claims.indices { groups[claims[index].sectionID, default: ([], [])].claims.append(index) }
        var findings: [AuditFinding] = []
        findings.reserveCapacity(expected.count + claims.count)
        for (section, group) in groups {
            // Stable sorts: equal times keep their input order.
            let expectedOrder = group.expected.enumerated().sorted {
                (expected[$0.element].time, $0.offset) < (expected[$1.element].time, $1.offset)
            }.map(\.element)
            let claimOrder = group.claims.enumerated().sorted {
                (claims[$0.element].time, $0.offset) < (claims[$1.element].time, $1.offset)
            }.map(\.element)
            var section = SectionMatching(sectionID: section, expected: expected, claims: claims,
                                          expectedOrder: expectedOrder, claimOrder: claimOrder)
            section.match(tolerance: tolerance, earliness: earliness)
            section.pairWithinVisits()
            section.classifyLeftovers(recurrence: recurrence)
            findings += section.findings
        }
        findings.sort { left, right in
            if left.time != right.time { return left.time < right.time }
            if left.sectionID != right.sectionID { return left.sectionID < right.sectionID }
            return (left.claimIndex ?? -1, left.expectedIndex ?? -1) < (right.claimIndex ?? -1, right.expectedIndex ?? -1)
        }
        return AuditReport(findings: findings, claimCount: claims.count, expectedCount: expected.count)
    }
}
