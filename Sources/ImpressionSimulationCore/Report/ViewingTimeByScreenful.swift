import ImpressionSimulationFormats
import ImpressionTracking

/// How a run's viewing time spreads over the feed's screenfuls: the share of the time the
/// screen was active spent on the first screen-height of content, the second, and so on,
/// as eye-tracking studies report scrolling attention (NN/g: 57 % of the viewing time on
/// the first screenful of a desktop page, then 17 %, 7 %, 5 %, 3 %, 2 %).
///
/// Each moment's time is split over the content on screen: a viewport across two
/// screenfuls gives each its part. Time with the screen inactive (another tab, the
/// background, under a modal) counts for none.
package struct ViewingTimeByScreenful: Sendable, Hashable {
    /// The screenfuls reported one by one; the time further down is summed after them.
    package static let screenfulCount = 6

    /// The active time on each of the first ``screenfulCount`` screenfuls, then on all
    /// the rest, in seconds.
    package private(set) var seconds = [Double](repeating: 0, count: screenfulCount + 1)

    /// No time yet.
    package init() {}

    /// Each screenful's share of the time, in order, the rest last; they sum to 1 (all
    /// 0 with no time).
    package var shares: [Double] {
        let total = seconds.reduce(0, +)
        return seconds.map { total > 0 ? $0 / total : 0 }
    }

    /// Adds the active time of `session` on a screen `screenHeight` points high.
    package mutating func add(_ session: Session, screenHeight: Double) {
        guard screenHeight > 0 else { return }
        var offset = 0.0
        var away = Set<AwayReason>()
        var time = Duration.zero
        for event in session.events + [SessionEvent(time: session.duration, input: .scroll(offset: .nan))] {
            if away.isEmpty { add((event.time - time).inSeconds, at: offset, screenHeight: screenHeight) }
            time = event.time
            switch event.input {
            case .scroll(let next) where next.isFinite: offset = next
            case .lifecycle(let call): AwayReason.update(&away, with: call)
            default: break
            }
        }
    }

    /// Adds another run's time.
    package mutating func add(_ other: ViewingTimeByScreenful) {
        for index in seconds.indices { seconds[index] += other.seconds[index] }
    }

    private mutating func add(_ duration: Double, at offset: Double, screenHeight: Double) {
        guard duration > 0 else { return }
        // The viewport's top, in screenfuls: it shows that one and, in part, the next.
        let position = max(0, offset / screenHeight)
        guard position < Double(Self.screenfulCount) else {
            seconds[Self.screenfulCount] += duration
            return
        }
        let screenful = Int(position)
        let inFirst = Double(screenful) + 1 - position
        seconds[screenful] += duration * inFirst
        seconds[screenful + 1] += duration * (1 - inFirst)
    }
}

/// Why the screen is not being looked at: each is undone by its own call.
private enum AwayReason: Hashable {
    case otherTab, background, modal

    static func update(_ reasons: inout Set<AwayReason>, with call: LifecycleCall) {
        switch call {
        case .disappear: reasons.insert(.otherTab)
        case .appear: reasons.remove(.otherTab)
        case .enterBackground: reasons.insert(.background)
        case .enterForeground: reasons.remove(.background)
        case .cover: reasons.insert(.modal)
        case .uncover: reasons.remove(.modal)
        case .beginRefresh, .endRefresh, .reset, .interact: break
        }
    }
}
