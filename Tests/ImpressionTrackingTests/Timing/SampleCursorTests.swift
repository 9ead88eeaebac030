@testable import ImpressionTracking
import Testing

@Suite("Sample cursor")
struct SampleCursorTests {
    @Test("The cursor gives the grid's sample for times in order, out of order, repeated, negative and past saturation",
          arguments: SampleGridTests.intervals)
    func agreesWithTheGrid(interval: Duration) {
        let grid = SampleGrid(interval: interval)
        var cursor = SampleCursor(grid: grid)
        var generator = SplitMix64(seed: 55)
        let intervalAttoseconds = SampleGridTests.exactAttoseconds(interval)
        var times: [Duration] = [.zero, .zero - .nanoseconds(1), .seconds(Int64.max), .seconds(Int64.max) + .seconds(1),
                                 .zero - .seconds(Int64.max), interval, interval - .nanoseconds(1), interval * 2]
        func duration(_ attoseconds: Int128) -> Duration {
            Duration(secondsComponent: Int64(clamping: attoseconds / 1_000_000_000_000_000_000),
                     attosecondsComponent: Int64(attoseconds % 1_000_000_000_000_000_000))
        }
        // Both edges of a sample's span, one attosecond apart, each way.
        for sample in [Int128(1), 2, 10, 600] {
            let edge = sample * intervalAttoseconds
            times += [edge - 1, edge, edge + 1, edge - 1, edge, edge + intervalAttoseconds - 1,
                      edge + intervalAttoseconds, edge].map(duration)
        }
        var time = Duration.zero
        for _ in 0..<3_000 {
            switch generator.next() % 6 {
            case 0: time = .zero - time   // the other side of zero
            case 1: time = interval * Int(generator.next() % 1_000)   // exactly on a sample
            case 2: time = time - interval / 3   // back, often into the sample before
            case 3: break   // the same time again
            default:
                // Forward by less than an interval, or by many of them.
                let step = Int128(generator.next() % (generator.next() % 4 == 0 ? 1_000_000_000 : 1_000))
                time = duration(SampleGridTests.exactAttoseconds(time) + step * intervalAttoseconds / 700)
            }
            // Far times are the fixed ones above; the walk starts again from zero.
            if time > .seconds(Int64.max / 2) || time < .zero - .seconds(Int64.max / 2) { time = .zero }
            times.append(time)
        }
        for time in times {
            #expect(cursor.lastSample(atOrBefore: time) == grid.lastSample(atOrBefore: time), "interval \(interval), \(time)")
        }
    }
}
