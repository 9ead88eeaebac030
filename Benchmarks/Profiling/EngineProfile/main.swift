import ImpressionSimulation
import ImpressionTracking
import ZOZOBaseline

#if canImport(Glibc)
import Glibc
#endif

// A small release executable that repeats one engine operation, for profilers that
// count instructions (valgrind's callgrind) rather than time:
//
//   swift build --package-path Benchmarks -c release --product engine-profile
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/steady.callgrind \
//       Benchmarks/.build/release/engine-profile steady 1000000 10000
//   callgrind_annotate /tmp/steady.callgrind | head -40
//
// Operations: `steady` (advance by one sample, nothing moved), `scroll` (16 pt, then
// advance by 16.7 ms), `layout` (setLayout of the whole feed on a new engine),
// `relayout` (setLayout of the same feed again), `state` (one section's loaded state
// changed alone), `burst` (`<sections>` tiny sections all on screen with the `.anyPixel`
// policy: `reset()`, then one sample fires every one),
// `baseline-steady` and `baseline-scroll` (the same as `steady` and `scroll` with ZOZO's
// seed algorithm, the benchmarks' baseline). `ENGINE_PROFILE_POLICY=width-focus` runs
// `steady` and `scroll` measured by width with a focus rule; `ENGINE_PROFILE_POLICY=margins`
// runs them with the viewport grown by 10 % at the top and bottom (relative insets);
// `ENGINE_PROFILE_POLICY=gates` with a minimum opacity of 0.1, every third section at opacity 0.05 and every fifth not
// loaded (the load gate and opacity). `ENGINE_PROFILE_POLICIES=4` runs `steady` and
// `scroll` on one ImpressionEngine with the README's four policies (`25`: the twenty-five of
// `multi-policy-cost.sh`, in `simulate` too). `ENGINE_PROFILE_SIGNALS=1`
// makes the engines of `steady` and `scroll` measure exposure signals.
// `ENGINE_PROFILE_GEOMETRY=1` makes them watch the geometry (`watchGeometry()`) and take
// its changes after every sample, as the tracker does for a geometry subscriber; the
// changes taken are printed, so a cost per changed section can be worked out.
// `simulate` runs `<repetitions>` sessions of `impressions simulate` (60 s, `<sections>`
// sections) on this thread, with `--policy default`, or the four with
// `ENGINE_PROFILE_POLICIES=4`: what Benchmarks/README.md's simulate goals time, in instructions
// (`4-area`, `4-height`: four of one way of measuring; `area`: MRC display alone;
// `defaults`: the command line's three default policies).
// The feed is the benchmarks' own: sections of two 390 x 150 cells, 8 pt apart.

let arguments = CommandLine.arguments
guard arguments.count == 4, let sectionCount = Int(arguments[2]), let repetitions = Int(arguments[3]) else {
    print("usage: engine-profile steady|scroll|simulate|layout|relayout|state|burst|baseline-steady|baseline-scroll <sections> <repetitions>")
    exit(2)
}

