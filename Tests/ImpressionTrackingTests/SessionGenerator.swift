@testable import ImpressionTracking

// Random sessions for property tests: a seeded PRNG, the steps of a session, a generator
// and a replay function that feeds the steps into any driver (the engine, the reference
// model, or the actor with a ManualClock).

// MARK: - PRNG

/// SplitMix64: tiny, fast, and the same sequence on every platform for a given seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// An index into `weights`, chosen with probability proportional to its weight.
    mutating func weighted(_ weights: [Double]) -> Int {
        var roll = Double.random(in: 0..<weights.reduce(0, +), using: &self)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

// MARK: - Steps

/// One input of a session, the same as the engine's and the tracker's inputs.
enum SessionInput<ID: Hashable & Sendable>: Sendable {
    case setLayout([TrackedSection<ID>])
    case setViewport(Rect)
    case appear
    case disappear
    case enterBackground
    case enterForeground
    case setCovered(Bool)
    case beginRefresh
    case endRefresh
    case reset
}

/// What happens at a step, once the driver has been brought up to the step's time.
enum SessionAction<ID: Hashable & Sendable>: Sendable {
    /// Nothing more: the step only brings the driver up to its time (the actor's `flush()`).
    case flush
    /// An input, applied at the step's time (so from the next unevaluated sample on).
    case input(SessionInput<ID>)
    /// `advance(to:)` an earlier time, which must evaluate nothing. Drivers whose time is
    /// a real clock (the actor) may treat it as `flush`.
    case rewind(to: Duration)
}

/// One timed step; the times of a session's steps never decrease.
struct SessionStep<ID: Hashable & Sendable>: Sendable {
    var time: Duration
    var action: SessionAction<ID>
}

/// A whole session: the engine's configuration and its steps.
struct Session<ID: Hashable & Sendable>: Sendable {
    var seed: UInt64
    var policy: ImpressionPolicy
    var sampleInterval: Duration
    var steps: [SessionStep<ID>]
}

// MARK: - Drivers and replay

/// Anything that takes a session's inputs: the engine, the reference model, the actor.
///
/// The requirements are `async` so that an actor-backed driver can conform; synchronous
/// implementations satisfy them too.
protocol SessionDriver<ID> {
    associatedtype ID: Hashable & Sendable
    /// Brings the driver up to `time` (never earlier than any previous step's time) and
    /// returns what fired at the samples evaluated.
    mutating func advance(to time: Duration) async -> [Impression<ID>]
    /// `advance(to:)` a time earlier than the current one; returns what it produced,
    /// which should be nothing.
    mutating func rewind(to time: Duration) async -> [Impression<ID>]
    /// Applies an input; `false` when it was rejected as bad input.
    mutating func perform(_ input: SessionInput<ID>) async -> Bool
}

/// What one step produced.
struct StepOutcome<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The impressions that fired while bringing the driver up to the step's time (and,
    /// for a rewind, those the rewind produced, which should be none).
    var impressions: [Impression<ID>]
    /// For an input, whether it was accepted; `nil` for other steps.
    var accepted: Bool?
}

/// Replays `session` into `driver`, step by step, and returns each step's outcome.
///
/// Every step first brings the driver up to its time, then applies its action: the
/// actor's rule that an input first brings the engine up to the clock's time.
func replay<Driver: SessionDriver>(
    _ session: Session<Driver.ID>, into driver: inout Driver
) async -> [StepOutcome<Driver.ID>] {
    var outcomes: [StepOutcome<Driver.ID>] = []
    outcomes.reserveCapacity(session.steps.count)
    for step in session.steps {
        var impressions = await driver.advance(to: step.time)
        var accepted: Bool?
        switch step.action {
        case .flush:
            break
        case .input(let input):
            accepted = await driver.perform(input)
        case .rewind(let earlier):
            impressions += await driver.rewind(to: earlier)
        }
        outcomes.append(StepOutcome(impressions: impressions, accepted: accepted))
    }
    return outcomes
}

extension ImpressionEngine: SessionDriver {
    mutating func rewind(to time: Duration) -> [Impression<ID>] {
        advance(to: time)
    }

