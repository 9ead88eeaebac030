import ImpressionSimulation
import ImpressionTracking

/// The command line's forms of a policy: a preset name (`abema`, see ``PolicyPresets``), key-value pairs
/// (`ratio=0.8,duration=2s,measure=area,recurrence=once-per-visit`), or a preset
/// followed by overrides (`mrc-display,duration=2s`, `default,timing=cumulative,cooldown=30s`,
/// `ratio=1,focus=0.5,measure=width`, `mrc-display,min-opacity=0.1`,
/// `ratio=50%,rounding=floor-to-percent,wait-for-interaction=true`,
/// `react-native-item,ratio=50%,duration=250ms`).
/// `name=...` sets the name shown.
extension NamedPolicy {
    /// Reads a policy written as a preset name, key-value pairs, or both.
    ///
    /// Keys: `ratio` (`0...1`, or a percentage such as `80%`), `duration` (`2s`,
    /// `500ms`, `1.5`, in seconds when bare), `measure` (`height`, `area`, `width`),
    /// `focus` (the focus rule's fraction of the viewport, `(0, 1]` or a percentage),
    /// `ratio-of` (`section`, `viewport`: the ratio over the viewport, React Native's
    /// `viewAreaCoveragePercentThreshold`),
    /// `recurrence` (`every-entry`, `once-per-visit`, `once-per-tracker`), `timing`
    /// (`continuous`, `cumulative`, `both-ends`: seen when the wait starts and when it ends,
    /// React Native's `minimumViewTime`), `cooldown` (a duration, as `duration`), `min-opacity`
    /// (the least effective opacity a cell needs, `0...1` or a percentage), `rounding`
    /// (`exact`, `snap-near-ends`, `floor-to-percent`, `whole-points`), `wait-for-interaction` (`true`,
    /// `false`: nothing counts before the user's first drag), `name`.
    /// Keys not given keep the preset's value, or ``ImpressionPolicy/default``'s.
    ///
    /// - Throws: ``PolicyParseError`` naming the part that is wrong.
    package init(parsing text: String) throws(PolicyParseError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard !text.trimmingSpaces().isEmpty else { throw PolicyParseError("a policy cannot be empty") }
        var policy = ImpressionPolicy.default
        var name: String?
        var seenKeys: Set<String> = []
        for (position, part) in parts.enumerated() {
            guard !part.isEmpty else { throw PolicyParseError("empty item in '\(text)'") }
            guard let equals = part.firstIndex(of: "=") else {
                guard position == 0 else {
                    throw PolicyParseError("'\(part)' is not key=value (a preset name may only come first)")
                }
                guard let preset = PolicyPresets.named(part) else {
                    throw PolicyParseError("unknown preset '\(part)' (presets: \(PolicyPresets.names.joined(separator: ", ")))")
                }
                policy = preset.policy
                continue
            }
            let key = part[..<equals].trimmingSpaces().lowercased()
            let value = part[part.index(after: equals)...].trimmingSpaces()
            guard seenKeys.insert(key).inserted else { throw PolicyParseError("'\(key)' is given twice") }
            switch key {
            case "ratio":
                policy.minimumVisibleRatio = try Self.parseRatio(value, key: "ratio")
            case "duration":
                policy.minimumDuration = try Self.parseDuration(value, key: "duration", maximumSeconds: 3600)
            case "cooldown":
                policy.cooldown = try Self.parseDuration(value, key: "cooldown", maximumSeconds: 86_400)
            case "timing":
                guard let timing = ImpressionPolicy.Timing(key: value.lowercased()) else {
                    throw PolicyParseError("timing must be \(ImpressionPolicy.Timing.keyList), got '\(value)'")
                }
                policy.timing = timing
            case "min-opacity":
                policy.minimumOpacity = try Self.parseRatio(value, key: "min-opacity")
            case "rounding":
                guard let rounding = ImpressionPolicy.Rounding(key: value.lowercased()) else {
                    throw PolicyParseError("rounding must be \(ImpressionPolicy.Rounding.keyList), got '\(value)'")
                }
                policy.rounding = rounding
            case "wait-for-interaction":
                switch value.lowercased() {
                case "true", "yes": policy.requiresInteraction = true
                case "false", "no": policy.requiresInteraction = false
                default: throw PolicyParseError("wait-for-interaction must be true or false, got '\(value)'")
                }
            case "measure":
                guard let measure = ImpressionPolicy.Measure(name: value.lowercased()) else {
                    throw PolicyParseError("measure must be height, area or width, got '\(value)'")
                }
                policy.measure = measure
            case "focus":
                let fraction = try Self.parseRatio(value, key: "focus")
                guard fraction > 0 else { throw PolicyParseError("focus must be in (0, 1] (a fraction of the viewport), got '\(value)'") }
                policy.largeSectionRule = .focus(fraction: fraction)
            case "ratio-of":
                switch value.lowercased() {
                case "section": if policy.largeSectionRule == .viewportCoverage { policy.largeSectionRule = nil }
                case "viewport": policy.largeSectionRule = .viewportCoverage
                default: throw PolicyParseError("ratio-of must be section or viewport, got '\(value)'")
                }
            case "recurrence":
                switch value.lowercased() {
                case "every-entry", "on-every-entry", "oneveryentry": policy.recurrence = .onEveryEntry
                case "once-per-visit", "oncepervisit": policy.recurrence = .oncePerVisit
                case "once-per-tracker", "oncepertracker": policy.recurrence = .oncePerTracker
                default:
                    throw PolicyParseError("recurrence must be every-entry, once-per-visit or once-per-tracker, got '\(value)'")
                }
            case "name":
                guard !value.isEmpty, value.allSatisfy({ !$0.isNewline }) else {
                    throw PolicyParseError("name must be a non-empty single line")
                }
                name = value
            default:
                throw PolicyParseError("unknown key '\(key)' (keys: ratio, duration, measure, focus, recurrence, timing, cooldown, min-opacity, rounding, ratio-of, wait-for-interaction, name)")
            }
        }
        do throws(ConfigurationError) {
            try policy.validate()
        } catch {
            throw PolicyParseError("\(error)")
        }
        self.init(name: name ?? text.trimmingSpaces(), policy: policy)
    }