let sectionPitch = 316.0
let profilePolicy = getenv("ENGINE_PROFILE_POLICY").map { String(cString: $0) }
let profilePolicies = getenv("ENGINE_PROFILE_POLICIES").map { String(cString: $0) }
let measuresSignals = getenv("ENGINE_PROFILE_SIGNALS").map { String(cString: $0) } == "1"
let watchesGeometry = getenv("ENGINE_PROFILE_GEOMETRY").map { String(cString: $0) } == "1"
/// The geometry changes taken (`ENGINE_PROFILE_GEOMETRY=1`), after the set-up's.
var geometryChanges = 0
/// The README's four policies.
let readmeFourPolicies: [ImpressionPolicy] = [.default, .mrcDisplay, .abema, .mrcVideo]
/// The twenty-five policies of `Benchmarks/multi-policy-cost.sh`: every preset it names,
/// ratios from 0.1 to 1, longer durations, a focus rule, cumulative timing with a cooldown.
let multiPolicyCostTwentyFive: [ImpressionPolicy] = {
    var cumulative = ImpressionPolicy.default
    cumulative.timing = .cumulative
    cumulative.cooldown = .seconds(30)
    var focus = ImpressionPolicy(minimumVisibleRatio: 1)
    focus.largeSectionRule = .focus(fraction: 0.5)
    return [.default, .mrcDisplay, .abema, .sarahCell, .zozoModule, .cookpadShowContent, .anyPixel, .mrcVideo,
            .mrcLargeDisplay, .viewportRelative, .mrcNewsfeedSubSecond]
        + [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1].map { ImpressionPolicy(minimumVisibleRatio: $0) }
        + [ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(2)), focus, cumulative,
           ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(3)),
           ImpressionPolicy(minimumVisibleRatio: 0.25, minimumDuration: .milliseconds(500))]
}()
let sections = (0 ..< sectionCount).map { index in
    let top = Double(index) * sectionPitch
    var section = TrackedSection(id: index, cells: [
        Rect(x: 0, y: top, width: 390, height: 150),
        Rect(x: 0, y: top + 158, width: 390, height: 150),
    ])
    if profilePolicy == "gates" {
        if index % 3 == 0 { section.opacity = 0.05 }
        if index % 5 == 0 { section.isLoaded = false }
    }
    return section
}
let contentHeight = Double(sectionCount) * sectionPitch
var viewportTop = Double(sectionCount / 2) * sectionPitch + 100
var engine = try ImpressionEngine<Int>(measuresExposureSignals: measuresSignals)
// ENGINE_PROFILE_POLICY=width-focus: the engine measures by width with Epoxy's focus rule,
// to check that the knobs cost no malloc.
if profilePolicy == "width-focus" {
    engine = try ImpressionEngine<Int>(policy: ImpressionPolicy(minimumVisibleRatio: 1, measure: .width, exitVisibleRatio: nil,
                                                            largeSectionRule: .focus(fraction: 0.5)),
                                       measuresExposureSignals: measuresSignals)
}
if profilePolicy == "gates" {
    var policy = ImpressionPolicy.default
    policy.minimumOpacity = 0.1
    engine = try ImpressionEngine<Int>(policy: policy, measuresExposureSignals: measuresSignals)
}
var fired = 0

/// Sets up `engine` in the middle of the feed, then repeats one sample (`steady`) or one
/// 60 Hz scroll step (`scroll`); returns the impressions fired.
@MainActor
func repeatSamples(of engine: inout ImpressionEngine<Int>, scrolling isScroll: Bool) throws -> Int {
    var fired = 0
    try engine.setViewport(Rect(x: 0, y: viewportTop, width: 390, height: 844))
    if profilePolicy == "margins" { try engine.setViewportInsets(.percent(top: -10, bottom: -10)) }
    try engine.setLayout(sections, containers: [])
    if watchesGeometry { engine.watchGeometry() }
    var time = Duration.seconds(2)
    fired += engine.advance(to: time).count
    _ = engine.takeGeometryChanges()
    for _ in 0 ..< repetitions {
        if isScroll {
            viewportTop += 16
            if viewportTop + 844 > contentHeight { viewportTop = 0 }
            try engine.setViewport(Rect(x: 0, y: viewportTop, width: 390, height: 844))
            time += .microseconds(16_700)
        } else {
            time += .milliseconds(100)
        }
        fired += engine.advance(to: time).count
        if watchesGeometry { geometryChanges += engine.takeGeometryChanges().count }
    }
    return fired
}

