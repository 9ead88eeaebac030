@testable import ImpressionTracking

extension ReferenceModel {
    /// A rect by its four edges, so no edge is recomputed as `origin + size`.
    struct Part {
        var left: Double, right: Double, top: Double, bottom: Double

        init(left: Double, right: Double, top: Double, bottom: Double) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }

        init(_ rect: Rect) {
            self.init(left: rect.x, right: rect.x + rect.width, top: rect.y, bottom: rect.y + rect.height)
        }

        /// The overlap, only when it has a positive area.
        func clipped(to other: Part) -> Part? {
            let part = Part(left: max(left, other.left), right: min(right, other.right),
                            top: max(top, other.top), bottom: min(bottom, other.bottom))
            return part.right > part.left && part.bottom > part.top ? part : nil
        }
    }

    /// What a sample measures of a section that shows something.
    struct Measured {
        /// The unclamped ratio, with the large-section cap when the policy has it.
        var ratio: Double
        /// The ratio against the section's own full size.
        var uncappedRatio: Double
        /// The area of what shows, obstructions taken off.
        var area: Double
        /// The ratio before the policy's rounding, unclamped.
        var exactRatio: Double
    }

    /// `ratio` as the policy's rounding reports it (The rules: "Rounding"), written
    /// apart from the engine's: exact leaves it unclamped, as the model compares it;
    /// Flutter's snap takes what is at most 0.01 from 0 or 1 to that end; the OM SDK's
    /// percent is the largest whole percent not above it, a percent within 10⁻⁹ of it
    /// being reached.
    static func rounded(_ ratio: Double, _ rounding: ImpressionPolicy.Rounding) -> Double {
        let ratio = rounding == .exact ? ratio : min(1, ratio)
        switch rounding {
        case .exact:
            return ratio
        case .snapNearEnds:
            if abs(ratio - 0) <= 0.01 { return 0 }
            if abs(ratio - 1) <= 0.01 { return 1 }
            return ratio
        case .floorToPercent:
            let percent = (0...100).last { Double($0) - 1e-9 <= ratio * 100 } ?? 0
            return Double(percent) / 100
        case .floorToWholePoints:
            // Floored in the geometry (`listItemRatio`), not here.
            return ratio
        }
    }

    /// React Native's `ViewabilityHelper` for one item, written apart from the engine in
    /// its own words: along the list's axis (the measure's), `top = floor(offset -
    /// scrollOffset)` and `bottom = floor(top + length)` with whole points, the item left
    /// out unless `top < viewportHeight && bottom > 0`; entirely visible
    /// (`top >= 0 && bottom <= viewportHeight && bottom > top`) is 1; else the pixels
    /// in view over the item's length (`denominator`, capped as the policy caps it), or
    /// over the viewport's with viewport coverage, then rounded as the policy rounds.
    /// The item's offset is read from what shows (`visible`): its top where it shows,
    /// else its bottom less its length; an item showing across the whole viewport covers
    /// it. By area (viewport coverage only) the area in view over the viewport's, 1 when
    /// all of it shows. `nil` when React Native leaves the item out.
    static func listItemRatio(visible: Part, area: Double, screen: Part, length: Double, denominator: Double,
                              policy: ImpressionPolicy) -> Double? {
        let byViewport = policy.largeSectionRule == .viewportCoverage
        let viewportHeight: Double, shownTop: Double, shownBottom: Double
        switch policy.measure {
        case .area:
            if area >= length { return 1 }
            return Self.rounded(min(1, area / ((screen.right - screen.left) * (screen.bottom - screen.top))), policy.rounding)
        case .height:
            viewportHeight = screen.bottom - screen.top
            shownTop = visible.top - screen.top
            shownBottom = visible.bottom - screen.top
        case .width:
            viewportHeight = screen.right - screen.left
            shownTop = visible.left - screen.left
            shownBottom = visible.right - screen.left
        }
        let pixels: Double
        var entirelyVisible: Bool
        if policy.rounding == .floorToWholePoints {
            if shownTop <= 0 && shownBottom >= viewportHeight {
                pixels = viewportHeight
                entirelyVisible = length <= viewportHeight
            } else {
                let offsetFromScroll = shownTop > 0 ? shownTop : shownBottom - length
                let top = offsetFromScroll.rounded(.down)
                let bottom = (top + length).rounded(.down)
                guard top < viewportHeight && bottom > 0 else { return nil }
                entirelyVisible = top >= 0 && bottom <= viewportHeight && bottom > top
                pixels = max(0, min(bottom, viewportHeight) - max(top, 0))
            }
        } else {
            pixels = shownBottom - shownTop
            entirelyVisible = pixels >= length
        }
        if entirelyVisible { return 1 }
        // A ratio, as the policy's threshold is one: React Native's `100 * pixels / length
        // >= percent` is the same comparison but for the last bit.
        return Self.rounded(min(1, pixels / (byViewport ? viewportHeight : denominator)), policy.rounding)
    }

    /// The effective viewport: the viewport inset by the insets, its size clamped at 0.
    var effectiveViewport: Part? {
        guard let viewport else { return nil }
        return Self.inset(viewport, by: insets)
    }

    /// `rect` less `insets`, each edge so many points plus its fraction of the rect's
    /// height (top, bottom) or width (left, right), the size clamped at 0.
    static func inset(_ rect: Rect, by insets: Insets) -> Part {
        let topInset = insets.top + insets.relative.top * rect.height
        let bottomInset = insets.bottom + insets.relative.bottom * rect.height
        let leftInset = insets.left + insets.relative.left * rect.width
        let rightInset = insets.right + insets.relative.right * rect.width
        let left = rect.x + leftInset
        let top = rect.y + topInset
        let width = max(0, rect.width - leftInset - rightInset)
        let height = max(0, rect.height - topInset - bottomInset)
        return Part(left: left, right: left + width, top: top, bottom: top + height)
    }

    /// The section's entry ratio: the policy's, or the large-section rule's lower ratio
    /// for a section whose full area reaches the rule's minimum.
    func entryRatio(of section: TrackedSection<ID>, policy: ImpressionPolicy) -> Double {
        if case .lowerRatio(let minimumArea, let ratio) = policy.largeSectionRule,
           fullArea(of: section) >= minimumArea {
            return ratio
        }
        return policy.minimumVisibleRatio
    }

    /// `fullHeight`, or the height of the bounding box of every cell of the section.
    func fullHeight(of section: TrackedSection<ID>) -> Double {
        section.fullHeight ?? layoutMeasures[section.id]!.height
    }

    /// `fullWidth`, or the width of the bounding box of every cell of the section.
    func fullWidth(of section: TrackedSection<ID>) -> Double {
        section.fullWidth ?? layoutMeasures[section.id]!.width
    }

    /// `fullArea`, or the exact union area of every cell of the section.
    func fullArea(of section: TrackedSection<ID>) -> Double {
        section.fullArea ?? layoutMeasures[section.id]!.area
    }

    /// Why nothing of a section counts, before any threshold.
    enum Hidden: Equatable {
        case noViewport
        case noSize
        case offscreen
        case clippedByContainer(String)
        case obstructed
        case notLoaded
        case hidden
        case hiddenByContainer(String)
        case transparent(opacity: Double, required: Double)
    }

    /// What the current inputs show of a section, whether or not the tracker is active.
    struct Observation {
        /// What is measured, when something shows and there is a size to measure against.
        var measured: Measured?
        /// Why nothing shows, when nothing does.
        var hidden: Hidden?
        // For the statistics.
        var clippedSomething = false
        var changedByObstructions = false
        var hiddenByInsets = false
        /// Cells on screen left out for a hidden container or too little opacity.
        var leftOutCells = 0
    }

    /// What the current inputs show of `section`: its cells moved through their
    /// containers, clipped by each and by the effective viewport, less the obstructions.
    func observe(_ section: TrackedSection<ID>, policy: ImpressionPolicy) -> Observation {
        var observation = Observation()
        guard let viewport, let screen = effectiveViewport,
              screen.right > screen.left, screen.bottom > screen.top else {
            observation.hidden = .noViewport
            return observation
        }
        // The gates: a section not loaded, or hidden, shows nothing at all.
        if !section.isLoaded {
            observation.hidden = .notLoaded
            return observation
        }
        if section.isHidden {
            observation.hidden = .hidden
            return observation
        }
        var denominator: Double
        switch policy.measure {
        case .height: denominator = fullHeight(of: section)
        case .area: denominator = fullArea(of: section)
        case .width: denominator = fullWidth(of: section)
        }
        let uncapped = denominator
        // capToViewport caps at the whole viewport, focus at a fraction of it.
        var fraction: Double?
        if policy.largeSectionRule == .capToViewport { fraction = 1 }
        if case .focus(let focusFraction) = policy.largeSectionRule { fraction = focusFraction }
        if let fraction {
            let screenHeight = screen.bottom - screen.top
            let screenWidth = screen.right - screen.left
            let viewportMeasure: Double
            switch policy.measure {
            case .height: viewportMeasure = screenHeight
            case .area: viewportMeasure = screenWidth * screenHeight
            case .width: viewportMeasure = screenWidth
            }
            denominator = min(denominator, fraction * viewportMeasure)
        }
        if denominator <= 0 || (section.cells.isEmpty && section.nestedCells.isEmpty) {
            observation.hidden = .noSize
            return observation
        }

        var parts: [Part] = []
        // Cells that show but are left out: the first hidden container met, and the
        // highest effective opacity of those not hidden.
        var firstHiddenContainer: String?
        var mostOpaqueLeftOut: Double?
        for cell in section.cells {
            guard let visible = Part(cell).clipped(to: screen) else { continue }
            if section.opacity < policy.minimumOpacity {
                observation.leftOutCells += 1
                mostOpaqueLeftOut = max(mostOpaqueLeftOut ?? section.opacity, section.opacity)
            } else {
                parts.append(visible)
            }
        }
        var hidingContainer: String?
        for nested in section.nestedCells {
            switch moveToRoot(Part(nested.frame), in: nested.containerID) {
            case .shown(let part):
                guard let visible = part.clipped(to: screen) else { continue }
                let (opacity, hiddenBy) = effectiveOpacity(of: section, in: nested.containerID)
                if let hiddenBy {
                    observation.leftOutCells += 1
                    if firstHiddenContainer == nil { firstHiddenContainer = hiddenBy }
                } else if opacity < policy.minimumOpacity {
                    observation.leftOutCells += 1
                    mostOpaqueLeftOut = max(mostOpaqueLeftOut ?? opacity, opacity)
                } else {
                    parts.append(visible)
                }
            case .hidden(let container):
                // On screen but for the container: it is the reason, if nothing shows.
                if moveToRoot(Part(nested.frame), in: nested.containerID, clipping: false).part?.clipped(to: screen) != nil {
                    observation.clippedSomething = true
                    if hidingContainer == nil { hidingContainer = container }
                }
            }
        }
        if parts.isEmpty, let firstHiddenContainer {
            observation.hidden = .hiddenByContainer(firstHiddenContainer)
            return observation
        }
        if parts.isEmpty, let mostOpaqueLeftOut {
            observation.hidden = .transparent(opacity: mostOpaqueLeftOut, required: policy.minimumOpacity)
            return observation
        }
        if parts.isEmpty {
            observation.hidden = hidingContainer.map { .clippedByContainer($0) } ?? .offscreen
            if insets != .zero {
                let bare = Part(viewport)
                let all = section.cells.map(Part.init)
                    + section.nestedCells.compactMap { moveToRoot(Part($0.frame), in: $0.containerID).part }
                observation.hiddenByInsets = all.contains { $0.clipped(to: bare) != nil }
            }
            return observation
        }
        let covering = obstructions.map { Part($0.offsetBy(dx: viewport.x, dy: viewport.y)) }
        guard let remaining = Self.naiveArea(covered: parts, uncovered: covering) else {
            observation.hidden = .obstructed
            return observation
        }
        if !covering.isEmpty, let whole = Self.naiveArea(covered: parts, uncovered: []) {
            observation.changedByObstructions = whole.area != remaining.area || whole.height != remaining.height
                || whole.width != remaining.width
        }
        let visibleMeasure: Double
        switch policy.measure {
        case .height: visibleMeasure = remaining.height
        case .area: visibleMeasure = remaining.area
        case .width: visibleMeasure = remaining.width
        }
        if policy.rounding == .floorToWholePoints || policy.largeSectionRule == .viewportCoverage {
            guard let ratio = Self.listItemRatio(visible: remaining.bounds, area: remaining.area, screen: screen,
                                                 length: uncapped, denominator: denominator, policy: policy) else {
                observation.hidden = .offscreen
                return observation
            }
            // Before the rounding: the same rule measured exactly (nil, nothing left, is 0).
            var unrounded = policy
            unrounded.rounding = .exact
            let exactRatio = Self.listItemRatio(visible: remaining.bounds, area: remaining.area, screen: screen,
                                                length: uncapped, denominator: denominator, policy: unrounded) ?? 0
            observation.measured = Measured(ratio: ratio, uncappedRatio: visibleMeasure / uncapped, area: remaining.area,
                                            exactRatio: exactRatio)
            return observation
        }
        observation.measured = Measured(ratio: Self.rounded(visibleMeasure / denominator, policy.rounding),
                                        uncappedRatio: visibleMeasure / uncapped, area: remaining.area,
                                        exactRatio: visibleMeasure / denominator)
        return observation
    }

    /// The section's opacity times that of each container from `containerID` out, and
    /// the first hidden container met on the way out, if any.
    func effectiveOpacity(of section: TrackedSection<ID>, in containerID: String) -> (Double, hiddenBy: String?) {
        var opacity = section.opacity
        var hiddenBy: String?
        var nodeID: String? = containerID
        while let id = nodeID {
            let node = containers[id]!
            opacity *= node.opacity
            if node.isHidden && hiddenBy == nil { hiddenBy = id }
            nodeID = node.parentID
        }
        return (opacity, hiddenBy)
    }

    enum Moved {
        case shown(Part)
        /// The container whose frame the part missed, going out from the innermost.
        case hidden(String)

        /// The part, when shown.
        var part: Part? {
            if case .shown(let part) = self { part } else { nil }
        }
    }

    /// `part` (in the content coordinates of `containerID`) moved into root coordinates
    /// one container at a time, clipped by each container's frame on the way when
    /// `clipping` (without it, never hidden).
    func moveToRoot(_ part: Part, in containerID: String, clipping: Bool = true) -> Moved {
        var part = part
        var nodeID: String? = containerID
        while let id = nodeID {
            let node = containers[id]!
            let dx = node.frame.x - node.contentOffset.x
            let dy = node.frame.y - node.contentOffset.y
            part = Part(left: part.left + dx, right: part.right + dx, top: part.top + dy, bottom: part.bottom + dy)
            if clipping {
                guard let clipped = part.clipped(to: Self.inset(node.frame, by: node.clipInsets)) else { return .hidden(id) }
                part = clipped
            }
            nodeID = node.parentID
        }
        return .shown(part)
    }
}