    /// The fraction of `key` (`ratio`, `focus`, `min-opacity`), in `0...1`, from `0.8` or `80%`.
    private static func parseRatio(_ value: String, key: String) throws(PolicyParseError) -> Double {
        let isPercent = value.hasSuffix("%")
        let number = isPercent ? String(value.dropLast()) : value
        guard let parsed = Double(number), parsed.isFinite else {
            throw PolicyParseError("\(key) must be a number in 0...1 or a percentage, got '\(value)'")
        }
        let ratio = isPercent ? parsed / 100 : parsed
        guard ratio >= 0 && ratio <= 1 else {
            throw PolicyParseError("\(key) must be in 0...1 (0%...100%), got '\(value)'")
        }
        return ratio
    }

    /// The duration of `key` (`duration`, `cooldown`), in `0...maximumSeconds`.
    private static func parseDuration(_ value: String, key: String, maximumSeconds: Double) throws(PolicyParseError) -> Duration {
        guard let seconds = parseSeconds(value) else {
            throw PolicyParseError("\(key) must look like 2s, 500ms or 1.5 (seconds), got '\(value)'")
        }
        guard seconds >= 0 && seconds <= maximumSeconds else {
            throw PolicyParseError("\(key) must be in 0...\(Int(maximumSeconds)) s, got '\(value)'")
        }
        return .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// Seconds from `2`, `2s`, `1.5s`, `500ms` or `2m`; `nil` when not a finite number.
    package static func parseSeconds(_ value: String) -> Double? {
        let text = value.lowercased()
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("min", 60), ("s", 1), ("m", 60)]
        var number = Substring(text)
        var scale = 1.0
        for unit in units where text.hasSuffix(unit.suffix) {
            number = text.dropLast(unit.suffix.count)
            scale = unit.scale
            break
        }
        // Double("inf"), Double("nan") and hexadecimal floats parse; none is a duration.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let parsed = Double(number), parsed.isFinite else { return nil }
        return parsed * scale
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