    mutating func perform(_ input: SessionInput<ID>) -> Bool {
        switch input {
        case .setLayout(let sections):
            do { try setLayout(sections) } catch { return false }
        case .setViewport(let rect):
            do { try setViewport(rect) } catch { return false }
        case .appear: appear()
        case .disappear: disappear()
        case .enterBackground: enterBackground()
        case .enterForeground: enterForeground()
        case .setCovered(let covered): setCovered(covered)
        case .beginRefresh: beginRefresh()
        case .endRefresh: endRefresh()
        case .reset: reset()
        }
        return true
    }
}

extension ReferenceModel: SessionDriver {
    mutating func rewind(to time: Duration) -> [Impression<ID>] {
        advance(to: time)
    }

    mutating func perform(_ input: SessionInput<ID>) -> Bool {
        switch input {
        case .setLayout(let sections): return setLayout(sections)
        case .setViewport(let rect): return setViewport(rect)
        case .appear: appear()
        case .disappear: disappear()
        case .enterBackground: enterBackground()
        case .enterForeground: enterForeground()
        case .setCovered(let covered): setCovered(covered)
        case .beginRefresh: beginRefresh()
        case .endRefresh: endRefresh()
        case .reset: reset()
        }
        return true
    }
}

// MARK: - Generator

/// Makes random but reproducible sessions over a feed of up to 12 sections with `Int` ids.
///
/// All geometry is integer-valued, so every sum, difference and product of coordinates is
/// exact and any correct algorithm computes bit-identical ratios.
struct SessionGenerator {
    static let idPool = Array(0..<12)
    static let contentWidth = 320

    var random: SplitMix64
    let seed: UInt64

    // The generator's guess at the lifecycle state, to keep the tracker mostly active.
    private var appeared = true
    private var foreground = true
    private var covered = false
    private var refreshing = false

    private var sections: [TrackedSection<Int>] = []
    private var viewport = Rect(x: 0, y: 0, width: 320, height: 800)

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    /// A session of `stepCount` steps (random in 150...350 by default), sampled every
    /// `sampleIntervalMilliseconds` (random by default: mostly 100 and 250, some 500 and 30).
    mutating func makeSession(stepCount: Int? = nil, sampleIntervalMilliseconds: Int? = nil) -> Session<Int> {
        let intervalMilliseconds = sampleIntervalMilliseconds ?? random.pick([100, 100, 100, 250, 250, 500, 30])
        let sampleInterval = Duration.milliseconds(intervalMilliseconds)
        let policy = randomPolicy()
        let count = stepCount ?? random.int(in: 150...350)

        var steps: [SessionStep<Int>] = []
        var now = 0
        sections = randomLayout()
        // Most sessions start with a layout and a viewport before the first sample.
        if random.chance(0.8) {
            steps.append(SessionStep(time: .zero, action: .input(.setLayout(sections))))
        }
        if random.chance(0.8) {
            steps.append(SessionStep(time: .zero, action: .input(.setViewport(viewport))))
        }
        while steps.count < count {
            switch random.weighted([45, 30, 20, 5]) {
            case 0: break
            case 1: now += random.int(in: 1...40)
            case 2: now = (now / intervalMilliseconds + 1) * intervalMilliseconds   // on the grid
            default: now += random.int(in: 100...600)
            }
            steps.append(SessionStep(time: .milliseconds(now), action: randomAction(now: now)))
        }
        return Session(seed: seed, policy: policy, sampleInterval: sampleInterval, steps: steps)
    }

    private mutating func randomAction(now: Int) -> SessionAction<Int> {
        switch random.weighted([30, 30, 10, 4, 0.5, 2, 1.5]) {
        case 0:
            return .flush
        case 1:
            viewport = scrolledViewport()
            return .input(.setViewport(viewport))
        case 2:
            mutateLayout()
            return .input(.setLayout(sections))
        case 3:
            return .input(lifecycleInput())
        case 4:
            return .input(.reset)
        case 5:
            return .rewind(to: .milliseconds(random.int(in: 0...now)))
        default:
            return .input(random.chance(0.7) ? .setLayout(invalidLayout()) : .setViewport(invalidViewport()))
        }
    }

    // MARK: Policies

    mutating func randomPolicy() -> ImpressionPolicy {
        if random.chance(0.3) {
            return random.pick([.default, .sarahCell, .cookpadShowContent, .anyPixel, .abema, .mrcDisplay, .mrcVideo])
        }
        let ratio = random.pick([0, 1, 0.5, 0.5, 1.0 / 3.0, 2.0 / 3.0, 0.8, 0.25, Double.random(in: 0...1, using: &random)])
        let duration = Duration.milliseconds(random.pick([0, 100, 250, 1000, 1000]))
        let measure: ImpressionPolicy.Measure = random.chance(0.5) ? .height : .area
        let recurrence: ImpressionPolicy.Recurrence = random.pick([.onEveryEntry, .onEveryEntry, .oncePerVisit, .oncePerTracker])
        return ImpressionPolicy(minimumVisibleRatio: ratio, minimumDuration: duration, measure: measure, recurrence: recurrence)
    }

