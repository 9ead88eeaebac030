@testable import ImpressionTracking
import Testing

// The stress tests' harness: subscribers that consume at different speeds, feeders
// that send a session's inputs from many tasks at once, and the settling end.
extension TrackerStressTests {
    /// How a subscriber consumes.
    enum ConsumerStyle: Sendable {
        case fast
        /// Takes its first impression, then waits until the test opens the gate: as far
        /// behind the producer as a consumer can be, whatever the machine's load.
        case heldBack(Gate)
        /// Cancels its own task after receiving this many.
        case cancelsAfter(Int)
        /// Leaves its loop (dropping the stream) after receiving this many.
        case leavesAfter(Int)

        var keepsGoing: Bool {
            switch self {
            case .fast, .heldBack: true
            case .cancelsAfter, .leavesAfter: false
            }
        }
    }

    /// Sixteen subscribers: four fast, four held back at `gate`, four that cancel and
    /// four that leave early.
    static func consumerStyles(heldBackAt gate: Gate) -> [ConsumerStyle] {
        [
            .fast, .fast, .fast, .fast, .heldBack(gate), .heldBack(gate), .heldBack(gate), .heldBack(gate),
            .cancelsAfter(1), .cancelsAfter(2), .cancelsAfter(3), .cancelsAfter(5),
            .leavesAfter(1), .leavesAfter(2), .leavesAfter(3), .leavesAfter(5),
        ]
    }

    static func consume(_ stream: TrackerSubscription<Impression<Int>>, _ style: ConsumerStyle) -> Task<[Impression<Int>], Never> {
        Task {
            var received: [Impression<Int>] = []
            for await impression in stream {
                received.append(impression)
                switch style {
                case .fast:
                    break
                case .heldBack(let gate):
                    if received.count == 1 { await gate.wait() }
                case .cancelsAfter(let count):
                    if received.count == count { withUnsafeCurrentTask { $0?.cancel() } }
                case .leavesAfter(let count):
                    if received.count == count { return received }
                }
            }
            return received
        }
    }

    /// The inputs of a random session, without its times: feeders send them as fast as
    /// they can while another task moves the clock.
    static func inputs(seed: UInt64, count: Int) -> (Session<Int>, [EngineInput<Int>?]) {
        var generator = SessionGenerator(seed: seed, features: .realScreens)
        var session = generator.makeSession(stepCount: count, sampleIntervalMilliseconds: 100)
        // A short duration, so that plenty fires between the inputs' arbitrary order.
        session.policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .milliseconds(200))
        let inputs = session.steps.map { step -> EngineInput<Int>? in
            if case .input(let input) = step.action { return input }
            return nil   // a flush
        }
        return (session, inputs)
    }

    /// Sends `inputs` to `tracker` from `feederCount` concurrent tasks (round robin); each
    /// feeder moves the clock by a random step (0 to `maximumStep`, from its own seed)
    /// after each input, so time passes between inputs in every interleaving, however the
    /// tasks are scheduled. Logs what the actor did.
    static func feedConcurrently(
        _ tracker: ImpressionTracker<Int>, clock: ManualClock, inputs: [EngineInput<Int>?],
        feederCount: Int, maximumStep: Duration, seed: UInt64, log: ActorLog
    ) async {
        let maximumStepMilliseconds = Int(maximumStep / .milliseconds(1))
        await withTaskGroup(of: Void.self) { group in
            for feeder in 0..<feederCount {
                group.addTask {
                    var random = SplitMix64(seed: seed &* 31 &+ UInt64(feeder))
                    for input in stride(from: feeder, to: inputs.count, by: feederCount).map({ inputs[$0] }) {
                        if let input {
                            await tracker.perform(input, loggingTo: log)
                        } else {
                            await tracker.flush()
                        }
                        clock.advance(by: .milliseconds(random.int(in: 0...maximumStepMilliseconds)))
                        await Task.yield()   // let other feeders in between inputs
                    }
                }
            }
        }
    }

    /// The end of every concurrent phase, from one task: an active screen showing 30
    /// sections, held for a second. Whatever state the interleaving left, each of the 30
    /// fires, so every run publishes at least 30 impressions: a guard that does not
    /// depend on scheduling.
    static let settlingInputs: [EngineInput<Int>] = [
        .lifecycle(.reset), .lifecycle(.endRefresh), .lifecycle(.uncover), .lifecycle(.enterForeground), .lifecycle(.appear),
        .viewportInsets(Insets()), .obstructions([]),
        .viewport(Rect(x: 0, y: 0, width: 100, height: 300)),
        .layout(TrackerDeliveryTests.rows(30)),
    ]

    static func settle(_ tracker: ImpressionTracker<Int>, clock: ManualClock, log: ActorLog) async {
        for input in settlingInputs {
            #expect(await tracker.perform(input, loggingTo: log))
        }
        clock.advance(by: .seconds(1))
        await tracker.flush(loggingTo: log)
    }
}
