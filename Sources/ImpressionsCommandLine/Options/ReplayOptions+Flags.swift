import ImpressionSimulation

extension ReplayOptions {
    /// Every flag of `impressions replay`, in the order its help lists them (see
    /// ``CommandFlag``).
    static let flags: [CommandFlag<ReplayOptions>] = [
        CommandFlag("--policy", value: "P", usage: FlagUsage(value: "P ..."), help: """
            A policy, as for 'impressions simulate' (default: default,
            mrc-display, abema); repeat it to compare several.
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            do throws(PolicyParseError) {
                options.policies.append(try NamedPolicy(parsing: text))
            } catch {
                throw scanner.invalid(text, error.message)
            }
        },
        .keepGoing(\.keepGoing, help: "Skip bad lines (and count them) instead of stopping."),
        CommandFlag("--timeline", value: "FILE", usage: FlagUsage(value: "FILE.svg"),
                    help: "Draw the timeline under the first policy as an SVG picture.") {
            options, scanner throws(CommandLineError) in
            options.timelinePath = try scanner.value()
        },
        CommandFlag("--timeline-rows", value: "N", help: "Sections drawn, the most relevant first, 1...500 (default 40).") {
            options, scanner throws(CommandLineError) in
            options.timelineRows = try scanner.integer(in: 1...500)
        },
        // USAGE lists it after --snapshot-at, with what the output lines carry.
        CommandFlag("--signals", usage: FlagUsage(position: 9), help: """
            Give each impression line its exposure signals up to the
            sample it fired at ("signals": timeInViewMs, timeAtRatioMs,
            longestRunMs, timeInViewAtRestMs, meanVisibleRatio,
            peakVisibleRatio, meanScreenShare, peakScreenShare,
            meanScrollSpeed; the ImpressionTracking manual defines them).
            """) { options, scanner throws(CommandLineError) in
            try scanner.noValue()
            options.measuresExposureSignals = true
        },
        .impressionsOut(\.impressionsOutPath, help: CommandFlag<ReplayOptions>.impressionsOutHelp + """

            The session is the trace header's.
            """),
        CommandFlag("--geometry", value: "FILE", usage: FlagUsage(value: "FILE.jsonl"), help: """
            Also write what each section showed, at every sample
            where it changed (and once when it left the layout),
            as one OM SDK geometryChange event per line: adSessionId
            (the section), timestamp (ms from the trace's start),
            type, data.viewport {width, height} and data.adView
            {percentageInView, pixelsInView, reasons, geometry,
            onScreenGeometry {..., obstructions,
            friendlyObstructions}}, named as in IAB's Open
            Measurement typedefs. Lines in sample order, within a
            sample as the engine reports sections. Left out, with
            no OM field: the height and width fractions and the
            reasons inactive and notLoaded. Left out, as a trace
            cannot fill them: measuringElement, obstructionClass,
            containerGeometry, declaredFriendlyObstructions,
            lastActivity. The file appears only once the replay
            has finished. Not with --snapshot-at (a usage error).
            """) { options, scanner throws(CommandLineError) in
            options.geometryPath = try scanner.value()
        },
        CommandFlag("--section", value: "ID", help: """
            With --geometry, write the changes of this section alone;
            an id that no layout of the trace holds is a usage error.
            """) { options, scanner throws(CommandLineError) in
            options.geometrySection = try scanner.value()
        },
        CommandFlag("--report", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Also write the replay as an HTML page for a browser
            (inline CSS and SVG, no script, nothing fetched):
            the trace, each policy's impressions, the timeline.
            """) { options, scanner throws(CommandLineError) in
            options.reportPath = try scanner.value()
        },
        CommandFlag("--player", value: "FILE", usage: FlagUsage(value: "FILE.html"), help: """
            Write the session player: one self-contained HTML page
            that plays the session back, sample by sample, under
            every policy (the sections as rectangles, the viewport
            moving over them, how each section shows, its ratio
            and its counting, each impression as it fires). At
            most 36,000 samples (an hour at 100 ms) and 48 MiB of
            session data; a longer trace is refused, naming the
            limit.
            """) { options, scanner throws(CommandLineError) in
            options.playerPath = try scanner.value()
        },
        CommandFlag("--snapshot-at", value: "T", help: """
            Instead of the impressions, print what the player shows
            just after the sample at time T (e.g. 12.35s): one JSON
            object per section on or near the screen, per policy,
            with how it shows ("visibility") and where its counting
            stands ("counting"), and both in the page's words
            ("shown": "below threshold, counted"); and what is in
            view: "percentageInView", "reasons" the rest is not
            (the geometry stream's words: ["viewport","obstructed"])
            and "areaFraction". Not with --impressions-out (a usage
            error).
            """) { options, scanner throws(CommandLineError) in
            let text = try scanner.value()
            guard let seconds = NamedPolicy.parseSeconds(text), seconds >= 0, seconds <= 864_000 else {
                throw scanner.invalid(text, "expected a time in the session, 0 to 864000 seconds (e.g. 12.35s, 1500ms, 2m)")
            }
            options.snapshotTime = .nanoseconds(Int64((seconds * 1e9).rounded()))
        },
        .maximumLineBytes(\.limits, help: """
            The longest line accepted (default 16777216); a longer one
            fails as soon as it passes the limit (with --keep-going,
            it is skipped to its newline).
            """),
        .maximumSections(\.limits, help: "The most sections in one layout (default 100000)."),
    ]
}
