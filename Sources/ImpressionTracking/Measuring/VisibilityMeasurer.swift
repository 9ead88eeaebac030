/// Measures a section's visible ratio at a sample: its cells moved into root coordinates
/// through their containers, clipped by every container and by the effective viewport,
/// minus the obstructions, then measured by height, width or exact area.
///
/// Holds its buffers, so measuring does not allocate once they have grown.
struct VisibilityMeasurer: Sendable {
    /// What the screen shows at a sample.
    struct Screen: Sendable {
        /// The viewport inset by the viewport insets, in root content coordinates.
        var effectiveViewport: Rect
        /// The viewport's origin: obstructions are given relative to it.
        var viewportOrigin: Point
        /// Rects over the content, in viewport coordinates.
        var obstructions: [Rect]
    }

    /// Why a section shows nothing, found while collecting its visible parts.
    enum Hidden: Sendable, Hashable {
        case offscreen
        case clippedByContainer(Int)
        case obstructed
        /// Every cell that shows is in a hidden container or not opaque enough.
        case excluded
    }

    private var parts = ScratchList<Rect>()
    private var scratch = ScratchList<Rect>()
    private var unionArea = UnionAreaWorkspace()

    init() {}

    /// The section's visible ratio in `0...1`, or `nil` when nothing of it shows (or it
    /// has no size to measure against).
    mutating func ratio(ofSlot slot: Int, in geometry: SectionGeometry, on screen: Screen) -> Double? {
        // One predictable branch when the layout has no gates (resolved at layout time).
        var excluding = false
        if let gateTable = geometry.gateTable {
            switch gateTable.gates[slot] {
            case .open: break
            case .notLoaded, .hidden: return nil
            case .someCellsExcluded: excluding = true
            }
        }
        let policy = geometry.policy(ofSlot: slot)
        let denominator = policy.cappedDenominator(geometry.denominators[slot], viewport: screen.effectiveViewport)
        guard denominator > 0 else { return nil }
        guard collectVisibleParts(ofSlot: slot, in: geometry, on: screen, excluding: excluding,
                                  minimumOpacity: policy.minimumOpacity) == nil else { return nil }
        if policy.measuresAsListItem {
            return listItemRatio(policy: policy, length: geometry.denominators[slot], denominator: denominator,
                                 viewport: screen.effectiveViewport)
        }
        return policy.rounding.rounded(
            min(1, Self.visibleMeasure(of: parts, by: policy.measure, unionArea: &unionArea) / denominator))
    }

    /// What is known of one section at one sample, for measuring it under several ways of
    /// measuring: whether it shows, whether its parts are those collected last, and its
    /// height, area and width once worked out (NaN until then).
    struct SharedMeasures: Sendable {
        fileprivate var shows: Bool?
        fileprivate var partsAreCollected = false
        fileprivate var measures = (height: Double.nan, area: Double.nan, width: Double.nan)

        /// Nothing known yet.
        init() {}

        /// Whether the parts last collected are this section's, collected without
        /// leaving any cell out.
        var hasCollectedParts: Bool { partsAreCollected }

        fileprivate subscript(measure: ImpressionPolicy.Measure) -> Double {
            get {
                switch measure {
                case .height: measures.height
                case .area: measures.area
                case .width: measures.width
                }
            }
            set {
                switch measure {
                case .height: measures.height = newValue
                case .area: measures.area = newValue
                case .width: measures.width = newValue
                }
            }
        }
    }

