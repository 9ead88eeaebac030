import Testing
@testable import ImpressionTracking

/// ``SlotsByID`` scans the ids of a few sections and hashes those of more: both ways must
/// find the same slots, refuse the same duplicates, and carry counters over alike when a
/// layout crosses from one to the other.
@Suite("Slots by id")
struct SlotsByIDTests {
    /// Counts on both sides of the scan limit.
    static let counts = [0, 1, SlotsByID<Int>.scanLimit - 1, SlotsByID<Int>.scanLimit, SlotsByID<Int>.scanLimit + 1, 100]

    @Test("every id finds its slot and no other id finds one, scanned or hashed", arguments: counts)
    func findsEverySlot(count: Int) {
        var table = SlotsByID<String>(capacity: count)
        for slot in 0..<count { #expect(table.append("id-\(slot * 7)") == nil) }
        #expect(table.count == count)
        #expect(table.ids == (0..<count).map { "id-\($0 * 7)" })
        for slot in 0..<count {
            #expect(table["id-\(slot * 7)"] == slot)
            // A wrong guess, a right one and one out of range find the same slot.
            #expect(table.slot(of: "id-\(slot * 7)", guessing: slot + 1) == slot)
            #expect(table.slot(of: "id-\(slot * 7)", guessing: slot) == slot)
            #expect(table.slot(of: "id-\(slot * 7)", guessing: -1) == slot)
            #expect(table["id-\(slot * 7 + 1)"] == nil)
        }
        #expect(table.slot(of: "missing", guessing: 0) == nil)
    }

    @Test("a duplicate id gives the first one's slot and adds nothing, scanned or hashed", arguments: counts.filter { $0 > 0 })
    func refusesDuplicates(count: Int) {
        var table = SlotsByID<Int>(capacity: count + 1)
        for slot in 0..<count { #expect(table.append(slot * 3) == nil) }
        #expect(table.append((count - 1) * 3) == count - 1)
        #expect(table.append(0) == 0)
        #expect(table.count == count)
        #expect(table[0] == 0 && table[(count - 1) * 3] == count - 1)
    }

    @Test("the engine refuses a duplicate id among many sections, naming the first", arguments: [10, 40])
    func engineRefusesDuplicates(count: Int) throws {
        var engine = try ImpressionEngine<Int>()
        var sections = (0..<count).map { TrackedSection(id: $0, cells: [Rect(x: 0, y: Double($0) * 100, width: 320, height: 90)]) }
        sections.append(TrackedSection(id: count / 2, cells: []))
        do {
            try engine.setLayout(sections)
            Issue.record("a duplicate id was taken")
        } catch {
            #expect(error.problem == .duplicateSectionID(firstIndex: count / 2))
            #expect(error.sectionIndex == count)
        }
    }

    /// A feed of 120 sections 100 pt tall, seen through windows whose sizes cross the
    /// scan limit both ways (a short layout after a long one, and back), scrolled so that
    /// sections stay, leave and come back: the impressions must be the reference model's,
    /// and those of an engine given the whole feed at every step.
    @Test("windows that cross the scan limit carry counters over as the whole feed does")
    func windowsAcrossTheLimit() throws {
        let feed = (0..<120).map { TrackedSection(id: $0, cells: [Rect(x: 0, y: Double($0) * 100, width: 320, height: 90)]) }
        var windowed = try ImpressionEngine<Int>(policies: [.default, .mrcDisplay])
        var whole = try ImpressionEngine<Int>(policies: [.default, .mrcDisplay])
        var model = ReferenceModel<Int>(policy: .default)
        try whole.setLayout(feed)
        var random = UInt64(7)
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        var time = Duration.zero
        var windowedFired: [(Int, Int, Duration)] = []
        var wholeFired: [(Int, Int, Duration)] = []
        var modelFired: [(Int, Duration)] = []
        for step in 0..<60 {
            // Windows of 7 to 75 sections: the viewport's 7 and a margin either side, as a
            // lazy list reports them.
            let top = next(110)
            let viewport = Rect(x: 0, y: Double(top) * 100, width: 320, height: 600)
            let margin = [0, 34, 3, 17, 13, 12, 1][step % 7]
            let window = Array(feed[max(0, top - margin)..<min(feed.count, top + 7 + margin)])
            try windowed.setLayout(window)
            try windowed.setViewport(viewport)
            try whole.setViewport(viewport)
            _ = model.setLayout(window)
            _ = model.setViewport(viewport)
            time += .milliseconds(100 * (1 + next(25)))
            windowedFired += windowed.advance(to: time).map { ($0.policy, $0.sectionID, $0.time) }
            wholeFired += whole.advance(to: time).map { ($0.policy, $0.sectionID, $0.time) }
            modelFired += model.advance(to: time).map { ($0.sectionID, $0.time) }
        }
        #expect(!modelFired.isEmpty)
        #expect(windowedFired.map { "\($0)" } == wholeFired.map { "\($0)" })
        #expect(windowedFired.filter { $0.0 == 0 }.map { "\($0.1) \($0.2)" } == modelFired.map { "\($0.0) \($0.1)" })
    }
}
