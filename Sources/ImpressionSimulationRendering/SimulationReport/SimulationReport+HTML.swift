import ImpressionSimulationAnalyses
import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

extension SimulationReport {
    /// The run as one self-contained HTML page to open in a browser: its parameters,
    /// the comparison table of the policies, and charts of impressions by feed position,
    /// of the first impression's time, and of the most and least viewable sections.
    ///
    /// The file holds inline CSS and SVG only (no script, nothing fetched), so it opens
    /// from disk and prints in greyscale. Every name (policies, sections, files) is
    /// escaped. Its size depends on the policies and the depth buckets, not on the
    /// sessions or the sections: the sections' chart shows the top and bottom ones only.
    /// The same report gives the same bytes.
    ///
    /// - Parameters:
    ///   - title: the page's heading; by default it says what was simulated.
    ///   - command: the command line that made the run, shown with the parameters.
    public func html(title: String? = nil, command: String? = nil) -> String {
        let heading = title ?? (recorded == nil ? "Impressions simulated" : "Recorded sessions re-measured")
            + ": \(policies.count) \(policies.count == 1 ? "policy" : "policies") compared"
        var document = HTMLDocument(title: heading)
        appendHTML(to: &document, id: "run", command: command)
        return document.html()
    }

    /// This report's sections, with ids and chart ids starting with `id` (unique in the
    /// page), headings at `level` and below.
    func appendHTML(to document: inout HTMLDocument, id: String, command: String?, level: Int = 2, name: String? = nil) {
        let suffix = name.map { ": " + $0 } ?? ""
        document.heading("Parameters" + suffix, level: level, id: id + "-parameters")
        document.parameters(parameterRows(command: command))

        document.heading("Policies compared" + suffix, level: level, id: id + "-comparison")
        document.append(comparisonTable().html())

        if !policyDifferences.isEmpty {
            document.heading("Paired differences" + suffix, level: level, id: id + "-differences")
            var table = HTMLTable(header: ["policy", "minus", "impressions per session", "95 % interval"])
            table.nameColumns = [0, 1]
            for (summary, difference) in zip(policies.dropFirst(), policyDifferences) {
                table.row([summary.policy.name, policies[0].policy.name, LayoutComparisonReport.signed(difference.difference),
                           LayoutComparisonReport.signed(difference.lower) + " to " + LayoutComparisonReport.signed(difference.upper)])
            }
            document.append(table.html())
            let sessions = configuration.sessionCount
            document.paragraph("Each policy against the first on the same "
                + (sessions == 1 ? "recorded session" : "\(NumberFormatting.integer(sessions)) recorded sessions")
                + ": the mean difference in impressions per session, and a paired bootstrap's 95 % interval.")
        }
        if let recorded, !(recorded.cutShort.isEmpty && recorded.leftOut.isEmpty && recorded.duplicates.isEmpty) {
            document.heading("Traces cut short or left out" + suffix, level: level, id: id + "-traces")
            for line in recorded.lines() where !line.isEmpty { document.paragraph(line) }
        }
        guard groupsByKind else {
            // Without a feed: no positions to chart; the signals over every section.
            appendFirstImpression(to: &document, id: id, level: level, suffix: suffix)
            if policies.contains(where: { $0.exposure != nil }) { appendExposure(to: &document, id: id, level: level, suffix: suffix) }
            appendSectionViewability(to: &document, id: id, level: level, suffix: suffix)
            return
        }

        document.heading("Impressions by feed position" + suffix, level: level, id: id + "-depth")
        // A group of zeros under every policy is not drawn: bars of 0.00 say nothing the
        // caption cannot.
        let (drawn, empty) = foldedDepthRows().reduce(into: ([(bucket: DepthBucket, counts: [Int])](), [DepthBucket]())) { split, row in
            if row.counts.contains(where: { $0 > 0 }) { split.0.append(row) } else { split.1.append(row.bucket) }
        }
        func perSession(_ count: Int) -> Double {
            configuration.sessionCount == 0 ? 0 : Double(count) / Double(configuration.sessionCount)
        }
        // The sections outside the feed have no position: a group of their own after the positions'.
        let outsideFeed = countsOutsideFeed && policies.contains { $0.impressionsOutsideFeed > 0 }
        let depth = BarChartSVG(
            id: id + "-depth", series: policies.map(\.policy.name),
            groups: drawn.map { row in
                BarChartSVG.Group(label: "positions \(row.bucket.label)", values: row.counts.map(perSession))
            } + (outsideFeed ? [BarChartSVG.Group(label: Self.outsideFeedLabel,
                                                  values: policies.map { perSession($0.impressionsOutsideFeed) })] : []),
            axisTitle: "impressions per session", format: { NumberFormatting.decimal($0, digits: 2) },
            tickFormat: { SVGMarkup.number($0, digits: 2) }, maximum: nil).svg()
        document.figure(chart: id + "-depth", markClass: "mark", marks: depth.marks, svg: depth.markup,
                        caption: "Impressions per session by the section's position in the feed (1 is the top), "
                            + "a bar per policy: how deep the counted content is."
                            + (outsideFeed ? " Outside the feed: the sections of ids the feed file does not name." : "")
                            + (empty.isEmpty ? "" : " Not drawn, no impressions under any policy: positions "
                                + empty.map(\.label).joined(separator: ", ") + "."))

        appendFirstImpression(to: &document, id: id, level: level, suffix: suffix)
        if policies.contains(where: { $0.exposure != nil }) { appendExposure(to: &document, id: id, level: level, suffix: suffix) }
        appendSectionViewability(to: &document, id: id, level: level, suffix: suffix)
    }

