@testable import ImpressionTracking

/// What an ``ImpressionTracker`` did, in the order it did it, recorded from inside its
/// isolation (so in the actor's true order, whatever the callers' interleaving).
///
/// Every entry carries the tracker time at that point: everything published before the
/// entry is what the engine fired up to that time, whoever flushed (an input, `flush()`,
/// or `run()`), since advancing in several steps fires the same as in one.
final class ActorLog: Sendable {
    enum Entry: Sendable {
        /// The input, applied with the engine at `time` (after the input's own flush).
        case input(EngineInput<Int>, accepted: Bool, time: Duration)
        case subscribed(Int, time: Duration)
        case flushed(time: Duration)
        case finished(time: Duration)
    }

    private let entries = Locked<[Entry]>([])

    func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    var rejectedInputCount: Int {
        entries.withLock { entries in
            entries.count(where: { if case .input(_, false, _) = $0 { true } else { false } })
        }
    }

    /// What the log says was published, replayed into a plain engine.
    struct Replay {
        /// Everything published, in order, up to the finish.
        var published: [Impression<Int>] = []
        /// For each subscriber, the index in `published` of its first impression.
        var subscriptionStarts: [Int: Int] = [:]
        var rejectedInputs = 0
    }

    struct ReplayError: Error, CustomStringConvertible {
        var description: String
    }

    /// Replays the log into an engine: for each entry, advance to its time, then apply it.
    /// With `finishing`, the log's last entry must be the finish.
    func replay(policy: ImpressionPolicy, sampleInterval: Duration, finishing: Bool) throws -> Replay {
        var engine = try ImpressionEngine<Int>(policy: policy, sampleInterval: sampleInterval)
        var replay = Replay()
        var finished = false
        for (index, entry) in entries.withLock({ $0 }).enumerated() {
            switch entry {
            case .input(let input, let accepted, let time):
                if !finished { replay.published += engine.advance(to: time) }
                guard engine.perform(input) == accepted else {
                    throw ReplayError(description: "entry \(index): the tracker \(accepted ? "accepted" : "rejected") \(input), the engine did not")
                }
                if !accepted { replay.rejectedInputs += 1 }
            case .subscribed(let subscriber, let time):
                if !finished { replay.published += engine.advance(to: time) }
                replay.subscriptionStarts[subscriber] = replay.published.count
            case .flushed(let time):
                if !finished { replay.published += engine.advance(to: time) }
            case .finished(let time):
                if !finished { replay.published += engine.advance(to: time) }
                finished = true
            }
        }
        if finishing && !finished { throw ReplayError(description: "the log does not end with finish()") }
        return replay
    }
}

extension ImpressionTracker where ID == Int {
    /// ``perform(_:)``, logged in the actor's order.
    @discardableResult
    func perform(_ input: EngineInput<Int>, loggingTo log: ActorLog) -> Bool {
        let accepted = perform(input)
        log.append(.input(input, accepted: accepted, time: time))
        return accepted
    }

    /// ``impressions()``, logged in the actor's order.
    func impressions(subscriber: Int, loggingTo log: ActorLog) -> TrackerSubscription<Impression<Int>> {
        log.append(.subscribed(subscriber, time: time))
        return impressions()
    }

    /// ``flush()``, logged in the actor's order.
    func flush(loggingTo log: ActorLog) {
        flush()
        log.append(.flushed(time: time))
    }

    /// ``finish()``, logged in the actor's order.
    func finish(loggingTo log: ActorLog) {
        log.append(.finished(time: time))
        finish()
    }
}
