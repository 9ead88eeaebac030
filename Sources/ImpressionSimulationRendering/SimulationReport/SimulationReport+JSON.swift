import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SimulationReport {
    /// The report as JSON: the configuration, the feed, the depth reached and one object
    /// per policy, with its counts by kind of section (``SectionViewability``); times in
    /// seconds.
    ///
    /// A run over recorded traces says only what it knows: without a feed, there is no
    /// feed, position or kind to report, and those members are absent (`sectionIds`
    /// counts the ids met instead); with a feed that lacks some of the ids, each block by
    /// position and kind has an `outsideFeed` member for them.
    ///
    /// Written by hand (no Foundation); keys in a fixed order, so the same report always
    /// gives the same bytes.
    public func json() -> String {
        json(appending: { _ in })
    }

    /// The JSON with more members after the policies (a shard's counts).
    package func json(appending extra: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(to: &writer, appending: extra)
        return writer.text + "\n"
    }

    /// Writes the report's object where `writer` is (at the top, or as a member's
    /// value), with `leading` members first and `extra` members after the policies.
    func write(to writer: inout JSONWriter, leading: (inout JSONWriter) -> Void = { _ in },
               appending extra: (inout JSONWriter) -> Void = { _ in }) {
        // Members are indented under their beginObject()/beginArray() to mirror the output.
        writer.beginObject()
            leading(&writer)
            writer.key("sessions"); writer.integer(configuration.sessionCount)
            if groupsByKind { writer.key("sections"); writer.integer(sectionsByKind.reduce(0, +)) }
            // Only in a run over traces whose ids the feed does not all name, or without a feed.
            if !groupsByKind || countsOutsideFeed { writer.key("sectionIds"); writer.integer(sectionIDsMet) }
            if countsOutsideFeed { writer.key("sectionIdsOutsideFeed"); writer.integer(sectionIDsOutsideFeed) }
            writer.key("sessionSeconds"); writer.number(configuration.sessionDuration.inSeconds)
            if let length = configuration.user.sessionLength {
                // Only with a users file's lengths: sessionSeconds is then their cap.
                writer.key("sessionLength")
                writer.beginObject()
                    writer.key("medianSeconds"); writer.number(length.median.inSeconds)
                    writer.key("sigma"); writer.number(length.sigma)
                writer.endObject()
            }
            writer.key("seed"); writer.raw(String(configuration.seed))
            writer.key("sampleIntervalSeconds"); writer.number(configuration.sampleInterval.inSeconds)
            if groupsByKind {
                writer.key("feed")
                writer.beginObject()
                    for (kind, count) in zip(SectionKind.allCases, sectionsByKind) {
                        writer.key(kind.name); writer.integer(count)
                    }
                writer.endObject()
                writer.key("deepestPosition")
                writer.beginObject()
                    writer.key("mean"); writer.number(deepestPositionMean)
                    writer.key("p50"); writer.integer(deepestPositionMedian)
                    writer.key("p90"); writer.integer(deepestPositionP90)
                writer.endObject()
            }
            writer.key("rejectedInputs"); writer.integer(rejectedInputs)
            writer.key("policies")
            writer.beginArray()
                for summary in policies {
                    writer.element()
                    writer.beginObject()
                        writePolicy(summary, to: &writer)
                    writer.endObject()
                }
            writer.endArray()
            if let recorded { writeRecorded(recorded, to: &writer) }
            extra(&writer)
        writer.endObject()
    }

    /// A run over traces: what it read, and each policy after the first against the first.
    private func writeRecorded(_ recorded: RecordedSessions, to writer: inout JSONWriter) {
        writer.key("traces"); recorded.write(to: &writer)
        guard let first = policies.first else { return }
        writer.key("policyDifferences")
        writer.array(Array(zip(policies.dropFirst(), policyDifferences))) { writer, pair in
            let (summary, difference) = pair
            writer.object { writer in
                writer.key("policy"); writer.string(summary.policy.name)
                writer.key("minus"); writer.string(first.policy.name)
                writer.key("sessions"); writer.integer(difference.sessions)
                writer.key("impressionsPerSession"); writer.number(difference.difference)
                writer.key("lower"); writer.number(difference.lower)
                writer.key("upper"); writer.number(difference.upper)
                writer.key("excludesZero"); writer.raw(difference.excludesZero ? "true" : "false")
            }
        }
    }

    private func writePolicy(_ summary: PolicySummary, to writer: inout JSONWriter) {
        let policy = summary.policy.policy
        writer.key("name"); writer.string(summary.policy.name)
        // What the policy counts, whatever it is called: a run's policies join other runs' by it.
        writer.key("fingerprint"); writer.string(policy.fingerprint)
        writer.key("ratio"); writer.number(policy.minimumVisibleRatio)
        writer.key("durationSeconds"); writer.number(policy.minimumDuration.inSeconds)
        writer.key("measure"); writer.string(policy.measure.name)
        writer.key("recurrence"); writer.string(policy.recurrence.key)
        // The timing knobs only when on: a reader takes absent ones as off.
        if policy.timing != .continuous { writer.key("timing"); writer.string(policy.timing.key) }
        if policy.cooldown != .zero { writer.key("cooldownSeconds"); writer.number(policy.cooldown.inSeconds) }
        // The focus rule only when on, as the timing knobs.
        if case .focus(let fraction) = policy.largeSectionRule { writer.key("focus"); writer.number(fraction) }
        if policy.minimumOpacity != 0 { writer.key("minOpacity"); writer.number(policy.minimumOpacity) }
        writer.key("impressions"); writer.integer(summary.impressions)
        writer.key("impressionsPerSession"); writer.number(summary.impressionsPerSession)
        writer.key("distinctSections"); writer.integer(summary.distinctSections)
        writer.key("distinctSectionsPerSession"); writer.number(summary.distinctSectionsPerSession)
        writer.key("sessionsWithImpressions"); writer.integer(summary.sessionsWithImpressions)
        writer.key("firstImpressionSeconds")
        writer.beginObject()
            writer.key("p50"); writer.optionalNumber(summary.firstImpressionMedian?.inSeconds)
            writer.key("p90"); writer.optionalNumber(summary.firstImpressionP90?.inSeconds)
        writer.endObject()
        // Without a feed there are no positions or kinds; with one that lacks some of the
        // ids, each block ends with those outside it, so that it adds up to the impressions.
        let outsideFeed = countsOutsideFeed
        if groupsByKind {
            writer.key("byPosition")
            writer.beginObject()
                for (bucket, count) in zip(depthBuckets, summary.impressionsByDepth) {
                    writer.key(bucket.label); writer.integer(count)
                }
                if outsideFeed { writer.key("outsideFeed"); writer.integer(summary.impressionsOutsideFeed) }
            writer.endObject()
            writer.key("byKind")
            writer.beginObject()
                for (kind, count) in zip(SectionKind.allCases, summary.impressionsByKind) {
                    writer.key(kind.name); writer.integer(count)
                }
                if outsideFeed { writer.key("outsideFeed"); writer.integer(summary.impressionsOutsideFeed) }
            writer.endObject()
            writer.key("viewabilityByKind")
            writer.beginObject()
                for kind in SectionKind.allCases {
                    writer.key(kind.name); Self.writeViewability(summary.viewability(of: kind), to: &writer)
                }
                if outsideFeed { writer.key("outsideFeed"); Self.writeViewability(summary.viewabilityOutsideFeed, to: &writer) }
            writer.endObject()
        }
        // Only with --signals: without them the key is absent.
        if let exposure = summary.exposure {
            writer.key("exposureSignals")
            writer.beginObject()
                writer.key("all"); Self.writeExposure(exposure.all, to: &writer)
                if groupsByKind {
                    writer.key("byKind")
                    writer.beginObject()
                        for (kind, group) in zip(SectionKind.allCases, exposure.byKind) {
                            writer.key(kind.name); Self.writeExposure(group, to: &writer)
                        }
                        if outsideFeed { writer.key("outsideFeed"); Self.writeExposure(exposure.outsideFeed, to: &writer) }
                    writer.endObject()
                }
            writer.endObject()
        }
    }

    /// `{"rendered": n, "impressed": n, "viewableRate": r, "meanTimeInViewSeconds": s}`.
    private static func writeViewability(_ counts: SectionViewability, to writer: inout JSONWriter) {
        writer.beginObject()
            writer.key("rendered"); writer.integer(counts.rendered)
            writer.key("impressed"); writer.integer(counts.impressed)
            writer.key("viewableRate"); writer.optionalNumber(counts.viewableRate)
            writer.key("meanTimeInViewSeconds"); writer.optionalNumber(counts.meanTimeInView?.inSeconds)
        writer.endObject()
    }

    /// `{"visits": n, "timeInViewSeconds": {"p50": .., "p90": .., "mean": ..}, ...}`; a
    /// group without visits has only its count.
    private static func writeExposure(_ group: ExposureDistributions.Group, to writer: inout JSONWriter) {
        writer.beginObject()
            writer.key("visits"); writer.integer(group.visits)
            for signal in ExposureSignal.allCases {
                guard let statistics = group[signal] else { continue }
                writer.key(signal.key)
                writer.beginObject(inline: true)
                    writer.key("p50"); writer.number(statistics.median)
                    writer.key("p90"); writer.number(statistics.p90)
                    writer.key("mean"); writer.number(statistics.mean)
                writer.endObject()
            }
        writer.endObject()
    }
}
