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

/// What happens at a step, once the driver has been brought up to the step's time.
enum SessionAction<ID: Hashable & Sendable>: Sendable {
    /// Nothing more: the step only brings the driver up to its time (the actor's `flush()`).
    case flush
    /// An input, applied at the step's time (so from the next unevaluated sample on).
    case input(EngineInput<ID>)
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
    mutating func perform(_ input: EngineInput<ID>) async -> Bool
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

    mutating func perform(_ input: EngineInput<ID>) -> Bool {
        error(applying: input) == nil
    }

    /// Applies an input; the error it was rejected with, or `nil` when it was accepted.
    mutating func error(applying input: EngineInput<ID>) -> InputError? {
        do throws(InputError) {
            try apply(input)
            return nil
        } catch {
            return error
        }
    }
}

extension ReferenceModel: SessionDriver {
    mutating func rewind(to time: Duration) -> [Impression<ID>] {
        advance(to: time)
    }

    // The model keeps its own switch: it is the independent oracle, so it must not share
    // the engine's mapping from inputs to calls.
    mutating func perform(_ input: EngineInput<ID>) -> Bool {
        switch input {
        case .layout(let sections, let containers): return setLayout(sections, containers: containers)
        case .contentOffset(let offset, let container): return setContentOffset(offset, ofContainer: container)
        case .viewport(let rect): return setViewport(rect)
        case .viewportInsets(let insets): return setViewportInsets(insets)
        case .obstructions(let rects): return setObstructions(rects)
        case .lifecycle(.appear): appear()
        case .lifecycle(.disappear): disappear()
        case .lifecycle(.enterBackground): enterBackground()
        case .lifecycle(.enterForeground): enterForeground()
        case .lifecycle(.cover): setCovered(true)
        case .lifecycle(.uncover): setCovered(false)
        case .lifecycle(.beginRefresh): beginRefresh()
        case .lifecycle(.endRefresh): endRefresh()
        case .lifecycle(.reset): reset()
        }
        return true
    }
}
extension ImpressionTracker {
    /// Applies an input inside the actor's isolation, with no suspension; `false` when it
    /// was rejected as bad input.
    func perform(_ input: EngineInput<ID>) -> Bool {
        error(applying: input) == nil
    }

    /// ``perform(_:)``, with the error the input was rejected with, or `nil`.
    func error(applying input: EngineInput<ID>) -> InputError? {
        do throws(InputError) {
            try apply(input)
            return nil
        } catch {
            return error
        }
    }
}

/// A driver that also reports entries and exits: the engine and the reference model.
protocol EventSessionDriver<ID>: SessionDriver {
    mutating func advanceWithEvents(to time: Duration) async -> [VisibilityEvent<ID>]
}

extension ImpressionEngine: EventSessionDriver {}
extension ReferenceModel: EventSessionDriver {}

// MARK: - Generator

/// Makes random but reproducible sessions over a feed of up to 12 sections with `Int` ids.
///
/// All geometry is integer-valued, so every sum, difference and product of coordinates is
/// exact and any correct algorithm computes bit-identical ratios.
///
/// With no ``Features`` (the default) it makes the same sessions, draw for draw, as before
/// issue 3; each feature adds its own steps and shapes, drawn only when it is on.
struct SessionGenerator {
    /// What the sessions of issue 3 (real screens) add.
    struct Features: OptionSet, Sendable {
        var rawValue: Int
        /// Carousels: scroll containers (some nested), nested cells, `setContentOffset`.
        static let containers = Features(rawValue: 1 << 0)
        /// `setViewportInsets`.
        static let insets = Features(rawValue: 1 << 1)
        /// `setObstructions`.
        static let obstructions = Features(rawValue: 1 << 2)
        /// Policies with `exitVisibleRatio` and `largeSectionRule`, and taller sections.
        static let policyRules = Features(rawValue: 1 << 3)
        /// Everything above.
        static let realScreens: Features = [.containers, .insets, .obstructions, .policyRules]
    }

    static let idPool = Array(0..<12)
    static let contentWidth = 320

    var random: SplitMix64
    let seed: UInt64
    let features: Features