switch arguments[1] {
case "steady", "scroll":
    // ENGINE_PROFILE_POLICIES=4: the README's four policies in one ImpressionEngine.
    if profilePolicies == "4" || profilePolicies == "25" {
        let policies = profilePolicies == "4" ? readmeFourPolicies : multiPolicyCostTwentyFive
        var multi = try ImpressionEngine<Int>(policies: policies, measuresExposureSignals: measuresSignals)
        fired += try repeatSamples(of: &multi, scrolling: arguments[1] == "scroll")
    } else {
        fired += try repeatSamples(of: &engine, scrolling: arguments[1] == "scroll")
    }
case "simulate":
    let policies: [ImpressionPolicy] = switch profilePolicies {
    case "4": readmeFourPolicies
    case "25": multiPolicyCostTwentyFive
    // Four policies of one way of measuring (one column), by area and by height.
    case "4-area": [.mrcDisplay, .abema, .mrcVideo, .mrcNewsfeedSubSecond]
    case "4-height": [.default, .sarahCell, ImpressionPolicy(minimumVisibleRatio: 0.6), ImpressionPolicy(minimumVisibleRatio: 0.8)]
    case "area": [.mrcDisplay]
    // The command line's three, as `impressions simulate` runs without `--policy`.
    case "defaults": NamedPolicy.defaults.map(\.policy)
    default: [.default]
    }
    let named = policies.enumerated().map { NamedPolicy(name: "policy \($0.offset)", policy: $0.element) }
    let configuration = SimulationConfiguration(sessionCount: repetitions, sectionCount: sectionCount, policies: named)
    let report = try Simulation(configuration: configuration).runSerially()
    fired += report.policies.reduce(0) { $0 + $1.impressions }
case "layout":
    for _ in 0 ..< repetitions {
        var fresh = try ImpressionEngine<Int>()
        try fresh.setLayout(sections)
        fired += fresh.sectionCount
    }
case "relayout":
    try engine.setLayout(sections)
    for _ in 0 ..< repetitions {
        try engine.setLayout(sections)
        fired += engine.sectionCount
    }
case "state":
    // One section's state changed alone, an ad loading and unloading in the middle of the
    // feed: what it costs should not grow with the feed. The first change, which resolves
    // the gates of a layout that had none, is made before the repetitions.
    try engine.setViewport(Rect(x: 0, y: viewportTop, width: 390, height: 844))
    try engine.setLayout(sections)
    let middle = sectionCount / 2
    try engine.setSectionState(middle, isLoaded: false)
    // In a function that takes the engine in place: read as a global, `engine.sectionCount`
    // copied the whole engine at every repetition, which the count then included.
    func toggle(_ engine: inout ImpressionEngine<Int>) throws {
        for repetition in 0 ..< repetitions {
            try engine.setSectionState(middle, isLoaded: repetition % 2 == 1)
            fired += engine.sectionCount
        }
    }
    try toggle(&engine)
case "burst":
    // A grid of tiny sections that fills the viewport.
    let columns = Int(Double(sectionCount).squareRoot().rounded(.up))
    let rows = (sectionCount + columns - 1) / columns
    let width = 390 / Double(columns)
    let height = 844 / Double(rows)
    let grid = (0 ..< sectionCount).map { index in
        let x = Double(index % columns) * width
        let y = Double(index / columns) * height
        return TrackedSection(id: index, cells: [
            Rect(x: x, y: y, width: width, height: height / 2),
            Rect(x: x, y: y + height / 2, width: width, height: height / 2),
        ])
    }
    var burst = try ImpressionEngine<Int>(policy: .anyPixel)
    try burst.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
    try burst.setLayout(grid)
    var time = Duration.zero
    for _ in 0 ..< repetitions {
        burst.reset()
        time += .milliseconds(100)
        fired += burst.advance(to: time).count
    }
case "baseline-steady", "baseline-scroll":
    var baseline = ZOZOBaselineTracker(sections: sections, viewport: Rect(x: 0, y: viewportTop, width: 390, height: 844))
    var time = Duration.seconds(2)
    fired += baseline.advance(to: time).count
    let isScroll = arguments[1] == "baseline-scroll"
    for _ in 0 ..< repetitions {
        if isScroll {
            viewportTop += 16
            if viewportTop + 844 > contentHeight { viewportTop = 0 }
            baseline.setViewport(Rect(x: 0, y: viewportTop, width: 390, height: 844))
            time += .microseconds(16_700)
        } else {
            time += .milliseconds(100)
        }
        fired += baseline.advance(to: time).count
    }
default:
    print("unknown operation \(arguments[1])")
    exit(2)
}
print("\(arguments[1]) \(sectionCount) sections x \(repetitions): \(fired)")
if watchesGeometry { print("geometry changes taken: \(geometryChanges)") }
