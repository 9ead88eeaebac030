@testable import ImpressionTracking

// Split by concern: the steps and policies here, layouts in SessionGenerator+Layouts,
// bad input in +BadInputs, scrolling, insets and obstructions in +Screen. A seed's
// session depends on the order of the draws, so any change to a draw changes sessions.

/// Makes random but reproducible sessions over a feed of up to 12 sections with `Int` ids.
///
/// All geometry is integer-valued, so every sum, difference and product of coordinates is
/// exact and any correct algorithm computes bit-identical ratios.
///
/// With no ``Features`` (the default) it makes plain sessions, whose draws no feature
/// changes: each feature adds its own steps and shapes, drawn only when it is on.
struct SessionGenerator {
    /// What sessions add to the plain ones: real screens, timing knobs, measures, margins
    /// and gates.
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
        /// Policies with cumulative timing and cooldowns, some with longer durations;
        /// drawn after everything else of a policy.
        static let timing = Features(rawValue: 1 << 4)
        /// Policies measured by width or with a focus rule, and sections with a
        /// `fullWidth`; drawn after everything else of a policy and of a section.
        static let measures = Features(rawValue: 1 << 5)
        /// Viewport insets with a relative part and containers with clip insets; drawn
        /// after everything else of the insets and of a container.
        static let margins = Features(rawValue: 1 << 7)
        /// Sections not loaded (loading later), hidden or translucent, containers hidden
        /// or translucent, and policies with a minimum opacity; drawn after everything
        /// else of a policy, a section and a layout.
        static let gates = Features(rawValue: 1 << 8)
        /// A small limit (0 to 4) on the sections that left the layout and keep their
        /// statistics (drawn last of all), and a lazy list's churn, so that sections are
        /// forgotten and come back.
        static let forgetting = Features(rawValue: 1 << 9)
        /// Exposure signals measured, in four sessions out of five: drawn after everything
        /// else, so that the sessions are otherwise those drawn without it.
        static let exposureSignals = Features(rawValue: 1 << 10)
        /// The peers' rules: policies that round their ratio (Flutter's snap, the OM SDK's
        /// whole percent) and policies that wait for the user's first interaction, and the
        /// interaction as a step; drawn after everything else of a policy and of a step.
        static let peerRules = Features(rawValue: 1 << 11)
        /// Friendly obstructions beside the others, some over the content, some with a reason
        /// too long (refused); drawn after the other obstructions of a step.
        static let friendlyObstructions = Features(rawValue: 1 << 13)
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

