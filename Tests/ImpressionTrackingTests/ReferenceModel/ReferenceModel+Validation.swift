@testable import ImpressionTracking

extension ReferenceModel {
    static func isValidRect(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
            && rect.width >= 0 && rect.height >= 0
            && (rect.x + rect.width).isFinite && (rect.y + rect.height).isFinite
    }

    static func isValidPolicy(_ policy: ImpressionPolicy) -> Bool {
        guard policy.minimumVisibleRatio >= 0, policy.minimumVisibleRatio <= 1,
              policy.minimumDuration >= .zero else { return false }
        if let exit = policy.exitVisibleRatio, !(exit >= 0 && exit <= policy.minimumVisibleRatio) { return false }
        if case .lowerRatio(let minimumArea, let ratio) = policy.largeSectionRule {
            guard ratio >= 0, ratio <= 1, minimumArea.isFinite, minimumArea >= 0 else { return false }
        }
        if case .focus(let fraction) = policy.largeSectionRule, !(fraction > 0 && fraction <= 1) { return false }
        return policy.cooldown >= .zero && policy.minimumOpacity >= 0 && policy.minimumOpacity <= 1
    }

    static func isValidOpacity(_ opacity: Double) -> Bool {
        opacity >= 0 && opacity <= 1
    }

    static func isValidLayout(_ sections: [TrackedSection<ID>], containers: [ScrollContainer] = []) -> Bool {
        var parents: [String: String?] = [:]
        for container in containers {
            let clip = container.clipInsets
            guard isValidRect(container.frame), container.contentOffset.x.isFinite, container.contentOffset.y.isFinite,
                  [clip.top, clip.left, clip.bottom, clip.right, clip.relative.top, clip.relative.left,
                   clip.relative.bottom, clip.relative.right].allSatisfy(\.isFinite),
                  isValidOpacity(container.opacity), parents[container.id] == nil else { return false }
            parents[container.id] = container.parentID
        }
        for container in containers {
            // Walk up: an unknown parent is bad, and so is a chain longer than the list.
            var id: String? = container.id
            var steps = 0
            while let current = id {
                guard let parent = parents[current] else { return false }
                id = parent
                steps += 1
                if steps > containers.count { return false }
            }
        }
        var seen: Set<ID> = []
        for section in sections {
            guard seen.insert(section.id).inserted else { return false }
            guard section.cells.allSatisfy(isValidRect) else { return false }
            for nested in section.nestedCells {
                guard isValidRect(nested.frame), parents[nested.containerID] != nil else { return false }
            }
            if let fullHeight = section.fullHeight, !(fullHeight.isFinite && fullHeight >= 0) { return false }
            if let fullArea = section.fullArea, !(fullArea.isFinite && fullArea >= 0) { return false }
            if let fullWidth = section.fullWidth, !(fullWidth.isFinite && fullWidth >= 0) { return false }
            if !isValidOpacity(section.opacity) { return false }
            if let policy = section.policy, !isValidPolicy(policy) { return false }
        }
        return true
    }
}
