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

    @Test("A time is later than another exactly when Duration's > says so, past 64-bit nanoseconds and below zero")
    func isLater() {
        let big = Duration.seconds(Int64.max)
        let times: [Duration] = [
            .zero, .nanoseconds(1), .nanoseconds(-1), .milliseconds(100), .seconds(1) / 3, .seconds(1) / 3 + .nanoseconds(1),
            .nanoseconds(Int64.max), .nanoseconds(Int64.max) + .nanoseconds(1), big, big + .seconds(1), .zero - big,
            .zero - big - .seconds(1),
        ]
        for a in times {
            for b in times {
                #expect(a.isLater(than: b) == (a > b), "\(a) later than \(b)")
            }
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

    /// `time` in attoseconds, exactly, from its components (saturated as the engine
    /// saturates, at 2^63 - 1 seconds).
    static func exactAttoseconds(_ time: Duration) -> Int128 {
        let limit = Duration.seconds(Int64.max)
        let (seconds, attoseconds) = (time > limit ? limit : time).components
        return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }

    @Test("The sample at a time is the exact floor of time over interval, on both sides of 64-bit nanoseconds", arguments: intervals)
    func sampleAtTime(interval: Duration) {
        let grid = SampleGrid(interval: interval)
        // Where the 64-bit path stops: 2^64 nanoseconds, 584 years.
        let edge = Int128(1_000_000_000) << 64
        let edges = (-3...3).map { edge + Int128($0) } + [edge - 1_000_000_000, edge + 1_000_000_000, edge * 2, edge * 1_000_000]
        var attoseconds: [Int128] = [0, 1, 999_999_999, 1_000_000_000, 99_999_999_999_999_999, 100_000_000_000_000_000] + edges
        var generator = SplitMix64(seed: 54)
        for _ in 0..<2_000 {
            // Spread over every magnitude, 1 as to past the saturation at 2^63 seconds.
            let bits = 1 + Int(generator.next() % 126)
            let random = UInt128(generator.next()) << 64 | UInt128(generator.next())
            attoseconds.append(Int128(random >> (128 - bits)))
        }
        let intervalAttoseconds = Self.exactAttoseconds(interval)
        for value in attoseconds {
            let time = Duration(secondsComponent: Int64(clamping: value / 1_000_000_000_000_000_000),
                                attosecondsComponent: Int64(value % 1_000_000_000_000_000_000))
            let exact = Self.exactAttoseconds(time) / intervalAttoseconds
            let expected = exact >= Int128(Int.max - 1) ? Int.max - 1 : Int(exact)
            #expect(grid.lastSample(atOrBefore: time) == expected, "interval \(interval), \(value) as")
        }
        #expect(grid.lastSample(atOrBefore: .zero - .nanoseconds(1)) == -1)
        #expect(grid.lastSample(atOrBefore: .seconds(Int64.max) + .seconds(Int64.max)) == min(Int.max - 1, Int(clamping: Self.exactAttoseconds(.seconds(Int64.max)) / intervalAttoseconds)))
    }
}