    // MARK: Layouts

    /// A feed of stacked sections, some overlapping, some taller than the screen, some
    /// with a horizontal carousel running off the right edge.
    mutating func randomLayout() -> [TrackedSection<Int>] {
        var ids = Self.idPool.shuffled(using: &random)
        ids.removeLast(random.int(in: 0...6))
        var result: [TrackedSection<Int>] = []
        var cursor = random.int(in: -100...100)
        for id in ids {
            let height = random.pick([0, 50, 50, 100, 100, 100, 150, 200, 200, 300, 600, 900])
            result.append(randomSection(id: id, top: cursor, height: height))
            cursor += height + random.pick([0, 0, 0, 10, 40, -30])
        }
        return result
    }

    mutating func randomSection(id: Int, top: Int, height: Int) -> TrackedSection<Int> {
        let width = Self.contentWidth
        var cells: [Rect] = []
        let cellCount = random.pick([0, 1, 1, 2, 2, 3, 4])
        switch random.weighted([4, 3, 3]) {
        case 0:   // rows, one below the other
            let rowHeight = cellCount == 0 ? 0 : height / cellCount
            for row in 0..<cellCount {
                cells.append(Rect(x: 0, y: Double(top + row * rowHeight), width: Double(width), height: Double(rowHeight)))
            }
        case 1:   // a horizontal carousel, scrolled sideways, clipped by the screen's edges
            let offset = random.int(in: -100...200)
            let cellWidth = random.pick([120, 180, 320])
            for column in 0..<cellCount {
                cells.append(Rect(x: Double(column * (cellWidth + 10) - offset), y: Double(top),
                                  width: Double(cellWidth), height: Double(height)))
            }
        default:  // arbitrary, possibly overlapping boxes inside the section's band
            for _ in 0..<cellCount {
                let cellTop = random.int(in: 0...max(0, height))
                let cellHeight = random.int(in: 0...max(0, height - cellTop))
                let left = random.int(in: -50...width)
                let cellWidth = random.chance(0.1) ? 0 : random.int(in: 1...width)
                cells.append(Rect(x: Double(left), y: Double(top + cellTop), width: Double(cellWidth), height: Double(cellHeight)))
            }
        }
        var section = TrackedSection(id: id, cells: cells)
        if random.chance(0.15) {
            section.fullHeight = Double(random.pick([height, 2 * height, height / 2, 0, random.int(in: 1...1000)]))
        }
        if random.chance(0.15) {
            section.fullArea = Double(random.pick([height * width, 2 * height * width, height * width / 3, 0, random.int(in: 1...100_000)]))
        }
        if random.chance(0.3) {
            section.policy = randomPolicy()
        }
        return section
    }

    private mutating func mutateLayout() {
        switch random.weighted([35, 15, 15, 10, 15, 10]) {
        case 0:   // content inserted or removed above: everything moves
            let dy = Double(random.pick([-200, -50, -10, 10, 50, 200]))
            sections = sections.map { section in
                var moved = section
                moved.cells = section.cells.map { $0.offsetBy(dx: 0, dy: dy) }
                return moved
            }
        case 1:   // a lazy list drops sections that scrolled away
            var kept: [TrackedSection<Int>] = []
            for section in sections where !random.chance(0.2) { kept.append(section) }
            sections = kept
        case 2:   // a dropped id comes back
            let present = Set(sections.map(\.id))
            if let id = Self.idPool.filter({ !present.contains($0) }).randomElement(using: &random) {
                let top = random.int(in: -200...1500)
                let section = randomSection(id: id, top: top, height: random.pick([50, 100, 200, 300]))
                sections.insert(section, at: random.int(in: 0...sections.count))
            }
        case 3:   // reordered, same geometry
            sections.shuffle(using: &random)
        case 4:   // one section changes its cells, denominators or policy
            if !sections.isEmpty {
                let index = random.int(in: 0...(sections.count - 1))
                let old = sections[index]
                let top = Int(old.cells.map(\.y).min() ?? Double(random.int(in: 0...1000)))
                var changed = randomSection(id: old.id, top: top, height: random.pick([0, 100, 200, 300, 600]))
                if random.chance(0.5) { changed.policy = old.policy }
                sections[index] = changed
            }
        default:  // a whole new feed
            sections = randomLayout()
        }
    }