    /// The section's visible ratio in `geometry`, as ``ratio(ofSlot:in:on:)`` measures it,
    /// collecting its visible parts and working out each measure only the first time a
    /// way of measuring asks for them (`shared`, for this section at this sample): the
    /// parts are the same under every way of measuring, unless some of its cells are left
    /// out, and then this section is collected for this geometry alone.
    @inline(__always)
    mutating func ratio(ofSlot slot: Int, in geometry: SectionGeometry, on screen: Screen,
                        sharing shared: inout SharedMeasures) -> Double? {
        if let gateTable = geometry.gateTable {
            switch gateTable.gates[slot] {
            case .open: break
            case .notLoaded, .hidden: return nil
            case .someCellsExcluded:
                shared.partsAreCollected = false   // this collection replaces them
                return ratio(ofSlot: slot, in: geometry, on: screen)
            }
        }
        let policy = geometry.policy(ofSlot: slot)
        let denominator = policy.cappedDenominator(geometry.denominators[slot], viewport: screen.effectiveViewport)
        guard denominator > 0, shared.shows != false else { return nil }
        // A list item's rule reads the parts themselves, not only a measure of them.
        if !shared.partsAreCollected && (shared[policy.measure].isNaN || policy.measuresAsListItem) {
            shared.shows = collectVisibleParts(ofSlot: slot, in: geometry, on: screen) == nil
            shared.partsAreCollected = true
            guard shared.shows == true else { return nil }
        }
        return ratio(collectedFor: &shared, policy: policy, length: geometry.denominators[slot],
                     denominator: denominator, viewport: screen.effectiveViewport)
    }

    /// The section's ratio from what `shared` knows and the parts collected for it, its
    /// measure worked out the first time it is asked for; `length` is the section's full
    /// measure and `denominator` that capped; then rounded as its policy rounds it. `nil`
    /// only for a list item whose floored edges leave nothing in view.
    @inline(__always)
    private mutating func ratio(collectedFor shared: inout SharedMeasures, policy: ResolvedPolicy, length: Double,
                                denominator: Double, viewport: Rect) -> Double? {
        if policy.measuresAsListItem {
            return listItemRatio(policy: policy, length: length, denominator: denominator, viewport: viewport)
        }
        let measure = policy.measure
        var visibleMeasure = shared[measure]
        if visibleMeasure.isNaN {
            visibleMeasure = Self.visibleMeasure(of: parts, by: measure, unionArea: &unionArea)
            shared[measure] = visibleMeasure
        }
        return policy.rounding.rounded(min(1, visibleMeasure / denominator))
    }

    /// The ratio of the section whose parts were just collected under React Native's rule
    /// for a list item (`ViewabilityHelper._isViewable`): wholly in view reads 1; else
    /// the points in view over the section's `denominator`, or over the viewport's length
    /// with ``ResolvedPolicy/ofViewport``. With ``ImpressionPolicy/Rounding/floorToWholePoints``
    /// the edges along the measure's axis are floored first, and `nil` says that nothing
    /// is left in view (`top < viewportHeight && bottom > 0` fails).
    ///
    /// Kept out of line: no other policy comes here.
    @inline(never)
    private mutating func listItemRatio(policy: ResolvedPolicy, length: Double, denominator: Double,
                                        viewport: Rect) -> Double? {
        guard policy.measure != .area else {
            // Only viewport coverage: whole points need an axis (validated).
            let visible = unionArea.unionArea(ofNonEmpty: parts)
            return visible >= length ? 1 : policy.rounding.rounded(min(1, visible / viewport.area))
        }
        let vertical = policy.measure == .height
        let start = vertical ? viewport.minY : viewport.minX
        let viewportLength = vertical ? viewport.height : viewport.width
        var low = Double.infinity
        var high = -Double.infinity
        for part in parts {
            low = min(low, vertical ? part.minY : part.minX)
            high = max(high, vertical ? part.maxY : part.maxX)
        }
        var visible = high - low
        var whollyInView = visible >= length
        if policy.rounding == .floorToWholePoints {
            let edges = Self.flooredEdges(low: low - start, high: high - start, length: length, viewportLength: viewportLength)
            guard edges.top < viewportLength, edges.bottom > 0 else { return nil }
            whollyInView = edges.top >= 0 && edges.bottom <= viewportLength && edges.bottom > edges.top
            visible = max(0, min(edges.bottom, viewportLength) - max(edges.top, 0))
        }
        if whollyInView { return 1 }
        return policy.rounding.rounded(min(1, visible / (policy.ofViewport ? viewportLength : denominator)))
    }

