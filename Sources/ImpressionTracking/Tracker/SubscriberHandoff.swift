/// What a consumer waiting on a subscription's buffer is resumed with.
///
/// Its own type, not nested in ``SubscriberBufferStateMachine``: the storage's waiters are
/// continuations of this type, and the machine is generic over its waiters.
enum SubscriberHandoff<Element> {
    /// Everything buffered, for an unbounded consumer.
    case batch([Element])
    /// One element, for a bounded consumer.
    case one(Element)
    /// The subscription ended: finished, or its consumer cancelled.
    case end

    /// Puts what was handed over into the consumer's emptied `batch`; `false` at the end.
    func deliver(into batch: inout [Element]) -> Bool {
        switch self {
        case .batch(let taken): batch = taken
        case .one(let element): batch.append(element)
        case .end: return false
        }
        return true
    }
}

extension SubscriberHandoff: Sendable where Element: Sendable {}
extension SubscriberHandoff: Equatable where Element: Equatable {}