    // The current screen, which the steps change: read and written by the extensions
    // in SessionGenerator+Layouts, +Screen and +BadInputs, so not private.
    var sections: [TrackedSection<Int>] = []
    var viewport = Rect(x: 0, y: 0, width: 320, height: 800)
    /// The containers of the current layout, with their current offsets.
    var containers: [ScrollContainer] = []
    var nextContainerNumber = 0
    /// With timing: where a glance away returns the viewport to, while one is under way.
    private var glanceReturn: Rect?

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
            steps.append(SessionStep(time: start, action: .input(.obstructions(randomObstructions(), friendly: randomFriendlyObstructions()))))
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
        var session = Session(seed: seed, policy: policy, sampleInterval: sampleInterval, steps: steps)
        if features.contains(.forgetting) { session.rememberedSectionLimit = random.int(in: 0...4) }
        if features.contains(.exposureSignals) { session.measuresExposureSignals = random.chance(0.8) }
        return session
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
            if features.contains(.timing) { weights.append(15) }
            if features.contains(.gates) {
                if !features.contains(.timing) { weights.append(0) }
                weights.append(15)
            }
            if features.contains(.forgetting) {
                weights += repeatElement(0, count: 12 - weights.count)
                weights.append(10)
            }
            if features.contains(.peerRules) {
                weights += repeatElement(0, count: 13 - weights.count)
                weights.append(1.5)
            }
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
        case 9:
            return .input(.obstructions(randomObstructions(), friendly: randomFriendlyObstructions()))
        case 10:
            return .input(.viewport(glance()))
        case 11:
            if random.chance(0.5) { return .input(sectionStateInput()) }
            changeDisplay()
            return .input(layoutInput())
        case 12:
            churnLayout()
            return .input(layoutInput())
        default:
            return .input(.lifecycle(.interact))
        }
    }

    /// With forgetting: a lazy list's churn, a few sections leaving and a few of those
    /// that left coming back near the viewport, so that more sections leave seen than a
    /// small limit lets keep their statistics, and come back after they were forgotten.
    private mutating func churnLayout() {
        for _ in 0..<random.int(in: 1...3) where !sections.isEmpty {
            sections.remove(at: random.int(in: 0...(sections.count - 1)))
        }
        let present = Set(sections.map(\.id))
        var absent = Self.idPool.filter { !present.contains($0) }
        for _ in 0..<random.int(in: 1...3) where !absent.isEmpty {
            let id = absent.remove(at: random.int(in: 0...(absent.count - 1)))
            let top = random.int(in: Int(viewport.y) - 200...Int(viewport.y) + 900)
            let section = randomSection(id: id, top: top, height: random.pick([50, 100, 200, 300]))
            sections.insert(section, at: random.int(in: 0...sections.count))
        }
    }

    /// With gates: one section's state changed alone, as an app reports an ad that
    /// finished loading; sometimes for a section not in the layout, or with a bad opacity
    /// (both refused).
    private mutating func sectionStateInput() -> EngineInput<Int> {
        guard !sections.isEmpty, !random.chance(0.05) else {
            return .sectionState(1_000_000 + random.int(in: 0...9), isLoaded: true, opacity: nil, isHidden: nil)
        }
        let index = random.int(in: 0...(sections.count - 1))
        let unloaded = sections.indices.filter { !sections[$0].isLoaded }
        let chosen = !unloaded.isEmpty && random.chance(0.5) ? random.pick(unloaded) : index
        var isLoaded: Bool?, opacity: Double?, isHidden: Bool?
        switch random.int(in: 0...4) {
        case 0: isLoaded = !sections[chosen].isLoaded
        case 1: isHidden = !sections[chosen].isHidden
        case 2: opacity = random.chance(0.1) ? random.pick([1.5, -0.5, .nan]) : random.pick(Self.opacities)
        case 3: (isLoaded, isHidden, opacity) = (true, false, 1)
        default: break   // nothing changes: accepted all the same
        }
        if opacity.map({ $0 >= 0 && $0 <= 1 }) ?? true {
            if let isLoaded { sections[chosen].isLoaded = isLoaded }
            if let isHidden { sections[chosen].isHidden = isHidden }
            if let opacity { sections[chosen].opacity = opacity }
        }
        return .sectionState(sections[chosen].id, isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
    }

    /// With timing: the user glances away (the viewport jumps by about a screen) and, at
    /// the next glance, back to where it was, so sections leave and come back in a visit.
    private mutating func glance() -> Rect {
        if let returnTo = glanceReturn {
            glanceReturn = nil
            viewport = returnTo
        } else {
            glanceReturn = viewport
            viewport.y += Double(random.pick([-900, -400, -150, 150, 400, 900]))
        }
        return viewport
    }

    // MARK: Policies

    mutating func randomPolicy() -> ImpressionPolicy {
        var policy = randomPolicyWithoutTiming()
        if features.contains(.timing) {
            if random.chance(0.6) { policy.timing = .cumulative }
            if random.chance(0.7) {
                policy.cooldown = .milliseconds(random.pick([100, 250, 500, 1000, 1000, 2000, 3000, 5000, 150, 333, random.int(in: 1...5000)]))
            }
            if random.chance(0.3) { policy.minimumDuration = .milliseconds(random.pick([500, 1500, 2000, 750])) }
        }
        if features.contains(.measures) {
            if random.chance(0.5) { policy.measure = .width }
            if random.chance(0.4) {
                policy.largeSectionRule = .focus(fraction: random.pick([0.5, 0.5, 1, 0.25, 0.75, 0.1, Double(random.int(in: 1...100)) / 100]))
            }
        }
        if features.contains(.gates), random.chance(0.6) {
            policy.minimumOpacity = random.pick([0.1, 0.1, 0.5, 0.25, 1, 0.3, 0.75, 0.075])
        }
        if features.contains(.peerRules) {
            policy.rounding = random.pick([.exact, .snapNearEnds, .snapNearEnds, .floorToPercent, .floorToPercent,
                                           .floorToWholePoints, .floorToWholePoints])
            // Whole points floor along an axis; React Native's lists are measured along theirs.
            if policy.rounding == .floorToWholePoints && policy.measure == .area {
                policy.measure = random.pick([.height, .width])
            }
            if random.chance(0.3) { policy.largeSectionRule = .viewportCoverage }
            // Ratios the roundings decide near: 1 and 0 snapped, whole and half percents floored.
            if random.chance(0.3) {
                policy.minimumVisibleRatio = random.pick([1, 0.995, 0.5, 0.495, 0.005, 0.333])
                if let exit = policy.exitVisibleRatio, exit > policy.minimumVisibleRatio {
                    policy.exitVisibleRatio = policy.minimumVisibleRatio
                }
            }
            policy.requiresInteraction = random.chance(0.4)
            // React Native's minimumViewTime, mostly on the policy the engine counts by.
            if random.chance(0.35) { policy.timing = .checkedAtBothEnds }
        }
        return policy
    }

    private mutating func randomPolicyWithoutTiming() -> ImpressionPolicy {
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

    // MARK: Lifecycle


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