    /// React Native's floored edges of an item (`top = floor(offset - scrollOffset)`,
    /// `bottom = floor(top + length)`), from what shows of it between `low` and `high`,
    /// both from the viewport's start: its start where it shows, else worked back from
    /// its end and its full `length`. A section that shows across the whole viewport
    /// keeps unbounded edges: its points in view are the viewport's, and it is not wholly
    /// in view unless it fits it exactly.
    static func flooredEdges(low: Double, high: Double, length: Double,
                             viewportLength: Double) -> (top: Double, bottom: Double) {
        let start: Double
        if low > 0 {
            start = low
        } else if high < viewportLength {
            start = high - length
        } else {
            return length <= viewportLength ? (0, viewportLength) : (-.infinity, .infinity)
        }
        let top = start.rounded(.down)
        return (top, (top + length).rounded(.down))
    }

    /// The section's ratio under `policy` with `denominator` (its uncapped one), from the
    /// parts collected for it at this sample (`shared.hasCollectedParts`), as
    /// ``ratio(ofSlot:in:on:sharing:)`` gives it in a geometry without gates.
    ///
    /// Takes a geometry's entries, not the geometry: an engine of several policies reads them in
    /// place from its measure groups, where handing over the geometry would copy it whole per
    /// section and measure group.
    @inline(__always)
    mutating func ratio(fromCollected shared: inout SharedMeasures, policy: ResolvedPolicy, denominator: Double,
                        on screen: Screen) -> Double? {
        let length = denominator
        let denominator = policy.cappedDenominator(denominator, viewport: screen.effectiveViewport)
        guard denominator > 0, shared.shows == true else { return nil }
        return ratio(collectedFor: &shared, policy: policy, length: length, denominator: denominator,
                     viewport: screen.effectiveViewport)
    }

    /// The area of the union of the parts last collected: the visible area of the section
    /// just measured, what its screen share divides. Worked out again, once per section
    /// and sample and only with exposure signals, rather than kept from an `.area` ratio,
    /// which would cost every sample without them a store.
    mutating func areaOfCollectedParts() -> Double {
        unionArea.unionArea(ofNonEmpty: parts)
    }

    /// The visible area of the section in `slot` under `geometry`, whose ratio was just
    /// measured as ``ratio(ofSlot:in:on:sharing:)`` measures it, with `shared` for this
    /// section at this sample: the parts just collected when some of its cells are left out
    /// in `geometry` (collected for it alone), else the area of the parts every way of
    /// measuring without exclusions shares, worked out once.
    mutating func visibleArea(ofSlot slot: Int, in geometry: SectionGeometry, on screen: Screen,
                              sharing shared: inout SharedMeasures) -> Double {
        if geometry.gate(ofSlot: slot) == .someCellsExcluded { return areaOfCollectedParts() }
        if !shared[.area].isNaN { return shared[.area] }
        if !shared.partsAreCollected {
            // A measure group that left cells out collected its own parts since.
            _ = collectVisibleParts(ofSlot: slot, in: geometry, on: screen)
            shared.partsAreCollected = true
        }
        let area = areaOfCollectedParts()
        shared[.area] = area
        return area
    }

    /// What of `parts` (none empty) counts under `measure`: the height or width of their bounding box,
    /// or the area of their union.
    @inline(__always)
    private static func visibleMeasure(of parts: some Collection<Rect>, by measure: ImpressionPolicy.Measure,
                                       unionArea: inout UnionAreaWorkspace) -> Double {
        switch measure {
        case .height:
            var top = Double.infinity
            var bottom = -Double.infinity
            for part in parts {
                top = min(top, part.minY)
                bottom = max(bottom, part.maxY)
            }
            return bottom - top
        case .area:
            return unionArea.unionArea(ofNonEmpty: parts)
        case .width:
            var left = Double.infinity
            var right = -Double.infinity
            for part in parts {
                left = min(left, part.minX)
                right = max(right, part.maxX)
            }
            return right - left
        }
    }

