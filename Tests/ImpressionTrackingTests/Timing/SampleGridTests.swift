@testable import ImpressionTracking
import Testing

@Suite("Sample grid")
struct SampleGridTests {
    /// Intervals of whole nanoseconds, whose times are worked out in 64 bits, and others,
    /// worked out in attoseconds.
    static let intervals: [Duration] = [
        .milliseconds(100), .nanoseconds(1), .milliseconds(1500), .seconds(1) / 3, .seconds(7) / 9, .seconds(86_400),
    ]

    @Test("A sample's time is the interval times its index, on both sides of 64-bit nanoseconds", arguments: intervals)
    func timeOfSample(interval: Duration) {
        let grid = SampleGrid(interval: interval)
        let (seconds, attoseconds) = interval.components
        // The last index whose time fits an Int64 of nanoseconds, for whole nanoseconds.
        let nanoseconds = Int64(seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        let lastIn64Bits = Int(Int64.max / nanoseconds)
        // One nanosecond reaches every index in 64 bits.
        let beyond = lastIn64Bits == .max ? [] : [lastIn64Bits + 1, -lastIn64Bits - 1]
        for index in [0, 1, -1, 7, -7, 600, 1_000_003, lastIn64Bits - 1, lastIn64Bits] + beyond {
            #expect(grid.time(ofSample: index) == interval * index, "interval \(interval), sample \(index)")
        }
    }

    @Test("A sample's time and the sample at a time agree")
    func roundTrip() {
        for interval in Self.intervals {
            let grid = SampleGrid(interval: interval)
            for index in [0, 1, 2, 9, 10, 599, 600, 123_456_789] {
                #expect(grid.lastSample(atOrBefore: grid.time(ofSample: index)) == index, "interval \(interval), sample \(index)")
            }
        }
    }
}
