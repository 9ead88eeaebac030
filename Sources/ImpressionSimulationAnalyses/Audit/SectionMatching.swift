import ImpressionTracking

/// The classification of one section's claims and expected impressions, step by step as
/// ``AuditClassifier`` documents it.
struct SectionMatching {
    let sectionID: String
    let expected: [Impression<String>]
    let claims: [AuditClassifier.Claim]
    /// Indices into `expected` and `claims`, in time order.
    let expectedOrder: [Int]
    let claimOrder: [Int]
    /// For each position in `claimOrder`, the position in `expectedOrder` it pairs with.
    private var pairOfClaim: [Int?]
    private var expectedIsPaired: [Bool]
    private(set) var findings: [AuditFinding] = []

    init(sectionID: String, expected: [Impression<String>], claims: [AuditClassifier.Claim],
         expectedOrder: [Int], claimOrder: [Int]) {
        self.sectionID = sectionID
        self.expected = expected
        self.claims = claims
        self.expectedOrder = expectedOrder
        self.claimOrder = claimOrder
        pairOfClaim = Array(repeating: nil, count: claimOrder.count)
        expectedIsPaired = Array(repeating: false, count: expectedOrder.count)
    }

    private func expectedTime(_ position: Int) -> Duration { expected[expectedOrder[position]].time }
    private func claim(_ position: Int) -> AuditClassifier.Claim { claims[claimOrder[position]] }

    /// Step 1: each impression, in time order, takes the earliest free claim in
    /// `[time - earliness, time + tolerance]`.
    mutating func match(tolerance: Duration, earliness: Duration) {
        var next = 0
        for position in expectedOrder.indices {
            let time = expectedTime(position)
            while next < claimOrder.count, claim(next).time < time - earliness { next += 1 }
            guard next < claimOrder.count, claim(next).time <= time + tolerance else { continue }
            pairOfClaim[next] = position
            expectedIsPaired[position] = true
            findings.append(finding(.matched, claim: next, expected: position))
            next += 1
        }
    }

    /// Steps 2 and 3: within each visit, left-over claims pair with the earliest
    /// left-over impression before them (late), then after them once its run of
    /// visibility has begun (early).
    mutating func pairWithinVisits() {
        var byVisit: [Int: (claims: [Int], expected: [Int])] = [:]
        for position in claimOrder.indices where pairOfClaim[position] == nil {
            byVisit[claim(position).visit, default: ([], [])].claims.append(position)
        }
        guard !byVisit.isEmpty else { return }
        for position in expectedOrder.indices where !expectedIsPaired[position] {
            let visit = expected[expectedOrder[position]].visit
            if byVisit[visit] != nil { byVisit[visit]?.expected.append(position) }
        }
        for (_, group) in byVisit where !group.expected.isEmpty {
            var remainingClaims: [Int] = []
            var next = 0
            for position in group.claims {
                if next < group.expected.count, expectedTime(group.expected[next]) < claim(position).time {
                    pair(position, group.expected[next], .late)
                    next += 1
                } else {
                    remainingClaims.append(position)
                }
            }
            var later = next
            for position in remainingClaims {
                while later < group.expected.count, expectedTime(group.expected[later]) <= claim(position).time { later += 1 }
                guard later < group.expected.count else { break }
                // Early only once the run of visibility that fires it has begun: before
                // that the section was not visible enough, and the claim is a phantom.
                let impression = expected[expectedOrder[group.expected[later]]]
                guard claim(position).time >= impression.time - impression.visibleDuration else { continue }
                pair(position, group.expected[later], .early)
                later += 1
            }
        }
    }

    private mutating func pair(_ claimPosition: Int, _ expectedPosition: Int, _ verdict: AuditVerdict) {
        pairOfClaim[claimPosition] = expectedPosition
        expectedIsPaired[expectedPosition] = true
        findings.append(finding(verdict, claim: claimPosition, expected: expectedPosition))
    }

    /// Steps 4 to 6: left-over claims are early (inside an impression's run), duplicates
    /// or phantoms; left-over impressions are missing.
    mutating func classifyLeftovers(recurrence: ImpressionPolicy.Recurrence) {
        // The latest paired claim so far, in time order: visits only grow with time, so
        // it is the one a left-over claim of the same visit would repeat.
        var latestPaired: Int?
        for position in claimOrder.indices {
            if pairOfClaim[position] != nil {
                latestPaired = position
                continue
            }
            if let running = runningImpression(at: claim(position)) {
                // Inside the run of an impression another claim took: early all the same.
                var early = finding(.early, claim: position, expected: running)
                early.expectedIndex = nil   // the impression is counted once, by the other claim
                findings.append(early)
                continue
            }
            var verdict = AuditVerdict.phantom
            if let paired = latestPaired, let pairedExpected = pairOfClaim[paired], claim(paired).visit == claim(position).visit {
                let sameEntry = claim(position).visibleSince.map { $0 <= expectedTime(pairedExpected) } ?? false
                if recurrence != .onEveryEntry || sameEntry {
                    verdict = .duplicate
                }
            }
            findings.append(finding(verdict, claim: position, expected: nil))
        }
        for position in expectedOrder.indices where !expectedIsPaired[position] {
            findings.append(finding(.missing, claim: nil, expected: position))
        }
    }

    /// The position of the first impression after `claim`, when it is in the claim's
    /// visit and its run of visibility had begun at the claim's time.
    private func runningImpression(at claim: AuditClassifier.Claim) -> Int? {
        let next = firstExpected(after: claim.time)
        guard next < expectedOrder.count else { return nil }
        let impression = expected[expectedOrder[next]]
        guard impression.visit == claim.visit, claim.time >= impression.time - impression.visibleDuration else { return nil }
        return next
    }

    /// The position of the first impression after `time`, by binary search over the time order.
    private func firstExpected(after time: Duration) -> Int {
        var low = 0
        var high = expectedOrder.count
        while low < high {
            let middle = (low + high) / 2
            if expectedTime(middle) <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func finding(_ verdict: AuditVerdict, claim claimPosition: Int?, expected expectedPosition: Int?) -> AuditFinding {
        let claimed = claimPosition.map { claim($0) }
        let impression = expectedPosition.map { expected[expectedOrder[$0]] }
        return AuditFinding(verdict: verdict, sectionID: sectionID, visit: claimed?.visit ?? impression?.visit ?? 0,
                            claimIndex: claimPosition.map { claimOrder[$0] }, claimTime: claimed?.time,
                            expectedIndex: expectedPosition.map { expectedOrder[$0] }, expectedTime: impression?.time)
    }
}
