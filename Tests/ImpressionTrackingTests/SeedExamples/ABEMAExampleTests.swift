import Testing
@testable import ImpressionTracking

@Suite("ABEMA (seed 004): 80 % of the area for 2 s")
struct ABEMAExampleTests {
    private static func item(y: Double) -> TrackedSection<String> {
        TrackedSection(id: "item", cells: [Rect(x: 0, y: y, width: 100, height: 100)])
    }

    @Test("79 % of the area never fires")
    func seventyNinePercentNeverFires() throws {
        var engine = try makeEngine(policy: .abema, showing: [Self.item(y: 521)])
        #expect(engine.advance(to: ms(10_000)) == [])
    }

    @Test("80 % of the area fires after 2 s")
    func eightyPercentFiresAfterTwoSeconds() throws {
        var engine = try makeEngine(policy: .abema, showing: [Self.item(y: 520)])
        #expect(engine.advance(to: ms(1900)) == [])
        #expect(engine.advance(to: ms(2000)) == [impression("item", at: .seconds(2), ratio: 0.8, seen: .seconds(2))])
    }
}
