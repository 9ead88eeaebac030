import Testing
@testable import ImpressionTracking

/// What a section costs per policy in the counters: every section of every feed pays it,
/// in every engine a simulation runs, so a field added to the counters shows here first.
@Suite("The counters' size per section and policy")
struct CounterSizeTests {
    @Test("a section's counters take 88 bytes, with no room for exposure signals")
    func countersTake88Bytes() {
        #expect(MemoryLayout<SectionCounters>.stride == 88)
    }

    @Test("an engine without exposure signals keeps no signal counters; one with them keeps one per section and policy")
    func signalCountersOnlyWhenMeasured() throws {
        let sections = (0..<10).map { TrackedSection(id: $0, cells: [Rect(x: 0, y: Double($0) * 100, width: 100, height: 100)]) }
        var plain = try ImpressionEngine<Int>(policies: [.default, .mrcDisplay])
        try plain.setLayout(sections)
        #expect(plain.table.counters.count == 20)
        #expect(plain.table.signals.isEmpty)
        var measuring = try ImpressionEngine<Int>(policies: [.default, .mrcDisplay], measuresExposureSignals: true)
        try measuring.setLayout(sections)
        #expect(measuring.table.signals.count == 20)
    }

    @Test("a record of what a sample did takes 56 bytes: its exposure signals are kept beside it")
    func recordsTake56Bytes() {
        #expect(MemoryLayout<SampleRecord>.stride == 56)
    }

    @Test("records carry exposure signals only when the engine measures them")
    func recordSignalsOnlyWhenMeasured() throws {
        let sections = (0..<3).map { TrackedSection(id: $0, cells: [Rect(x: 0, y: Double($0) * 100, width: 100, height: 100)]) }
        for measuresSignals in [false, true] {
            var engine = try ImpressionEngine<Int>(policies: [.default, .mrcDisplay], measuresExposureSignals: measuresSignals)
            try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 300))
            try engine.setLayout(sections)
            let impressions = engine.advance(to: .seconds(2))
            #expect(impressions.count == 6)
            #expect(impressions.allSatisfy { ($0.signals != nil) == measuresSignals })
            #expect(engine.table.recordSignals.count == (measuresSignals ? 6 : 0))
        }
    }

    @Test("visits past the millionth still tell this visit from the last")
    func visitsStayExactFarOut() throws {
        var engine = try ImpressionEngine<Int>(policy: ImpressionPolicy(recurrence: .oncePerVisit))
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
        try engine.setLayout([TrackedSection(id: 1, cells: [Rect(x: 0, y: 0, width: 100, height: 100)])])
        for _ in 0..<1_000_000 { engine.reset() }
        #expect(engine.advance(to: .seconds(1)).count == 1)
        #expect(engine.advance(to: .seconds(3)).isEmpty)
        engine.disappear()
        engine.appear()
        #expect(engine.advance(to: .seconds(5)).map(\.visit) == [1_000_002])
    }
}
