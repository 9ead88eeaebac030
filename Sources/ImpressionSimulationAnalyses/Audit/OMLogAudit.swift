import ImpressionSimulationFormats
import ImpressionTracking

/// An OM SDK's log of `geometryChange` events (``OMGeometryChange`` lines) set against the
/// geometry a replay of the trace worked out: the times at which the SDK's
/// `percentageInView` and ours differ by more than a tolerance, in percentage points.
///
/// Ours, for an event at time t, is the section's geometry at the last sample at or
/// before t: the OM SDK reports what it measured at t, and our values hold from the
/// sample at which they took effect to the next change, so that sample's values are what
/// the engine saw at t; a sample after t would see inputs after the event. Before a
/// section's first sample, ours is 0 % (it was not measured yet).
package struct OMLogAudit: Hashable, Sendable {
    /// One event whose percentage differs from ours by more than the tolerance.
    package struct Difference: Hashable, Sendable {
        /// The log's line.
        package var line: Int
        /// `adSessionId`: the section.
        package var section: String
        /// `timestamp`.
        package var time: Duration
        /// The SDK's `percentageInView`.
        package var theirs: Double
        /// Ours at the last sample at or before ``time``.
        package var ours: Int
        /// The time of that sample's change; `nil` before the section's first sample.
        package var ourSince: Duration?
        /// Why the rest of the section was not in view, in ``NotInViewReasons``' words.
        package var reasons: String
    }

    /// How messages name the log: its path.
    package var logName: String
    /// The most the two percentages may differ by, in percentage points, and still agree.
    package var tolerance: Double
    /// The `geometryChange` events compared.
    package var eventCount: Int
    /// Lines of another OM event type, skipped.
    package var otherEventCount: Int
    /// The events that differ, in the log's order.
    package var differences: [Difference]

    /// Reads the log's lines and compares each `geometryChange` with `changes`, the
    /// replay's geometry changes in time order.
    ///
    /// - Parameters:
    ///   - lines: the log's lines, without their newlines.
    ///   - sectionIDs: every section of the trace: an `adSessionId` outside them is refused.
    /// - Throws: ``TraceError`` naming the first bad line: not JSON, a field OM's typedefs
    ///   do not name, a percentage outside `0...100`, an ad not in the trace, a time
    ///   before the one of the ad's line before.
    package init(lines: some Sequence<some Collection<UInt8>>, logName: String, tolerance: Double,
                 sectionIDs: Set<String>, changes: [VisibleGeometry<String>]) throws(TraceError) {
        self.logName = logName
        self.tolerance = tolerance
        eventCount = 0
        otherEventCount = 0
        differences = []
        var bySection: [String: [VisibleGeometry<String>]] = [:]
        for change in changes { bySection[change.sectionID, default: []].append(change) }
        var latest: [String: (time: Duration, line: Int)] = [:]
        for (offset, bytes) in lines.enumerated() {
            let number = offset + 1
            if TraceDecoder.isBlankLine(bytes) { continue }
            // Not blank, so `nil` is an event of another type.
            guard let event = try OMGeometryChange.decode(bytes, lineNumber: number) else {
                otherEventCount += 1
                continue
            }
            guard sectionIDs.contains(event.adSessionId) else {
                throw TraceError(line: number, "adSessionId \(JSONText.quoted(event.adSessionId)) is not a section of the trace "
                    + "(it has \(sectionIDs.count))")
            }
            if let before = latest[event.adSessionId], event.timestamp < before.time {
                throw TraceError(line: number, "timestamp \(TraceEncoder.milliseconds(event.timestamp)) of "
                    + "\(JSONText.quoted(event.adSessionId)) is before \(TraceEncoder.milliseconds(before.time)) on line "
                    + "\(before.line): an ad's events must be in time order")
            }
            latest[event.adSessionId] = (event.timestamp, number)
            eventCount += 1
            let history = bySection[event.adSessionId] ?? []
            let ours = Self.last(in: history, atOrBefore: event.timestamp)
            let percentage = ours?.percentageInView ?? 0
            guard abs(event.percentageInView - Double(percentage)) > tolerance else { continue }
            differences.append(Difference(line: number, section: event.adSessionId, time: event.timestamp,
                                          theirs: event.percentageInView, ours: percentage, ourSince: ours?.time,
                                          reasons: ours.map { $0.reasons.description } ?? "not measured yet"))
        }
    }

    /// The last of `history` (in time order) at or before `time`.
    private static func last(in history: [VisibleGeometry<String>], atOrBefore time: Duration) -> VisibleGeometry<String>? {
        var low = 0, high = history.count   // the first index after `time`
        while low < high {
            let middle = (low + high) / 2
            if history[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : history[low - 1]
    }

    /// The report's section, as text: a line saying the log agrees, or one per difference.
    package var text: String {
        var text = "OM log \(logName): \(eventCount) geometryChange event\(eventCount == 1 ? "" : "s")"
            + (otherEventCount > 0 ? " (\(otherEventCount) of other types skipped)" : "")
            + ", tolerance \(TraceEncoder.number(tolerance)) percentage point\(tolerance == 1 ? "" : "s")\n"
        guard !differences.isEmpty else {
            return text + "  clean: every percentageInView within the tolerance of ours at the sample at or before it\n"
        }
        text += "  \(differences.count) differ\(differences.count == 1 ? "s" : ""):\n"
        for difference in differences {
            text += "  line \(difference.line): \(difference.section) at \(TraceEncoder.milliseconds(difference.time)) ms: "
                + "SDK \(TraceEncoder.number(difference.theirs)) %, ours \(difference.ours) %"
                + (difference.ourSince.map { " (since \(TraceEncoder.milliseconds($0)) ms)" } ?? "")
                + ", \(difference.reasons)\n"
        }
        return text
    }

    /// The report's section, as JSON members of the audit's object.
    package func write(to writer: inout JSONWriter) {
        writer.key("omLog")
        writer.object { log in
            log.key("file"); log.string(logName)
            log.key("tolerance"); log.raw(TraceEncoder.number(tolerance))
            log.key("events"); log.integer(eventCount)
            log.key("otherEvents"); log.integer(otherEventCount)
            log.key("clean"); log.raw(differences.isEmpty ? "true" : "false")
            log.key("differences")
            log.array(differences) { item, difference in
                item.object { item in
                    item.key("line"); item.integer(difference.line)
                    item.key("adSessionId"); item.string(difference.section)
                    item.key("timestampMs"); item.raw(TraceEncoder.milliseconds(difference.time))
                    item.key("sdkPercentageInView"); item.raw(TraceEncoder.number(difference.theirs))
                    item.key("ourPercentageInView"); item.integer(difference.ours)
                    item.key("ourSampleMs"); item.raw(difference.ourSince.map(TraceEncoder.milliseconds) ?? "null")
                    item.key("reasons"); item.string(difference.reasons)
                }
            }
        }
    }
}
