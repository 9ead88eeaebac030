import Foundation
import ImpressionSimulation
import ImpressionTracking

// How far `impressions fit` lands from a known users file, on average over seeds: each
// seed simulates SESSIONS sessions of the model (log-normal lengths, median 120 s, capped
// at 900 s) on its own feed, writes their traces as `simulate --trace-out` does, fits them,
// and compares every rate and duration with the truth.
//
//   swift build --package-path Benchmarks -c release --product fit-bias
//   Benchmarks/.build/release/fit-bias 8 300
//
// Prints, per parameter, the mean of fitted / true over the seeds, and the range.

let arguments = CommandLine.arguments
guard arguments.count == 3, let seedCount = Int(arguments[1]), seedCount > 0,
      let sessions = Int(arguments[2]), sessions > 0 else {
    print("usage: fit-bias <seeds> <sessions per seed>")
    exit(2)
}

/// The known model: the parameter-recovery test's (`UserModelFitTests.truth`).
let truth = UserModel(
    meanReadingPause: .milliseconds(1800), readingPauseSigma: 0.7,
    medianFlingSpeed: 2600, flingSpeedSigma: 0.5, upwardFlingProbability: 0.25,
    velocityDecayPerMillisecond: 0.997, stoppingSpeed: 35, frameRate: 90,
    carouselSwipeProbability: 0.3, backToTopPerMinute: 0.5, backToTopDuration: .milliseconds(600),
    tabSwitchesPerMinute: 0.8, meanTimeOnOtherTab: .seconds(5),
    backgroundingsPerMinute: 0.5, meanTimeInBackground: .seconds(10),
    modalsPerMinute: 0.6, meanModalTime: .seconds(3), awayTimeSigma: 0.6,
    refreshesPerMinute: 0.4, refreshDuration: .milliseconds(1500),
    sessionLength: SessionLength(median: .seconds(120), sigma: 0.6))

let parameters: [(String, (UserModel) -> Double)] = [
    ("backToTopPerMinute", \.backToTopPerMinute), ("tabSwitchesPerMinute", \.tabSwitchesPerMinute),
    ("backgroundingsPerMinute", \.backgroundingsPerMinute), ("modalsPerMinute", \.modalsPerMinute),
    ("refreshesPerMinute", \.refreshesPerMinute), ("meanReadingPause", { $0.meanReadingPause.inSecondsValue }),
    ("meanTimeOnOtherTab", { $0.meanTimeOnOtherTab.inSecondsValue }),
    ("meanTimeInBackground", { $0.meanTimeInBackground.inSecondsValue }),
    ("meanModalTime", { $0.meanModalTime.inSecondsValue }), ("carouselSwipeProbability", \.carouselSwipeProbability),
    ("upwardFlingProbability", \.upwardFlingProbability), ("medianFlingSpeed", \.medianFlingSpeed),
]

extension Duration {
    var inSecondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

var ratios = Array(repeating: [Double](), count: parameters.count)
for seed in (1...UInt64(seedCount)).map({ $0 * 13 + 4 }) {
    let feed = Feed(sectionCount: 3000, seed: seed)
    let runner = try SessionRunner(feed: feed, policies: NamedPolicy.defaults.prefix(1).map { $0 },
                                   sampleInterval: .milliseconds(100), scope: .window(marginScreens: 2))
    let generator = SessionGenerator(model: truth, feed: feed, duration: .seconds(900))
    var fit = UserModelFit()
    for index in 0..<sessions { fit.add(runner.trace(of: generator.session(seed: seed, index: index))) }
    let model = try fit.estimate().model
    for (index, parameter) in parameters.enumerated() { ratios[index].append(parameter.1(model) / parameter.1(truth)) }
    print("seed \(seed): " + parameters.indices.map { String(format: "%.3f", ratios[$0].last!) }.joined(separator: " "))
}
for (index, parameter) in parameters.enumerated() {
    let values = ratios[index]
    let mean = values.reduce(0, +) / Double(values.count)
    print(parameter.0.padding(toLength: 26, withPad: " ", startingAt: 0)
        + String(format: "mean %.3f  range %.3f...%.3f", mean, values.min()!, values.max()!))
}
