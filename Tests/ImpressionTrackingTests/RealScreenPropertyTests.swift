import Testing
@testable import ImpressionTracking

/// The engine against the naive reference model on random sessions with every real-screen
/// feature switched on: carousels in scroll containers (some nested), content offsets,
/// viewport insets, obstructions, exit ratios and large-section rules.
///
/// Each session drives two engines and the model in lockstep: one engine through
/// `advanceWithEvents(to:)`, compared event for event with the model (exits, entries,
/// impressions, exposure times, order), the other through `advance(to:)`, compared
/// impression for impression. After every step the first engine's `snapshot()` must
/// match the model's view of every section (ratio, count, fired flag, reason). A mismatch
/// names the seed, the step and the steps before it; rerun it alone with
/// `firstMismatch(in: makeSession(seed:))`.
@Suite("Engine matches the reference model on real screens")
struct RealScreenPropertyTests {
    typealias Mismatch = EngineModelPropertyTests.Mismatch

    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (0 as UInt64..<10).map { (chunk: UInt64) -> ClosedRange<UInt64> in
        let first: UInt64 = 10_000 + chunk * 30 + 1
        return first...(first + 29)
    }

    static func makeSession(seed: UInt64) -> Session<Int> {
        var generator = SessionGenerator(seed: seed, features: .realScreens)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random real-screen sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        for seed in seeds {
            if let mismatch = try Self.firstMismatch(in: Self.makeSession(seed: seed)) {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test("the real-screen sessions reach every feature")
    func sessionsAreNotDegenerate() {
        var totals = ReferenceModel<Int>.Stats()
        var counts: [String: Int] = [:]
        for seed in UInt64(10_001)...10_100 {
            let session = Self.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                guard case .input(let input) = step.action else { continue }
                let accepted = model.perform(input)
                let kind: String
                switch input {
                case .layout(_, let containers) where !containers.isEmpty:
                    kind = containers.contains { $0.parentID != nil } ? "nested containers" : "containers"
                case .contentOffset: kind = "offset"
                case .viewportInsets: kind = "insets"
                case .obstructions: kind = "obstructions"
                default: kind = "other"
                }
                counts[kind + (accepted ? "" : " rejected"), default: 0] += 1
            }
            for event in model.events {
                switch event {
                case .entered: counts["entered", default: 0] += 1
                case .impression: counts["impression", default: 0] += 1
                case .exited(_, _, let stay, let total, _, _, _):
                    counts["exited", default: 0] += 1
                    if total > stay { counts["exposure over several stays", default: 0] += 1 }
                }
            }
            let stats = model.stats
            totals.keptByExitRatio += stats.keptByExitRatio
            totals.visibleThanksToCap += stats.visibleThanksToCap
            totals.visibleThanksToLowerRatio += stats.visibleThanksToLowerRatio
            totals.visibleWithNestedCells += stats.visibleWithNestedCells
            totals.clippedByContainer += stats.clippedByContainer
            totals.changedByObstructions += stats.changedByObstructions
            totals.hiddenByObstructions += stats.hiddenByObstructions
            totals.hiddenByInsets += stats.hiddenByInsets
        }
        for kind in ["containers", "nested containers", "offset", "insets", "obstructions"] {
            #expect(counts[kind, default: 0] > 50, "\(kind): \(counts)")
        }
        for kind in ["nested containers rejected", "offset rejected", "insets rejected", "obstructions rejected"] {
            #expect(counts[kind, default: 0] > 3, "\(kind): \(counts)")
        }
        for kind in ["entered", "exited", "impression", "exposure over several stays"] {
            #expect(counts[kind, default: 0] > 100, "\(kind): \(counts)")
        }
        #expect(totals.keptByExitRatio > 50, "\(totals)")
        #expect(totals.visibleThanksToCap > 50, "\(totals)")
        #expect(totals.visibleThanksToLowerRatio > 50, "\(totals)")
        #expect(totals.visibleWithNestedCells > 500, "\(totals)")
        #expect(totals.clippedByContainer > 500, "\(totals)")
        #expect(totals.changedByObstructions > 200, "\(totals)")
        #expect(totals.hiddenByObstructions > 50, "\(totals)")
        #expect(totals.hiddenByInsets > 50, "\(totals)")
    }

    @Test("the default sessions stay free of the new features")
    func defaultSessionsAreUnchanged() {
        for seed in UInt64(1)...20 {
            var generator = SessionGenerator(seed: seed)
            for step in generator.makeSession().steps {
                guard case .input(let input) = step.action else { continue }
                switch input {
                case .layout(_, let containers) where !containers.isEmpty:
                    Issue.record("seed \(seed): a default session has \(input)")
                case .contentOffset, .viewportInsets, .obstructions:
                    Issue.record("seed \(seed): a default session has \(input)")
                case .layout(let sections, _):
                    #expect(sections.allSatisfy { $0.nestedCells.isEmpty && ($0.policy.map(Self.hasNoRules) ?? true) })
                default:
                    break
                }
            }
        }
    }

    private static func hasNoRules(_ policy: ImpressionPolicy) -> Bool {
        policy.exitVisibleRatio == nil && policy.largeSectionRule == nil
    }

    // MARK: - Lockstep comparison

    /// The order key of an event within one advance: sample time, then exits before
    /// entries before impressions, then layout slot (-1 for a section no longer in the
    /// layout, those ordered among themselves by id: DESIGN leaves their order open).
    static func orderKey(_ event: VisibilityEvent<Int>, layout: [Int]) -> (Duration, Int, Int) {
        let kind: Int
        switch event {
        case .exited: kind = 0
        case .entered: kind = 1
        case .impression: kind = 2
        }
        return (event.time, kind, layout.firstIndex(of: event.sectionID) ?? -1)
    }

    /// The engine's events in the model's order: only exits of departed sections (equal
    /// keys) are reordered, by id as text, as the model reports them.
    static func canonical(_ events: [VisibilityEvent<Int>], layout: [Int]) -> [VisibilityEvent<Int>] {
        events.enumerated().sorted { lhs, rhs in
            let (l, r) = (orderKey(lhs.element, layout: layout), orderKey(rhs.element, layout: layout))
            if l != r { return l < r }
            if l.2 == -1 { return String(describing: lhs.element.sectionID) < String(describing: rhs.element.sectionID) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Replays `session` into two fresh engines and a fresh model side by side and
    /// returns the first difference, or `nil`.
    static func firstMismatch(in session: Session<Int>) throws -> Mismatch? {
        var eventEngine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                                    rememberedSectionLimit: session.rememberedSectionLimit,
                                                    measuresExposureSignals: session.measuresExposureSignals)
        var impressionEngine = eventEngine
        var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                        rememberedSectionLimit: session.rememberedSectionLimit,
                                        measuresExposureSignals: session.measuresExposureSignals)
        // The event engine works out the geometry at every sample, against the model's; the
        // impression engine does not, and must report the same.
        eventEngine.watchGeometry()
        model.geometryWatcher = ReferenceGeometryWatcher()
        for (index, step) in session.steps.enumerated() {
            // Described only for a report: describing every step would double the cost.
            var stepText: String { EngineModelPropertyTests.describe(step) }
            func mismatch(_ what: String, _ expected: some Any, _ got: some Any) -> Mismatch {
                Mismatch(seed: session.seed, stepIndex: index, step: stepText, what: what,
                         expected: "\(expected)", got: "\(got)", recentSteps: ["engine policy \(session.policy), interval \(session.sampleInterval), "
                                                                     + "remembered sections \(session.rememberedSectionLimit), "
                                                                     + "signals \(session.measuresExposureSignals)"]
                            + session.steps[max(0, index - 12)..<index].enumerated().map { offset, earlier in
                                "#\(max(0, index - 12) + offset) \(EngineModelPropertyTests.describe(earlier))"
                            })
            }
            let layoutIDs = model.layout.map(\.id)
            // A driver that sleeps until `nextEventTime` must miss nothing.
            let promised = eventEngine.nextEventTime
            let expected = model.advanceWithEvents(to: step.time)
            if let first = expected.first, promised.map({ first.time < $0 }) ?? true {
                return mismatch("nextEventTime before the step: no event before it", first, promised as Any)
            }
            let gotEvents = eventEngine.advanceWithEvents(to: step.time)
            let gotImpressions = impressionEngine.advance(to: step.time)
            let keys = gotEvents.map { orderKey($0, layout: layoutIDs) }
            if let unordered = keys.indices.dropFirst().first(where: { keys[$0] < keys[$0 - 1] }) {
                return mismatch("events out of order at index \(unordered)", expected, gotEvents)
            }
            if canonical(gotEvents, layout: layoutIDs) != expected {
                return mismatch("events up to \(step.time)", expected, gotEvents)
            }
            if gotImpressions != expected.compactMap(\.impression) {
                return mismatch("impressions (advance) up to \(step.time)", expected.compactMap(\.impression), gotImpressions)
            }
            if let difference = GeometryComparison.firstDifference(expected: model.geometryChanges,
                                                                    got: eventEngine.takeGeometryChanges()) {
                return mismatch("geometry up to \(step.time)", difference, "")
            }
            model.geometryChanges.removeAll()
            if !impressionEngine.takeGeometryChanges().isEmpty {
                return mismatch("geometry of an engine nobody watches", "none", "some")
            }
            switch step.action {
            case .flush:
                break
            case .rewind(let earlier):
                let backwards = eventEngine.advanceWithEvents(to: earlier)
                let backwardsImpressions = impressionEngine.advance(to: earlier)
                if !backwards.isEmpty || !backwardsImpressions.isEmpty {
                    return mismatch("advancing back to \(earlier) evaluated samples", "nothing", "\(backwards) \(backwardsImpressions)")
                }
                _ = model.advanceWithEvents(to: earlier)
            case .input(let input):
                let modelAccepted = model.perform(input)
                let eventEngineAccepted = eventEngine.perform(input)
                let impressionEngineAccepted = impressionEngine.perform(input)
                if modelAccepted != eventEngineAccepted || modelAccepted != impressionEngineAccepted {
                    return mismatch("input accepted", modelAccepted, "\(eventEngineAccepted) / \(impressionEngineAccepted)")
                }
            }
            if eventEngine.time != model.time || impressionEngine.time != model.time {
                return mismatch("time", model.time, "\(eventEngine.time) / \(impressionEngine.time)")
            }
            if eventEngine.visit != model.visit {
                return mismatch("visit", model.visit, eventEngine.visit)
            }
            if eventEngine.isActive != model.isActive {
                return mismatch("isActive", model.isActive, eventEngine.isActive)
            }
            // What the next sample will see, section by section.
            let snapshot = eventEngine.snapshot()
            let rows = snapshot.sections.prefix(model.layout.count)
            if snapshot.sections.count < model.layout.count {
                return mismatch("snapshot rows", model.layout.count, snapshot.sections.count)
            }
            for (section, row) in zip(model.layout, rows) {
                let expectedRow = model.expectedSnapshotRow(for: section)
                if !GeometryComparison.sameRow(expected: expectedRow, got: row) {
                    return mismatch("snapshot of section \(section.id)", expectedRow, row)
                }
            }
            if let stray = snapshot.sections.dropFirst(model.layout.count).first(where: { $0.notVisibleReason != .missingFromLayout }) {
                return mismatch("snapshot of a section not in the layout", "missing from layout", stray)
            }
            // The overlay's rows are the whole snapshot's rows, and hold every section that
            // shows or counts (the inactive ones too, when they show).
            let overlay = eventEngine.overlaySnapshot()
            let rowsByID = Dictionary(rows.map { ($0.sectionID, $0) }, uniquingKeysWith: { first, _ in first })
            if let stray = overlay.sections.first(where: { rowsByID[$0.sectionID] != $0 }) {
                return mismatch("an overlay row equal to the snapshot's", rowsByID[stray.sectionID] as Any, stray)
            }
            let overlayIDs = Set(overlay.sections.map(\.sectionID))
            if let missing = rows.first(where: {
                !overlayIDs.contains($0.sectionID) && ($0.visibleRatio > 0 || $0.isVisible || $0.consecutiveSamples > 0)
            }) {
                return mismatch("an overlay row for every section on screen", missing, "none")
            }
            // Durations are times between samples: no section was visible longer than it existed.
            if let older = snapshot.sections.first(where: {
                $0.statistics.totalVisibleDuration > $0.statistics.timeSinceFirstAppearance
                    || $0.statistics.visibleDurationThisVisit > $0.statistics.totalVisibleDuration
            }) {
                return mismatch("visible time within the section's age", "at most \(older.statistics.timeSinceFirstAppearance)",
                                older.statistics)
            }
            // One section's snapshot, measured alone, is its row of the whole one (a row a
            // step, in turn: every row every step would triple the suite's time).
            if !snapshot.sections.isEmpty {
                let row = snapshot.sections[index % snapshot.sections.count]
                let alone = eventEngine.snapshot(of: row.sectionID)
                if alone != row { return mismatch("snapshot(of: \(row.sectionID))", row, alone as Any) }
            }
        }
        return nil
    }
}
