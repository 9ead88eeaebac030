/// What an engine keeps while someone watches its sections' geometry: the last
/// ``VisibleGeometry`` sent for each section, the changes not yet taken, and the full
/// figures of the layout in force.
///
/// An engine holds one only while watched (``ImpressionEngine/watchGeometry()``), so
/// a sample without a watcher tests one optional and nothing more.
struct GeometryWatch<ID: Hashable & Sendable>: Sendable {
    /// The last geometry sent for each section that has one.
    private var last: [ID: VisibleGeometry<ID>] = [:]
    /// The sections of `last`, in the order of the layout they were measured in.
    private var lastOrder: [ID] = []
    /// Changes worked out and not yet taken, in order.
    private(set) var pending: [VisibleGeometry<ID>] = []
    /// Whether the next sample measures every section even if no input arrived: the
    /// watch began, or began again.
    private(set) var needsPass = true
    /// The full figures of the layout in force, by slot; `nil` until measured after a
    /// layout.
    private var figures: [GeometryMeasurer.FullFigures]?
    private var measurer = GeometryMeasurer()

    init() {}

    /// Forgets what was sent: the next sample sends every section's geometry.
    mutating func restart() {
        last.removeAll()
        lastOrder.removeAll()
        needsPass = true
    }

    /// The layout changed: its full figures are worked out again when next needed.
    mutating func layoutChanged() {
        figures = nil
    }

    /// Hands over the changes worked out so far and forgets them.
    mutating func takePending() -> [VisibleGeometry<ID>] {
        defer { pending.removeAll() }
        return pending
    }

    /// Measures every section of `layout` at `time` on `screen` and keeps, as pending,
    /// a change for each whose geometry differs from the last sent (a section measured
    /// for the first time included), after one for each section that left the layout.
    /// `input` is the layout as given, for the full figures.
    mutating func evaluate(_ layout: SectionLayout<ID>, input: (sections: [TrackedSection<ID>], containers: [ScrollContainer]),
                           on screen: GeometryMeasurer.Screen, at time: Duration) {
        needsPass = false
        if figures == nil {
            figures = measurer.fullFigures(of: input.sections, containers: input.containers, slots: layout.slotsByID,
                                           count: layout.count)
        }
        for id in lastOrder where layout.slotsByID[id] == nil {
            last[id] = nil
            pending.append(VisibleGeometry(sectionID: id, time: time, reasons: .notFound))
        }
        lastOrder = layout.ids
        for slot in 0..<layout.count {
            let id = layout.ids[slot]
            let geometry = measurer.measure(slot: slot, id: id, in: layout.geometry, full: figures![slot], on: screen,
                                            at: time)
            if let previous = last[id], previous.hasSameValues(as: geometry) { continue }
            last[id] = geometry
            pending.append(geometry)
        }
    }
}