    /// Fills `parts` with what shows of the section's cells, in root coordinates, each of
    /// positive area; returns why nothing shows, or `nil` when something does.
    ///
    /// - Parameter excluding: leave out the cells in a hidden container or less opaque
    ///   than `minimumOpacity` (a `.someCellsExcluded` slot); they still show, so when
    ///   nothing else does the reason is ``Hidden/excluded``, not that nothing is on screen.
    mutating func collectVisibleParts(ofSlot slot: Int, in geometry: SectionGeometry, on screen: Screen,
                                      excluding: Bool = false, minimumOpacity: Double = 0) -> Hidden? {
        if excluding, let table = geometry.gateTable {
            return collect(ofSlot: slot, in: geometry, on: screen,
                           leavingOut: GatedCells(table: table, minimumOpacity: minimumOpacity))
        }
        return collect(ofSlot: slot, in: geometry, on: screen, leavingOut: NoCells())
    }

    /// The loop of ``collectVisibleParts(ofSlot:in:on:excluding:minimumOpacity:)``, made
    /// once per kind of exclusion: the copy for layouts without gates tests nothing more
    /// than it did before gates existed.
    private mutating func collect(ofSlot slot: Int, in geometry: SectionGeometry, on screen: Screen,
                                  leavingOut exclusion: some CellExclusion) -> Hidden? {
        parts.removeAll()
        let viewport = screen.effectiveViewport
        var hiddenByContainer: Int?
        var sawExcluded = false
        for cellIndex in geometry.cellRange(ofSlot: slot) {
            let cell = geometry.cells[cellIndex]
            guard let container = geometry.cellContainers[cellIndex].index else {
                if let part = cell.intersection(viewport) {
                    if exclusion.excludes(cellIndex) { sawExcluded = true } else { parts.append(part) }
                }
                continue
            }
            let (clipped, hiddenBy) = geometry.containers.clip(cell, inContainer: container)
            if let clipped {
                if let part = clipped.intersection(viewport) {
                    if exclusion.excludes(cellIndex) { sawExcluded = true } else { parts.append(part) }
                }
            } else if hiddenByContainer == nil,
                      geometry.containers.unclipped(cell, inContainer: container).intersects(viewport) {
                // On screen but for the container: say which one hid it.
                hiddenByContainer = hiddenBy
            }
        }
        guard !parts.isEmpty else {
            if sawExcluded { return .excluded }
            return hiddenByContainer.map { .clippedByContainer($0) } ?? .offscreen
        }
        for obstruction in screen.obstructions {
            let covering = obstruction.offsetBy(dx: screen.viewportOrigin.x, dy: screen.viewportOrigin.y)
            scratch.removeAll()
            for part in parts { part.subtracting(covering, into: &scratch) }
            swap(&parts, &scratch)
            if parts.isEmpty { return .obstructed }
        }
        return nil
    }
}

/// Which cells a collection of visible parts leaves out.
private protocol CellExclusion {
    func excludes(_ cell: Int) -> Bool
}

/// None: every layout without gates.
private struct NoCells: CellExclusion {
    @inline(__always)
    func excludes(_ cell: Int) -> Bool { false }
}

/// Those in a hidden container or below the minimum opacity.
private struct GatedCells: CellExclusion {
    let table: GateTable
    let minimumOpacity: Double

    @inline(__always)
    func excludes(_ cell: Int) -> Bool { table.isExcluded(cell: cell, minimumOpacity: minimumOpacity) }
}

extension SectionGeometry {
    /// ``VisibilityMeasurer/ratio(ofSlot:in:on:sharing:)`` under this geometry, called on
    /// it in place. Mutating though it only reads: called on an element of a buffer of
    /// geometries, it hands the measurer this one without copying it.
    mutating func ratio(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen, with measurer: inout VisibilityMeasurer,
                        sharing shared: inout VisibilityMeasurer.SharedMeasures) -> Double? {
        measurer.ratio(ofSlot: slot, in: self, on: screen, sharing: &shared)
    }

    /// ``VisibilityMeasurer/visibleArea(ofSlot:in:on:sharing:)`` under this geometry, called
    /// on it in place, as ``ratio(ofSlot:on:with:sharing:)`` is.
    mutating func visibleArea(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen,
                              with measurer: inout VisibilityMeasurer,
                              sharing shared: inout VisibilityMeasurer.SharedMeasures) -> Double {
        measurer.visibleArea(ofSlot: slot, in: self, on: screen, sharing: &shared)
    }
}
