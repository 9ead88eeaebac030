extension ImpressionPolicy {
    /// Every knob of the policy as one text, the same bytes on every platform: what
    /// ``fingerprint`` hashes.
    ///
    /// A first line naming the form, then one `key=value` line per knob, each ending in a
    /// newline, always all of them and always in this order:
    ///
    /// ```
    /// impression-policy/1
    /// minimumVisibleRatio=0.5
    /// minimumDuration=1
    /// measure=height
    /// recurrence=onEveryEntry
    /// exitVisibleRatio=none
    /// largeSectionRule=none
    /// timing=continuous
    /// cooldown=0
    /// minimumOpacity=0
    /// ```
    ///
    /// followed by `rounding=snapNearEnds`, `rounding=floorToPercent` or
    /// `rounding=floorToWholePoints` when the ratio is rounded (``rounding``), and `requiresInteraction=true` when the policy waits for
    /// the first interaction: knobs at their defaults (``Rounding/exact``, `false`) write
    /// no line, so that a policy's text, and its fingerprint, do not depend on knobs it
    /// leaves at their defaults.
    ///
    /// Ratios, the opacity, the focus fraction and the large-section area are written as
    /// ECMAScript's `Number.prototype.toString` writes them: the shortest decimal that
    /// reads back as the same `Double` (`0.6666666666666666`, `5e-324`). Durations are
    /// exact decimal seconds, every attosecond kept (`0.5`, `0.016666666666666667`).
    /// The large-section rule is `none`, `capToViewport`, `viewportCoverage`,
    /// `focus(fraction:F)` or `lowerRatio(minimumArea:A,ratio:R)`.
    ///
    /// Knobs written differently that the engine counts the same are written one way, so
    /// that such policies share a text:
    /// - an ``exitVisibleRatio`` equal to ``minimumVisibleRatio`` is `none`: the engine
    ///   keeps a counting section at `min(entry ratio, exit ratio)`, the entry ratio
    ///   either way. Not under a ``LargeSectionRule/lowerRatio(minimumArea:ratio:)`` rule
    ///   whose ratio is above the exit ratio, where a large section's entry ratio is the
    ///   rule's and the exit ratio still holds it lower;
    /// - ``LargeSectionRule/focus(fraction:)`` with a fraction of 1 is `capToViewport`:
    ///   both cap the denominator at the whole viewport;
    /// - a ``LargeSectionRule/lowerRatio(minimumArea:ratio:)`` rule whose ratio equals
    ///   ``minimumVisibleRatio`` is `none`: a large section needs the ratio any section
    ///   needs;
    /// - `-0.0` is `0`: the engine only compares these numbers, and `-0.0 == 0.0`;
    /// - a duration beyond ±2⁶³ seconds is written saturated, as the engine's sample
    ///   arithmetic saturates it.
    ///
    /// Nothing else is merged: every other difference of a knob changes the text, even
    /// one the engine would count the same at a given sample interval (1 s and 950 ms at
    /// 100 ms), since a policy does not know the interval it will run at.
    ///
    /// The text is a contract: the tests pin it, and a change to it is a change of every
    /// ``fingerprint``, made only with a changelog entry.
    public var canonicalText: String {
        var text = "impression-policy/1\n"
        func line(_ key: String, _ value: String) { text += key + "=" + value + "\n" }
        let number = CanonicalNumber.decimal
        line("minimumVisibleRatio", number(minimumVisibleRatio))
        line("minimumDuration", CanonicalNumber.seconds(minimumDuration))
        line("measure", measure.canonicalName)
        line("recurrence", recurrence.canonicalName)
        line("exitVisibleRatio", canonicalExitVisibleRatio.map(number) ?? "none")
        switch canonicalLargeSectionRule {
        case nil: line("largeSectionRule", "none")
        case .capToViewport: line("largeSectionRule", "capToViewport")
        case .viewportCoverage: line("largeSectionRule", "viewportCoverage")
        case .focus(let fraction): line("largeSectionRule", "focus(fraction:\(number(fraction)))")
        case .lowerRatio(let minimumArea, let ratio):
            line("largeSectionRule", "lowerRatio(minimumArea:\(number(minimumArea)),ratio:\(number(ratio)))")
        }
        line("timing", timing.canonicalName)
        line("cooldown", CanonicalNumber.seconds(cooldown))
        line("minimumOpacity", number(minimumOpacity))
        if rounding != .exact { line("rounding", rounding.canonicalName) }
        if requiresInteraction { line("requiresInteraction", "true") }
        return text
    }

    /// A short name for what the policy counts: the first 8 bytes of the SHA-256 of
    /// ``canonicalText``'s UTF-8, as 16 lowercase hex digits, e.g. `d0c3f5e1a2b4c6d8`.
    ///
    /// Two policies that count the same (see ``canonicalText``) have the same
    /// fingerprint, whatever they are called or the order their knobs were written in;
    /// a change to any knob changes it. 64 bits keep a collision out of reach of any set
    /// of definitions a team keeps: about 1 in 10¹¹ for 10,000 of them.
    ///
    /// Stable across platforms, runs and builds (it is not Swift's `Hasher`, which is
    /// seeded per process): a contract pinned by the tests, changed only with a
    /// changelog entry.
    public var fingerprint: String {
        SHA256.hexPrefix(of: canonicalText, byteCount: 8)
    }

    /// The exit ratio as the canonical text writes it: `nil` where it holds a counting
    /// section where the entry ratio does.
    private var canonicalExitVisibleRatio: Double? {
        guard let exitVisibleRatio else { return nil }
        let largeRatio: Double? = if case .lowerRatio(_, let ratio) = canonicalLargeSectionRule { ratio } else { nil }
        if exitVisibleRatio == minimumVisibleRatio && exitVisibleRatio >= (largeRatio ?? exitVisibleRatio) { return nil }
        return exitVisibleRatio
    }

    /// The large-section rule as the canonical text writes it.
    private var canonicalLargeSectionRule: LargeSectionRule? {
        switch largeSectionRule {
        case .focus(let fraction) where fraction == 1: .capToViewport
        case .lowerRatio(_, let ratio) where ratio == minimumVisibleRatio: nil
        case let rule: rule
        }
    }
}

extension ImpressionPolicy.Measure {
    /// The measure's name in a canonical text: fixed here, whatever the case is called.
    fileprivate var canonicalName: String {
        switch self {
        case .height: "height"
        case .area: "area"
        case .width: "width"
        }
    }
}

extension ImpressionPolicy.Recurrence {
    /// The recurrence's name in a canonical text: fixed here, whatever the case is called.
    fileprivate var canonicalName: String {
        switch self {
        case .onEveryEntry: "onEveryEntry"
        case .oncePerVisit: "oncePerVisit"
        case .oncePerTracker: "oncePerTracker"
        }
    }
}

extension ImpressionPolicy.Timing {
    /// The timing's name in a canonical text: fixed here, whatever the case is called.
    fileprivate var canonicalName: String {
        switch self {
        case .continuous: "continuous"
        case .cumulative: "cumulative"
        case .checkedAtBothEnds: "checkedAtBothEnds"
        }
    }
}

extension ImpressionPolicy.Rounding {
    /// The rounding's name in a canonical text: fixed here, whatever the case is called.
    fileprivate var canonicalName: String {
        switch self {
        case .exact: "exact"
        case .snapNearEnds: "snapNearEnds"
        case .floorToPercent: "floorToPercent"
        case .floorToWholePoints: "floorToWholePoints"
        }
    }
}