    private func appendFirstImpression(to document: inout HTMLDocument, id: String, level: Int, suffix: String) {
        document.heading("First impression" + suffix, level: level, id: id + "-first")
        let distribution = DistributionChartSVG(id: id + "-first", series: policies.map { summary in
            DistributionChartSVG.Series(
                name: summary.policy.name, percentiles: summary.firstImpressionPercentiles.map(\.inSeconds),
                share: configuration.sessionCount == 0 ? 0 : Double(summary.sessionsWithImpressions) / Double(configuration.sessionCount))
        }).svg()
        document.figure(chart: id + "-first", markClass: "mark", marks: distribution.marks, svg: distribution.markup,
                        caption: "Share of all sessions whose first impression had come by each time, a line per policy "
                            + "(drawn through the percentiles 0 to 100; a dot at the median). A line that levels off "
                            + "below 100% is a policy under which some sessions never count.")
    }

    /// With `--signals`: the median time in view per visit by section kind, a bar per
    /// policy, and the signals' table.
    private func appendExposure(to document: inout HTMLDocument, id: String, level: Int, suffix: String) {
        document.heading("Exposure signals" + suffix, level: level, id: id + "-exposure")
        // A kind no policy has a visit of is not drawn; without a feed there are no kinds.
        let all = BarChartSVG.Group(label: groupsByKind ? "all kinds" : "all sections",
                                    values: policies.map { $0.exposure?.all[.timeInView]?.median })
        let kinds = groupsByKind ? SectionKind.allCases.enumerated().map { kindIndex, kind in
            BarChartSVG.Group(label: kind.name, values: policies.map { $0.exposure?.byKind[kindIndex][.timeInView]?.median })
        } : []
        let outsideFeed = countsOutsideFeed
            ? [BarChartSVG.Group(label: Self.outsideFeedLabel, values: policies.map { $0.exposure?.outsideFeed[.timeInView]?.median })]
            : []
        let groups = [all] + (kinds + outsideFeed).filter { group in group.values.contains { $0 != nil } }
        let chart = BarChartSVG(id: id + "-exposure", series: policies.map(\.policy.name), groups: groups,
                                axisTitle: "median time in view per visit (s)", format: { NumberFormatting.decimal($0, digits: 1) },
                                tickFormat: { SVGMarkup.number($0, digits: 1) }, maximum: nil).svg()
        document.figure(chart: id + "-exposure", markClass: "mark", marks: chart.marks, svg: chart.markup,
                        caption: "Median time in view (any visible pixel) per visit that met the policy, "
                            + (groupsByKind ? "by section kind" : "over every section (without a feed, sections have no kind)")
                            + ", a bar per policy. Signals describe the exposure, not attention.")
        var table = HTMLTable(header: ["per visit, p50 / p90"] + policies.map(\.policy.name))
        for line in exposureLines() {
            if let values = line.values { table.row([line.label] + values, indented: line.indented) } else { table.group(line.label) }
        }
        document.append(table.html())
    }

