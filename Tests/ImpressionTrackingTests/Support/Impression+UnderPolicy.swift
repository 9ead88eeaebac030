import ImpressionTracking

// A one-policy engine tags what it reports with policy 0; the same report from an engine
// of several policies carries that policy's index. The multi-against-single tests compare
// through these.
extension Impression {
    /// This impression, as the policy with index `policy` reports it.
    func underPolicy(_ policy: Int) -> Impression {
        var tagged = self
        tagged.policy = policy
        return tagged
    }
}

extension VisibilityEvent {
    /// This event, as the policy with index `policy` reports it.
    func underPolicy(_ policy: Int) -> VisibilityEvent {
        switch self {
        case .entered(let id, let time, let ratio, let visit, _):
            .entered(sectionID: id, time: time, visibleRatio: ratio, visit: visit, policy: policy)
        case .exited(let id, let time, let stay, let total, let visit, _, let signals):
            .exited(sectionID: id, time: time, stayDuration: stay, totalVisibleDuration: total, visit: visit, policy: policy,
                    signals: signals)
        case .impression(let impression):
            .impression(impression.underPolicy(policy))
        }
    }
}

extension SectionSnapshot {
    /// This row, as the policy with index `policy` reports it.
    func underPolicy(_ policy: Int) -> SectionSnapshot {
        var tagged = self
        tagged.policy = policy
        return tagged
    }
}

extension EngineSnapshot {
    /// This snapshot, every row as the policy with index `policy` reports it.
    func underPolicy(_ policy: Int) -> EngineSnapshot {
        var tagged = self
        tagged.sections = sections.map { $0.underPolicy(policy) }
        return tagged
    }
}