    /// A layout the engine must reject: the generator's current layout is unchanged.
    private mutating func invalidLayout() -> [TrackedSection<Int>] {
        var bad = sections
        let index = random.int(in: 0...bad.count)
        var section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
        switch random.int(in: 0...6) {
        case 0: section.cells.append(Rect(x: 0, y: .nan, width: 10, height: 10))
        case 1: section.cells.append(Rect(x: 0, y: 0, width: .infinity, height: 10))
        case 2: section.cells.append(Rect(x: 0, y: 0, width: 10, height: -1))
        case 3: section.fullHeight = -1
        case 4: section.fullArea = .nan
        case 5: section.policy = ImpressionPolicy(minimumVisibleRatio: 1.5)
        default:
            if let existing = bad.first { section.id = existing.id } else { section.fullHeight = .infinity }
        }
        bad.insert(section, at: index)
        return bad
    }

    private mutating func invalidViewport() -> Rect {
        random.pick([
            Rect(x: .nan, y: 0, width: 320, height: 600),
            Rect(x: 0, y: 0, width: -1, height: 600),
            Rect(x: 0, y: 0, width: 320, height: .infinity),
        ])
    }

    // MARK: Viewport and lifecycle

    private mutating func scrolledViewport() -> Rect {
        let cells = sections.flatMap(\.cells)
        let contentTop = cells.map(\.minY).min() ?? 0
        let contentBottom = max(contentTop, cells.map(\.maxY).max() ?? 0)
        var next = viewport
        // Scrolled far past the content: scroll back towards it, as a user would.
        if next.minY > contentBottom + 200 || next.maxY < contentTop - 200 {
            next.y = Double(random.int(in: Int(contentTop) - 300...Int(contentBottom)))
            return next
        }
        switch random.weighted([60, 15, 8, 7, 5, 5]) {
        case 0: next.y += Double(random.pick([-120, -40, -10, -1, 1, 10, 40, 120]))
        case 1: next.y = Double(random.int(in: Int(contentTop) - 300...Int(contentBottom)))
        case 2: next.x = Double(random.pick([0, 0, -50, 50, 150]))
        case 3: next.height = Double(random.pick([600, 800, 1000, 1000, 300, 1]))
        case 4: next.width = Double(random.pick([320, 320, 200, 400]))
        default:   // zero size: nothing is visible
            next = random.chance(0.5)
                ? Rect(x: next.x, y: next.y, width: 0, height: 0)
                : Rect(x: next.x, y: next.y, width: 320, height: 0)
        }
        if viewport.width == 0 || viewport.height == 0 {
            // Leave a zero-size viewport at the next scroll.
            next = Rect(x: 0, y: next.y, width: 320, height: 800)
        }
        return next
    }

    /// A lifecycle call; deactivating calls are rarer than reactivating ones, so the
    /// tracker is mostly active (and some calls are redundant, which must change nothing).
    private mutating func lifecycleInput() -> SessionInput<Int> {
        let toggles: [(isOn: Bool, off: SessionInput<Int>, on: SessionInput<Int>)] = [
            (appeared, .disappear, .appear),
            (foreground, .enterBackground, .enterForeground),
            (!covered, .setCovered(true), .setCovered(false)),
            (!refreshing, .beginRefresh, .endRefresh),
        ]
        let offToggles = toggles.filter { !$0.isOn }
        let input: SessionInput<Int>
        if !offToggles.isEmpty, random.chance(0.9) {
            input = random.pick(offToggles).on
        } else {
            let toggle = random.pick(toggles)
            if toggle.isOn {
                input = random.chance(0.25) ? toggle.off : toggle.on
            } else {
                input = random.chance(0.8) ? toggle.on : toggle.off
            }
        }
        switch input {
        case .appear: appeared = true
        case .disappear: appeared = false
        case .enterBackground: foreground = false
        case .enterForeground: foreground = true
        case .setCovered(let isCovered): covered = isCovered
        case .beginRefresh: refreshing = true
        case .endRefresh: refreshing = false
        default: break
        }
        return input
    }
}