    /// The depth buckets as the text table shows them: those beyond the deepest
    /// impression folded into one bucket of zeros.
    func foldedDepthRows() -> [(bucket: DepthBucket, counts: [Int])] {
        let lastCounted = depthBuckets.indices.last { bucket in policies.contains { $0.impressionsByDepth[bucket] > 0 } }
        var rows: [(bucket: DepthBucket, counts: [Int])] = []
        for (index, bucket) in depthBuckets.enumerated() {
            if let lastCounted, index <= lastCounted || index == depthBuckets.count - 1 {
                rows.append((bucket, policies.map { $0.impressionsByDepth[index] }))
            } else if index == (lastCounted ?? -1) + 1, let last = depthBuckets.last {
                rows.append((DepthBucket(first: bucket.first, last: last.last), policies.map { _ in 0 }))
                break
            }
        }
        return rows
    }

    private func parameterRows(command: String?) -> [(name: String, value: String)] {
        var rows: [(name: String, value: String)] = []
        if let command { rows.append(("command", command)) }
        let summary = summaryLines()
        rows.append(("run", summary[0]))
        for line in summary.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            rows.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingLeadingSpaces))
        }
        for summary in policies {
            rows.append(("policy " + summary.policy.name, NumberFormatting.rule(summary.policy.policy) + ", "
                + NumberFormatting.recurrence(summary.policy.policy.recurrence)))
        }
        guard recorded == nil else { return rows }
        rows.append(("layout", configuration.layoutScope == .wholeFeed ? "the whole feed in every layout"
                                                                        : "a window around the viewport (--layout window)"))
        return rows
    }

    /// The text table's rows, and the viewability by kind, as one HTML table.
    func comparisonTable() -> HTMLTable {
        var table = HTMLTable(header: ["policy"] + policies.map(\.policy.name))
        table.nameColumns = Set(0...policies.count)
        func row(_ label: String, indented: Bool = false, _ value: (PolicySummary) -> String) {
            table.row([label] + policies.map(value), indented: indented)
        }
        row("rule") { NumberFormatting.rule($0.policy.policy) }
        row("recurrence") { NumberFormatting.recurrence($0.policy.policy.recurrence) }
        // What the column counts, whatever its name: it joins the JSON's and the rows' by it.
        row("fingerprint") { $0.policy.policy.fingerprint }
        row("impressions") { NumberFormatting.integer($0.impressions) }
        row("per session") { NumberFormatting.decimal($0.impressionsPerSession) }
        row("distinct sections per session") { NumberFormatting.decimal($0.distinctSectionsPerSession) }
        row("first impression p50") { $0.firstImpressionMedian.map(NumberFormatting.seconds) ?? "-" }
        row("first impression p90") { $0.firstImpressionP90.map(NumberFormatting.seconds) ?? "-" }
        row("sessions without impressions") { NumberFormatting.integer(configuration.sessionCount - $0.sessionsWithImpressions) }
        guard groupsByKind else { return table }
        // Each block ends with the sections outside the feed, when there are some.
        let outsideFeed = countsOutsideFeed
        table.group("impressions by feed position")
        for depth in foldedDepthRows() {
            table.row([depth.bucket.label] + depth.counts.map(NumberFormatting.integer), indented: true)
        }
        if outsideFeed { row(Self.outsideFeedLabel, indented: true) { NumberFormatting.integer($0.impressionsOutsideFeed) } }
        table.group("impressions by section kind")
        for kind in SectionKind.allCases {
            row(kind.name, indented: true) { NumberFormatting.integer($0.impressions(of: kind)) }
        }
        if outsideFeed { row(Self.outsideFeedLabel, indented: true) { NumberFormatting.integer($0.impressionsOutsideFeed) } }
        table.group("viewable rate by section kind (impressed / rendered)")
        for kind in SectionKind.allCases {
            row(kind.name, indented: true) { $0.viewability(of: kind).viewableRate.map(NumberFormatting.percent) ?? "-" }
        }
        if outsideFeed {
            row(Self.outsideFeedLabel, indented: true) { $0.viewabilityOutsideFeed.viewableRate.map(NumberFormatting.percent) ?? "-" }
        }
        return table
    }
}

extension String {
    /// The text without its leading spaces.
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
