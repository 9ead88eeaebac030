@testable import ImpressionTracking

extension ReferenceModel {
    /// Replaces the layout (with no containers); returns `false` (and keeps the previous
    /// layout) for bad input.
    @discardableResult
    mutating func setLayout(_ sections: [TrackedSection<ID>]) -> Bool {
        setLayout(sections, containers: [])
    }

    /// Replaces the layout and its containers; returns `false` (and keeps the previous
    /// layout) for bad input.
    @discardableResult
    mutating func setLayout(_ sections: [TrackedSection<ID>], containers newContainers: [ScrollContainer]) -> Bool {
        guard Self.isValidLayout(sections, containers: newContainers) else { return false }
        let newIDs = Set(sections.map(\.id))
        let oldIDs = Set(layout.map(\.id))
        for section in sections where !oldIDs.contains(section.id) {
            if let policy = forgottenDepartures.removeValue(forKey: section.id) {
                restoreForgotten(section.id, leftUnder: policy)
            }
            rememberedDepartures.removeAll { $0.id == section.id }
        }
        for section in layout where !newIDs.contains(section.id) {
            if seen[section.id]?.highestRatio == 0 && openRuns[section.id] == nil {
                // Left unseen: no statistics to keep, only what its rules need.
                seen[section.id] = nil
                forgottenDepartures[section.id] = section.policy ?? policy
            } else {
                rememberedDepartures.append((section.id, section.policy ?? policy))
            }
        }
        for section in sections where seen[section.id] == nil {
            seen[section.id] = Seen(firstAppearance: time)
        }
        layout = sections
        forgetOldestDepartures()
        containers = Dictionary(uniqueKeysWithValues: newContainers.map { ($0.id, $0) })
        layoutMeasures = [:]
        for section in sections {
            var rects = section.cells.map(Part.init)
            for nested in section.nestedCells {
                if let part = moveToRoot(Part(nested.frame), in: nested.containerID, clipping: false).part { rects.append(part) }
            }
            let height = rects.isEmpty ? 0 : rects.map(\.bottom).max()! - rects.map(\.top).min()!
            let width = rects.isEmpty ? 0 : rects.map(\.right).max()! - rects.map(\.left).min()!
            layoutMeasures[section.id] = (height, Self.naiveUnionArea(rects), width)
        }
        return true
    }

    /// Changes one section's attributes in the layout, as the same layout with them would
    /// have them (its denominators, measured when the layout was set, stay); `false` (and
    /// no change) for an id not in the layout or an opacity outside `0...1`.
    @discardableResult
    mutating func setSectionState(_ id: ID, isLoaded: Bool?, opacity: Double?, isHidden: Bool?) -> Bool {
        guard let index = layout.firstIndex(where: { $0.id == id }) else { return false }
        if let opacity, !Self.isValidOpacity(opacity) { return false }
        if let isLoaded { layout[index].isLoaded = isLoaded }
        if let opacity { layout[index].opacity = opacity }
        if let isHidden { layout[index].isHidden = isHidden }
        return true
    }

    /// Scrolls a container; `false` (and no change) for an unknown id or a bad offset.
    @discardableResult
    mutating func setContentOffset(_ offset: Point, ofContainer id: String) -> Bool {
        guard containers[id] != nil, offset.x.isFinite, offset.y.isFinite else { return false }
        containers[id]!.contentOffset = offset
        return true
    }

    /// Replaces the viewport; returns `false` (and keeps the previous one) for bad input.
    @discardableResult
    mutating func setViewport(_ rect: Rect) -> Bool {
        guard Self.isValidRect(rect) else { return false }
        viewport = rect
        return true
    }

    @discardableResult
    mutating func setViewportInsets(_ newInsets: Insets) -> Bool {
        let relative = newInsets.relative
        guard [newInsets.top, newInsets.left, newInsets.bottom, newInsets.right,
               relative.top, relative.left, relative.bottom, relative.right].allSatisfy(\.isFinite) else { return false }
        insets = newInsets
        return true
    }

    @discardableResult
    mutating func setObstructions(_ rects: [Rect], friendly: [FriendlyObstruction] = []) -> Bool {
        guard rects.allSatisfy(Self.isValidRect),
              friendly.allSatisfy({ Self.isValidRect($0.rect) && ($0.detailedReason?.count ?? 0) <= 50 }) else { return false }
        obstructions = rects
        friendlyObstructions = friendly
        return true
    }
}