    // The generator's guess at the lifecycle state, to keep the tracker mostly active.
    private var appeared = true
    private var foreground = true
    private var covered = false
    private var refreshing = false

    private var sections: [TrackedSection<Int>] = []
    private var viewport = Rect(x: 0, y: 0, width: 320, height: 800)
    /// The containers of the current layout, with their current offsets.
    private var containers: [ScrollContainer] = []
    private var nextContainerNumber = 0

    init(seed: UInt64, features: Features = []) {
        self.seed = seed
        self.features = features
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
        // Steps at t = 0 come after the sample at 0 (the driver is brought up to a step's
        // time first); with the new features, half the sessions set their first inputs
        // at -1 ms, before any sample, so that sample 0 sees them (the engine's own use).
        let start: Duration = !features.isEmpty && random.chance(0.5) ? .milliseconds(-1) : .zero
        // Most sessions start with a layout and a viewport before the first sample.
        if random.chance(0.8) {
            steps.append(SessionStep(time: start, action: .input(layoutInput())))
        }
        if random.chance(0.8) {
            steps.append(SessionStep(time: start, action: .input(.viewport(viewport))))
        }
        if features.contains(.insets), random.chance(0.3) {
            steps.append(SessionStep(time: start, action: .input(.viewportInsets(randomInsets()))))
        }
        if features.contains(.obstructions), random.chance(0.3) {
            steps.append(SessionStep(time: start, action: .input(.obstructions(randomObstructions()))))
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

    /// The current layout as an input: with its containers when containers are on.
    private func layoutInput() -> EngineInput<Int> {
        features.contains(.containers) ? .layout(sections: sections, containers: containers) : .layout(sections)
    }

    private mutating func randomAction(now: Int) -> SessionAction<Int> {
        var weights: [Double] = [30, 30, 10, 4, 0.5, 2, 1.5]
        if !features.isEmpty {
            weights += [
                features.contains(.containers) ? 20 : 0,
                features.contains(.insets) ? 2 : 0,
                features.contains(.obstructions) ? 3 : 0,
            ]
        }
        switch random.weighted(weights) {
        case 0:
            return .flush
        case 1:
            viewport = scrolledViewport()
            return .input(.viewport(viewport))
        case 2:
            mutateLayout()
            return .input(layoutInput())
        case 3:
            return .input(lifecycleInput())
        case 4:
            return .input(.lifecycle(.reset))
        case 5:
            return .rewind(to: .milliseconds(random.int(in: 0...now)))
        case 6:
            if random.chance(0.7) {
                let bad = invalidLayout()
                return .input(bad.containers.map { .layout(sections: bad.sections, containers: $0) } ?? .layout(bad.sections))
            }
            return .input(.viewport(invalidViewport()))
        case 7:
            return .input(scrolledContainer())
        case 8:
            return .input(.viewportInsets(randomInsets()))
        default:
            return .input(.obstructions(randomObstructions()))
        }
    }

    // MARK: Policies

    mutating func randomPolicy() -> ImpressionPolicy {
        let withRules = features.contains(.policyRules)
        if random.chance(0.3) {
            var presets: [ImpressionPolicy] = [.default, .sarahCell, .cookpadShowContent, .anyPixel, .abema, .mrcDisplay, .mrcVideo]
            if withRules { presets += [.mrcLargeDisplay, .mrcLargeDisplay, .viewportRelative, .viewportRelative] }
            return random.pick(presets)
        }
        let ratio = random.pick([0, 1, 0.5, 0.5, 1.0 / 3.0, 2.0 / 3.0, 0.8, 0.25, Double.random(in: 0...1, using: &random)])
        let duration = Duration.milliseconds(random.pick([0, 100, 250, 1000, 1000]))
        let measure: ImpressionPolicy.Measure = random.chance(0.5) ? .height : .area
        let recurrence: ImpressionPolicy.Recurrence = random.pick([.onEveryEntry, .onEveryEntry, .oncePerVisit, .oncePerTracker])
        guard withRules else {
            return ImpressionPolicy(minimumVisibleRatio: ratio, minimumDuration: duration, measure: measure, recurrence: recurrence)
        }
        var exitRatio: Double?
        if random.chance(0.5) {
            exitRatio = random.pick([0, ratio, ratio / 2, ratio * 0.8, Double.random(in: 0...ratio, using: &random)])
        }
        var rule: ImpressionPolicy.LargeSectionRule?
        switch random.weighted([5, 3, 3]) {
        case 0: rule = nil
        case 1: rule = .capToViewport
        default:
            rule = .lowerRatio(minimumArea: Double(random.pick([0, 30_000, 64_000, 242_500, random.int(in: 1...400_000)])),
                               ratio: random.pick([0.3, 0.1, 0.9, 0, Double.random(in: 0...1, using: &random)]))
        }
        return ImpressionPolicy(minimumVisibleRatio: ratio, minimumDuration: duration, measure: measure,
                                recurrence: recurrence, exitVisibleRatio: exitRatio, largeSectionRule: rule)
    }

    // MARK: Layouts

    /// A feed of stacked sections, some overlapping, some taller than the screen, some
    /// with a horizontal carousel running off the right edge (or, with containers, inside
    /// a scroll container).
    mutating func randomLayout() -> [TrackedSection<Int>] {
        if features.contains(.containers) { containers = [] }
        var ids = Self.idPool.shuffled(using: &random)
        ids.removeLast(random.int(in: 0...6))
        var result: [TrackedSection<Int>] = []
        var cursor = random.int(in: -100...100)
        var heights = [0, 50, 50, 100, 100, 100, 150, 200, 200, 300, 600, 900]
        if features.contains(.policyRules) { heights += [1800, 2400] }
        for id in ids {
            let height = random.pick(heights)
            result.append(randomSection(id: id, top: cursor, height: height))
            cursor += height + random.pick([0, 0, 0, 10, 40, -30])
        }
        return result
    }

    mutating func randomSection(id: Int, top: Int, height: Int) -> TrackedSection<Int> {
        let width = Self.contentWidth
        var cells: [Rect] = []
        var nestedCells: [NestedCell] = []
        let cellCount = random.pick([0, 1, 1, 2, 2, 3, 4])
        let shapeWeights: [Double] = features.contains(.containers) ? [4, 3, 3, 6] : [4, 3, 3]
        switch random.weighted(shapeWeights) {
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
        case 2:   // arbitrary, possibly overlapping boxes inside the section's band
            for _ in 0..<cellCount {
                let cellTop = random.int(in: 0...max(0, height))
                let cellHeight = random.int(in: 0...max(0, height - cellTop))
                let left = random.int(in: -50...width)
                let cellWidth = random.chance(0.1) ? 0 : random.int(in: 1...width)
                cells.append(Rect(x: Double(left), y: Double(top + cellTop), width: Double(cellWidth), height: Double(cellHeight)))
            }
        default:  // a carousel in its own scroll container, perhaps with containers inside
            (cells, nestedCells) = randomCarousel(top: top, height: height, cardCount: cellCount + random.int(in: 0...3))
        }
        var section = TrackedSection(id: id, cells: cells)
        section.nestedCells = nestedCells
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

    private mutating func newContainerID() -> String {
        defer { nextContainerNumber += 1 }
        return "c\(nextContainerNumber)"
    }

    /// GameWith's and ZOZO's carousels: a horizontal scroll container in the feed, its
    /// cards in its content coordinates, scrolled sideways; sometimes a header cell above
    /// it, a container inside it (or one more inside that), or a card in a container of
    /// another section. Appends the containers it makes to `containers`.
    private mutating func randomCarousel(top: Int, height: Int, cardCount: Int) -> (cells: [Rect], nested: [NestedCell]) {
        var cells: [Rect] = []
        var nested: [NestedCell] = []
        var carouselTop = top
        var carouselHeight = height
        if height > 60, random.chance(0.3) {   // a title row above the carousel
            cells.append(Rect(x: 0, y: Double(top), width: Double(Self.contentWidth), height: 30))
            carouselTop += 30
            carouselHeight -= 30
        }
        let carouselID = newContainerID()
        let frame = random.chance(0.05)
            ? Rect(x: 0, y: Double(carouselTop), width: 0, height: Double(carouselHeight))
            : Rect(x: Double(random.pick([0, 0, 0, 10, -20])), y: Double(carouselTop),
                   width: Double(random.pick([320, 320, 300, 200])), height: Double(carouselHeight))
        let offset = Point(x: Double(random.int(in: -50...400)), y: Double(random.chance(0.1) ? random.pick([-20, 30]) : 0))
        containers.append(ScrollContainer(id: carouselID, frame: frame, contentOffset: offset))

        let cardWidth = random.pick([100, 150, 200, 320])
        let cardTop = random.pick([0, 0, 0, 10, -10])
        let cardHeight = max(0, carouselHeight - random.pick([0, 0, 20, -30]))
        for card in 0..<cardCount {
            nested.append(NestedCell(containerID: carouselID, frame: Rect(
                x: Double(card * (cardWidth + 10)), y: Double(cardTop), width: Double(cardWidth), height: Double(cardHeight))))
        }
        if random.chance(0.3) {   // a scroll container inside a card (a vertical list, a sub-carousel)
            var parentID = carouselID
            for _ in 0..<random.pick([1, 1, 2]) {
                let innerID = newContainerID()
                let innerFrame = Rect(x: Double(random.int(in: -40...400)), y: Double(random.pick([0, 10, -20])),
                                      width: Double(random.pick([100, 150, 300])),
                                      height: Double(max(0, carouselHeight - random.pick([0, 20, -40]))))
                let innerOffset = Point(x: Double(random.pick([0, 0, 30, 120])), y: Double(random.pick([0, 0, 15, -10])))
                containers.append(ScrollContainer(id: innerID, frame: innerFrame, parentID: parentID, contentOffset: innerOffset))
                for item in 0..<random.int(in: 1...3) {
                    let vertical = random.chance(0.5)
                    nested.append(NestedCell(containerID: innerID, frame: Rect(
                        x: Double(vertical ? 0 : item * 90), y: Double(vertical ? item * 60 : 0),
                        width: Double(vertical ? 150 : 80), height: Double(vertical ? 50 : 100))))
                }
                parentID = innerID
            }
        }
        if random.chance(0.1), let other = containers.randomElement(using: &random) {
            nested.append(NestedCell(containerID: other.id, frame: Rect(
                x: Double(random.int(in: 0...300)), y: Double(random.int(in: -20...100)), width: 100, height: 80)))
        }
        return (cells, nested)
    }

    private mutating func mutateLayout() {
        let weights: [Double] = features.contains(.containers) ? [35, 15, 15, 10, 15, 10, 10] : [35, 15, 15, 10, 15, 10]
        switch random.weighted(weights) {
        case 0:   // content inserted or removed above: everything moves
            let dy = Double(random.pick([-200, -50, -10, 10, 50, 200]))
            sections = sections.map { section in
                var moved = section
                moved.cells = section.cells.map { $0.offsetBy(dx: 0, dy: dy) }
                return moved
            }
            for index in containers.indices where containers[index].parentID == nil {
                containers[index].frame = containers[index].frame.offsetBy(dx: 0, dy: dy)
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
        case 5:   // a whole new feed
            sections = randomLayout()
        default:  // containers listed in another order, or one moves or resizes
            if random.chance(0.5) || containers.isEmpty {
                containers.shuffle(using: &random)
            } else {
                let index = random.int(in: 0...(containers.count - 1))
                var frame = containers[index].frame
                frame.y += Double(random.pick([-30, 0, 20]))
                frame.width = Double(random.pick([0, 150, 320, 400]))
                containers[index].frame = frame
            }
        }
    }

    /// A layout the engine must reject: the generator's current layout is unchanged.
    /// With containers, also the containers to send with it (`nil`: the flat call).
    private mutating func invalidLayout() -> (sections: [TrackedSection<Int>], containers: [ScrollContainer]?) {
        var bad = sections
        let index = random.int(in: 0...bad.count)
        var section = TrackedSection(id: 100, cells: [Rect(x: 0, y: 0, width: 320, height: 600)])
        let withContainers = features.contains(.containers)
        let withRules = features.contains(.policyRules)
        var badContainers = containers
        switch random.int(in: 0...(withContainers ? 13 : 6)) {
        case 0: section.cells.append(Rect(x: 0, y: .nan, width: 10, height: 10))
        case 1: section.cells.append(Rect(x: 0, y: 0, width: .infinity, height: 10))
        case 2: section.cells.append(Rect(x: 0, y: 0, width: 10, height: -1))
        case 3: section.fullHeight = -1
        case 4: section.fullArea = .nan
        case 5:
            section.policy = withRules && random.chance(0.5)
                ? ImpressionPolicy(minimumVisibleRatio: 0.5, exitVisibleRatio: random.pick([0.6, -0.1, .nan]),
                                   largeSectionRule: random.pick([nil, .lowerRatio(minimumArea: -1, ratio: 0.3),
                                                                  .lowerRatio(minimumArea: 10, ratio: 1.5)]))
                : ImpressionPolicy(minimumVisibleRatio: 1.5)
        case 6:
            if let existing = bad.first { section.id = existing.id } else { section.fullHeight = .infinity }
        case 7:   // a nested cell in a container that is not in the layout
            section.nestedCells = [NestedCell(containerID: "missing", frame: Rect(x: 0, y: 0, width: 10, height: 10))]
        case 8:   // a nested cell with a bad frame
            let container = containers.first?.id ?? "missing"
            section.nestedCells = [NestedCell(containerID: container, frame: Rect(x: 0, y: 0, width: -5, height: 10))]
        case 9:   // an unknown parent
            badContainers.insert(ScrollContainer(id: "orphan", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "missing"),
                                 at: random.int(in: 0...badContainers.count))
        case 10:  // a cycle
            badContainers += [
                ScrollContainer(id: "loopA", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "loopB"),
                ScrollContainer(id: "loopB", frame: Rect(x: 0, y: 0, width: 10, height: 10), parentID: "loopA"),
            ]
            badContainers.shuffle(using: &random)
        case 11:  // a duplicate container id
            let id = containers.randomElement(using: &random)?.id ?? "twice"
            badContainers += [ScrollContainer(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10))]
            if containers.isEmpty { badContainers += [ScrollContainer(id: id, frame: .zero)] }
        case 12:  // a non-finite content offset
            badContainers.append(ScrollContainer(id: "bad-offset", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                                 contentOffset: Point(x: random.pick([.nan, .infinity]), y: 0)))
        default:  // containers dropped while their cells stay: the flat call
            if !containers.isEmpty, sections.contains(where: { !$0.nestedCells.isEmpty }) {
                return (bad, nil)
            }
            section.cells.append(Rect(x: 0, y: 0, width: -1, height: -1))
        }
        bad.insert(section, at: index)
        return (bad, withContainers ? badContainers : nil)
    }

    private mutating func invalidViewport() -> Rect {
        random.pick([
            Rect(x: .nan, y: 0, width: 320, height: 600),
            Rect(x: 0, y: 0, width: -1, height: 600),
            Rect(x: 0, y: 0, width: 320, height: .infinity),
        ])
    }

    // MARK: Containers, insets, obstructions

    /// A carousel scrolled sideways (or a nested list scrolled down), mostly by a swipe;
    /// sometimes an unknown container or a non-finite offset, which must be rejected.
    private mutating func scrolledContainer() -> EngineInput<Int> {
        if containers.isEmpty || random.chance(0.03) {
            return .contentOffset(Point(x: 10, y: 0), containerID: "missing")
        }
        let index = random.int(in: 0...(containers.count - 1))
        if random.chance(0.03) {
            return .contentOffset(Point(x: random.pick([.nan, .infinity, -.infinity]), y: 0), containerID: containers[index].id)
        }
        var offset = containers[index].contentOffset
        switch random.weighted([60, 15, 10, 15]) {
        case 0: offset.x += Double(random.pick([-330, -160, -100, -40, -10, 10, 40, 100, 160, 330]))
        case 1: offset.x = Double(random.int(in: 0...600))
        case 2: offset.x = -30   // bounced past the start
        default: offset.y += Double(random.pick([-60, -15, 15, 60]))
        }
        containers[index].contentOffset = offset
        return .contentOffset(offset, containerID: containers[index].id)
    }

    /// Safe area and bars; sometimes negative (a grown viewport), sometimes so large that
    /// nothing is left, sometimes not finite (rejected).
    private mutating func randomInsets() -> Insets {
        switch random.weighted([85, 5, 5, 5]) {
        case 0:
            return Insets(top: Double(random.pick([0, 0, 44, 91, 20, 100])), left: Double(random.pick([0, 0, 0, 16])),
                              bottom: Double(random.pick([0, 0, 34, 83, 49, 300])), right: Double(random.pick([0, 0, 0, 16])))
        case 1: return Insets(top: -20, left: -10, bottom: -40, right: 0)
        case 2: return Insets(top: 500, left: 0, bottom: 400, right: 0)
        default: return Insets(top: random.pick([.nan, .infinity]), left: 0, bottom: 0, right: 0)
        }
    }

    /// Sticky headers, floating buttons, sheets, in viewport coordinates; sometimes none,
    /// sometimes a bad rect (rejected).
    private mutating func randomObstructions() -> [Rect] {
        if random.chance(0.04) {
            return [Rect(x: 0, y: 0, width: 320, height: 44), random.pick([
                Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -1, height: 10),
                Rect(x: 0, y: 0, width: 10, height: .infinity),
            ])]
        }
        var rects: [Rect] = []
        for _ in 0..<random.pick([0, 1, 1, 1, 2, 3]) {
            switch random.weighted([30, 20, 15, 25, 5, 5]) {
            case 0: rects.append(Rect(x: 0, y: 0, width: 320, height: Double(random.pick([44, 60, 100]))))
            case 1: rects.append(Rect(x: Double(random.int(in: 0...280)), y: Double(random.int(in: 0...760)), width: 48, height: 48))
            case 2: rects.append(Rect(x: 0, y: Double(random.pick([400, 500, 600])), width: 320, height: 400))
            case 3: rects.append(Rect(x: Double(random.int(in: -50...300)), y: Double(random.int(in: -50...700)),
                                      width: Double(random.int(in: 0...320)), height: Double(random.int(in: 0...400))))
            case 4: rects.append(Rect(x: 10, y: 10, width: 0, height: 50))
            default: rects.append(Rect(x: -10, y: -10, width: 400, height: 1000))
            }
        }
        return rects
    }

    // MARK: Viewport and lifecycle

    private mutating func scrolledViewport() -> Rect {
        var rects = sections.flatMap(\.cells)
        if features.contains(.containers) { rects += containers.filter { $0.parentID == nil }.map(\.frame) }
        let contentTop = rects.map(\.minY).min() ?? 0
        let contentBottom = max(contentTop, rects.map(\.maxY).max() ?? 0)
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
    private mutating func lifecycleInput() -> EngineInput<Int> {
        let toggles: [(isOn: Bool, off: EngineInput<Int>, on: EngineInput<Int>)] = [
            (appeared, .lifecycle(.disappear), .lifecycle(.appear)),
            (foreground, .lifecycle(.enterBackground), .lifecycle(.enterForeground)),
            (!covered, .lifecycle(.cover), .lifecycle(.uncover)),
            (!refreshing, .lifecycle(.beginRefresh), .lifecycle(.endRefresh)),
        ]
        let offToggles = toggles.filter { !$0.isOn }
        let input: EngineInput<Int>
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
        case .lifecycle(.appear): appeared = true
        case .lifecycle(.disappear): appeared = false
        case .lifecycle(.enterBackground): foreground = false
        case .lifecycle(.enterForeground): foreground = true
        case .lifecycle(.cover): covered = true
        case .lifecycle(.uncover): covered = false
        case .lifecycle(.beginRefresh): refreshing = true
        case .lifecycle(.endRefresh): refreshing = false
        default: break
        }
        return input
    }
}
