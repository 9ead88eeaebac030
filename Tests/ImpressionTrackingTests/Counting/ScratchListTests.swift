@testable import ImpressionTracking
import Testing

@Suite("The scratch list the engine empties and refills")
struct ScratchListTests {
    @Test("random appends, emptyings, writes, sorts and de-duplications read the same as an array's")
    func matchesAnArray() {
        var random = SplitMix64(seed: 54)
        var list = ScratchList<Int32>()
        var model: [Int32] = []
        for step in 0 ..< 20_000 {
            switch random.int(in: 0 ... 9) {
            case 0:
                // Emptied: what the next fill writes goes over the values left.
                list.removeAll()
                model.removeAll()
            case 1 where !model.isEmpty:
                let index = random.int(in: 0 ... model.count - 1)
                let value = Int32(random.int(in: -5 ... 5))
                list[index] = value
                model[index] = value
            case 2:
                list.sort()
                model.sort()
                list.removeAdjacentDuplicates()
                model.removeAdjacentDuplicates()
            default:
                let value = Int32(random.int(in: -5 ... 5))
                list.append(value)
                model.append(value)
            }
            #expect(Array(list) == model, "step \(step)")
            #expect(list.count == model.count && list.isEmpty == model.isEmpty, "step \(step)")
        }
    }

    @Test("a shorter fill after a longer one ends where it ends")
    func shorterRefill() {
        var list = ScratchList<Int32>()
        for value in Int32(1) ... 5 { list.append(value) }
        list.removeAll()
        list.append(9)
        #expect(Array(list) == [9])
        #expect(list.count == 1 && list.last == 9)
    }
}
