import ImpressionTracking

/// One OM SDK `geometryChange` event as a JSON line: what `impressions replay --geometry`
/// writes for each ``VisibleGeometry`` change, and what `impressions audit --om-log`
/// reads from an OM SDK's log. Writing and reading live here together so that the audit
/// reads exactly what the replay writes.
///
/// The names are those of IAB's Open Measurement JS typedefs (`Event`,
/// `GeometryChangeEventData`, `Viewport`, `AdViewEventData`, `Geometry`,
/// `OnScreenGeometry`) and of the OM SDK's friendly obstructions:
///
/// ```text
/// {"adSessionId":"ad-1","timestamp":1200,"type":"geometryChange","data":{
///   "viewport":{"width":390,"height":844},
///   "adView":{"percentageInView":30,"pixelsInView":23790,"reasons":["viewport"],
///     "geometry":{"x":0,"y":700,"width":390,"height":200,"pixels":78000},
///     "onScreenGeometry":{"x":0,"y":700,"width":390,"height":61,"pixels":23790,
///       "obstructions":[],"friendlyObstructions":[]}}}}
/// ```
///
/// (one line in the file). `timestamp` is milliseconds since the trace's time zero, exact
/// to the nanosecond. What we know and OM has no field for is left out: the height and
/// width fractions, the reasons `inactive` and `notLoaded`. What OM has and we cannot
/// fill is left out too: `measuringElement`, a friendly obstruction's
/// `obstructionClass` (a view's class; traces hold rects), and the OM SDK's fields
/// outside these typedefs (`containerGeometry`, `declaredFriendlyObstructions`,
/// `lastActivity`). Reading takes every field named here, `measuringElement` and
/// `obstructionClass` too, and refuses any other.
package struct OMGeometryChange: Sendable, Hashable {
    /// A friendly obstruction as `onScreenGeometry.friendlyObstructions` lists it.
    package struct Friendly: Sendable, Hashable {
        /// Where it is on screen.
        package var rect: Rect
        /// `obstructionPurpose`.
        package var purpose: FriendlyObstruction.Purpose
        /// `obstructionReason`; `nil` when absent.
        package var reason: String?
        /// `obstructionClass`; `nil` when absent (always, as written from a trace).
        package var obstructionClass: String?

        /// A friendly obstruction with every field given.
        package init(rect: Rect, purpose: FriendlyObstruction.Purpose, reason: String? = nil, obstructionClass: String? = nil) {
            self.rect = rect
            self.purpose = purpose
            self.reason = reason
            self.obstructionClass = obstructionClass
        }
    }

    /// The event type this line format holds; lines of other types are skipped when read.
    package static let eventType = "geometryChange"
    /// The OM SDK's `Reason` values, each one of ``NotInViewReasons``' names: what a
    /// line written here holds.
    package static let reasonNames: Set<String> = ["viewport", "clipped", "obstructed", "hidden", "backgrounded", "notFound"]
    /// The reasons a line read may hold: ``reasonNames`` and the two the OM SDK's native
    /// libraries send beside them (a view not attached to a window, a window without
    /// focus), which a real log carries although the JS typedefs do not list them.
    package static let readableReasonNames: Set<String> = reasonNames.union(["notAttached", "noWindowFocus"])

    /// `adSessionId`: the section, as the trace writes its id.
    package var adSessionId: String
    /// `timestamp`, from the trace's time zero.
    package var timestamp: Duration
    /// `data.viewport`'s width and height, at origin zero; `nil` when the line has none.
    package var viewport: Rect?
    /// `data.adView.percentageInView`, in `0...100`.
    package var percentageInView: Double
    /// `data.adView.pixelsInView`; `nil` when absent.
    package var pixelsInView: Double?
    /// `data.adView.reasons`, in the line's order.
    package var reasons: [String]
    /// `data.adView.geometry`, its `pixels` the rect's area; `nil` when absent.
    package var geometry: Rect?
    /// `data.adView.onScreenGeometry`, its `pixels` ``pixelsInView``; `nil` when absent.
    package var onScreenGeometry: Rect?
    /// `onScreenGeometry.obstructions`: written only with ``onScreenGeometry``, as OM has
    /// them nowhere else.
    package var obstructions: [Rect]
    /// `onScreenGeometry.friendlyObstructions`: written only with ``onScreenGeometry``.
    package var friendlyObstructions: [Friendly]

    /// An event with every field given.
    package init(adSessionId: String, timestamp: Duration, viewport: Rect? = nil, percentageInView: Double,
                 pixelsInView: Double? = nil, reasons: [String] = [], geometry: Rect? = nil, onScreenGeometry: Rect? = nil,
                 obstructions: [Rect] = [], friendlyObstructions: [Friendly] = []) {
        self.adSessionId = adSessionId
        self.timestamp = timestamp
        self.viewport = viewport
        self.percentageInView = percentageInView
        self.pixelsInView = pixelsInView
        self.reasons = reasons
        self.geometry = geometry
        self.onScreenGeometry = onScreenGeometry
        self.obstructions = obstructions
        self.friendlyObstructions = friendlyObstructions
    }

    /// The event for `change`, seen in `viewport` (the engine's at that sample; none
    /// writes `0 × 0`). OM always sends both geometries: a section with no frame, or
    /// nothing in view, has zero rects. Reasons OM has no word for are left out.
    package init(_ change: VisibleGeometry<String>, viewport: Rect?) {
        self.init(adSessionId: change.sectionID, timestamp: change.time,
                  viewport: Rect(x: 0, y: 0, width: viewport?.width ?? 0, height: viewport?.height ?? 0),
                  percentageInView: Double(change.percentageInView), pixelsInView: change.pixelsInView,
                  reasons: change.reasons.names.filter(Self.reasonNames.contains),
                  geometry: change.frame ?? .zero, onScreenGeometry: change.onScreenFrame ?? .zero,
                  obstructions: change.obstructions,
                  friendlyObstructions: change.friendlyObstructions.map {
                      Friendly(rect: $0.rect, purpose: $0.purpose, reason: $0.detailedReason)
                  })
    }

    // MARK: - Writing

    /// The event as one compact JSON line, without its newline: fields in the order of
    /// the example above, numbers as traces write them.
    package var line: String {
        var line = JSONWriter(compact: true)
        line.beginObject()
        line.key("adSessionId"); line.string(adSessionId)
        line.key("timestamp"); line.raw(TraceEncoder.milliseconds(timestamp))
        line.key("type"); line.string(Self.eventType)
        line.key("data")
        line.object { data in
            if let viewport {
                data.key("viewport")
                data.object { size in
                    size.key("width"); size.raw(TraceEncoder.number(viewport.width))
                    size.key("height"); size.raw(TraceEncoder.number(viewport.height))
                }
            }
            data.key("adView")
            data.object { view in
                view.key("percentageInView"); view.raw(TraceEncoder.number(percentageInView))
                if let pixelsInView { view.key("pixelsInView"); view.raw(TraceEncoder.number(pixelsInView)) }
                view.key("reasons")
                view.beginArray(inline: true)
                for reason in reasons { view.element(); view.string(reason) }
                view.endArray()
                if let geometry {
                    view.key("geometry")
                    view.object { box in Self.write(geometry, pixels: geometry.width * geometry.height, to: &box) }
                }
                if let onScreenGeometry {
                    view.key("onScreenGeometry")
                    view.object { box in
                        Self.write(onScreenGeometry, pixels: pixelsInView ?? onScreenGeometry.width * onScreenGeometry.height,
                                   to: &box)
                        box.key("obstructions")
                        box.beginArray(inline: true)
                        for rect in obstructions {
                            box.element()
                            box.object { item in Self.write(rect, pixels: nil, to: &item) }
                        }
                        box.endArray()
                        box.key("friendlyObstructions")
                        box.beginArray(inline: true)
                        for friendly in friendlyObstructions {
                            box.element()
                            box.object { item in
                                Self.write(friendly.rect, pixels: nil, to: &item)
                                if let name = friendly.obstructionClass { item.key("obstructionClass"); item.string(name) }
                                item.key("obstructionPurpose"); item.string(friendly.purpose.rawValue)
                                if let reason = friendly.reason { item.key("obstructionReason"); item.string(reason) }
                            }
                        }
                        box.endArray()
                    }
                }
            }
        }
        line.endObject()
        return line.text
    }

    private static func write(_ rect: Rect, pixels: Double?, to box: inout JSONWriter) {
        box.key("x"); box.raw(TraceEncoder.number(rect.x))
        box.key("y"); box.raw(TraceEncoder.number(rect.y))
        box.key("width"); box.raw(TraceEncoder.number(rect.width))
        box.key("height"); box.raw(TraceEncoder.number(rect.height))
        if let pixels { box.key("pixels"); box.raw(TraceEncoder.number(pixels)) }
    }

    // MARK: - Reading

    /// Reads line `number` (1-based) of an OM log, without its newline: the event, or
    /// `nil` for a blank line or an event of another `type` (its top level checked alone).
    ///
    /// A `geometryChange` line needs `adSessionId`, `timestamp` (finite, `>= 0`) and
    /// `data.adView.percentageInView` (in `0...100`); every other field is optional, but
    /// checked when present; a field OM's typedefs do not name is refused.
    ///
    /// - Throws: ``TraceError`` naming the line, the field and the value.
    package static func decode(_ bytes: some Collection<UInt8>, lineNumber number: Int) throws(TraceError) -> OMGeometryChange? {
        if TraceDecoder.isBlankLine(bytes) { return nil }
        let value: JSONValue
        do throws(FileFormatError) {
            value = try JSONValue.parse(bytes, isLine: true)
        } catch {
            throw TraceError(line: number, "not JSON: \(error.message)")
        }
        do throws(FileFormatError) {
            return try Reader().event(value)
        } catch {
            throw TraceError(line: number, error.description)
        }
    }

    /// The path-naming reads of ``decode(_:lineNumber:)``.
    private struct Reader: JSONPathReading {
        func event(_ value: JSONValue) throws(FileFormatError) -> OMGeometryChange? {
            let top = try object(value, at: "")
            try checkKeys(top, allowed: ["adSessionId", "timestamp", "type", "data"], at: "")
            guard try string(required(top, "type", at: ""), at: "type") == OMGeometryChange.eventType else { return nil }
            let id = try string(required(top, "adSessionId", at: ""), at: "adSessionId")
            let milliseconds = try number(required(top, "timestamp", at: ""), at: "timestamp")
            guard milliseconds >= 0, milliseconds <= 1e12 else {
                throw FileFormatError(path: "timestamp", "must be milliseconds in 0...1e12, got \(TraceEncoder.number(milliseconds))")
            }
            let data = try object(required(top, "data", at: ""), at: "data")
            try checkKeys(data, allowed: ["viewport", "adView"], at: "data")
            var viewport: Rect?
            if let size = data["viewport"] {
                let fields = try object(size, at: "data.viewport")
                try checkKeys(fields, allowed: ["width", "height"], at: "data.viewport")
                viewport = Rect(x: 0, y: 0, width: try number(required(fields, "width", at: "data.viewport"), at: "data.viewport.width"),
                                height: try number(required(fields, "height", at: "data.viewport"), at: "data.viewport.height"))
            }
            let view = try object(required(data, "adView", at: "data"), at: "data.adView")
            try checkKeys(view, allowed: ["percentageInView", "pixelsInView", "geometry", "onScreenGeometry", "reasons",
                                          "measuringElement"], at: "data.adView")
            let percentage = try number(required(view, "percentageInView", at: "data.adView"), at: "data.adView.percentageInView")
            guard (0...100).contains(percentage) else {
                throw FileFormatError(path: "data.adView.percentageInView", "must be in 0...100, got \(TraceEncoder.number(percentage))")
            }
            var change = OMGeometryChange(adSessionId: id, timestamp: .nanoseconds(Int64((milliseconds * 1e6).rounded())),
                                          viewport: viewport, percentageInView: percentage)
            change.pixelsInView = try view["pixelsInView"].map { v throws(FileFormatError) in
                try number(v, at: "data.adView.pixelsInView")
            }
            if let reasons = view["reasons"] {
                for (index, reason) in try array(reasons, at: "data.adView.reasons").enumerated() {
                    let path = "data.adView.reasons[\(index)]"
                    let name = try string(reason, at: path)
                    guard OMGeometryChange.readableReasonNames.contains(name) else {
                        throw FileFormatError(path: path, "not an OM reason (expected one of "
                            + "\(OMGeometryChange.readableReasonNames.sorted().joined(separator: ", "))), got \(JSONText.quoted(name))")
                    }
                    change.reasons.append(name)
                }
            }
            if let measuring = view["measuringElement"] {
                guard case .bool = measuring else {
                    throw FileFormatError(path: "data.adView.measuringElement", "must be true or false, got \(measuring.described)")
                }
            }
            if let geometry = view["geometry"] {
                change.geometry = try box(geometry, at: "data.adView.geometry", extra: [])
            }
            if let onScreen = view["onScreenGeometry"] {
                let path = "data.adView.onScreenGeometry"
                change.onScreenGeometry = try box(onScreen, at: path, extra: ["obstructions", "friendlyObstructions"])
                let fields = try object(onScreen, at: path)
                if let list = fields["obstructions"] {
                    for (index, item) in try array(list, at: path + ".obstructions").enumerated() {
                        change.obstructions.append(try rect(item, at: path + ".obstructions[\(index)]", extra: []))
                    }
                }
                if let list = fields["friendlyObstructions"] {
                    for (index, item) in try array(list, at: path + ".friendlyObstructions").enumerated() {
                        change.friendlyObstructions.append(try friendly(item, at: path + ".friendlyObstructions[\(index)]"))
                    }
                }
            }
            return change
        }

        /// A `Geometry` or `OnScreenGeometry`: a rect with `pixels`, and `extra` keys read by the caller.
        private func box(_ value: JSONValue, at path: String, extra: Set<String>) throws(FileFormatError) -> Rect {
            let rect = try rect(value, at: path, extra: extra.union(["pixels"]))
            if let pixels = try object(value, at: path)["pixels"] { _ = try number(pixels, at: path + ".pixels") }
            return rect
        }

        private func rect(_ value: JSONValue, at path: String, extra: Set<String>) throws(FileFormatError) -> Rect {
            let fields = try object(value, at: path)
            try checkKeys(fields, allowed: extra.union(["x", "y", "width", "height"]), at: path)
            return Rect(x: try number(required(fields, "x", at: path), at: member("x", of: path)),
                        y: try number(required(fields, "y", at: path), at: member("y", of: path)),
                        width: try number(required(fields, "width", at: path), at: member("width", of: path)),
                        height: try number(required(fields, "height", at: path), at: member("height", of: path)))
        }

        private func friendly(_ value: JSONValue, at path: String) throws(FileFormatError) -> Friendly {
            let rect = try rect(value, at: path, extra: ["obstructionClass", "obstructionPurpose", "obstructionReason"])
            let fields = try object(value, at: path)
            let purposeText = try string(required(fields, "obstructionPurpose", at: path), at: member("obstructionPurpose", of: path))
            guard let purpose = FriendlyObstruction.Purpose(rawValue: purposeText) else {
                throw FileFormatError(path: member("obstructionPurpose", of: path), "not an OM purpose (expected one of "
                    + "\(FriendlyObstruction.Purpose.allCases.map(\.rawValue).joined(separator: ", "))), got \(JSONText.quoted(purposeText))")
            }
            return Friendly(rect: rect, purpose: purpose,
                            reason: try fields["obstructionReason"].map { v throws(FileFormatError) in
                                try string(v, at: member("obstructionReason", of: path))
                            },
                            obstructionClass: try fields["obstructionClass"].map { v throws(FileFormatError) in
                                try string(v, at: member("obstructionClass", of: path))
                            })
        }
    }
}
