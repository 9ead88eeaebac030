import ImpressionSimulation

/// The forms of `sweep --ratios` and `--durations`: a range `start:end:step`
/// (`0.1:1:0.1`, `10%:100%:10%`, `0s:3s:0.5s`; the end is included when a step lands on
/// it) or a list `0.25,0.5,1` (`500ms,1s,2s`).
enum SweepRangeParsing {
    /// The ratios `text` writes; each a fraction (`0.5`) or a percentage (`50%`).
    ///
    /// - Throws: ``CommandLineError`` naming `--ratios` and the value.
    static func ratios(_ text: String, scanner: ArgumentScanner) throws(CommandLineError) -> [Double] {
        let expectation = "expected start:end:step (0.1:1:0.1, 10%:100%:10%) or a list (0.25,0.5,1)"
        func ratio(_ part: Substring) throws(CommandLineError) -> Double {
            let trimmed = part.trimmingSpaces()
            let isPercent = trimmed.hasSuffix("%")
            let number = isPercent ? String(trimmed.dropLast()) : trimmed
            // Only plain decimals: Double() also reads "nan", "inf" and hexadecimal.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(number) else {
                throw scanner.invalid(text, "'\(trimmed)' is not a ratio; \(expectation)")
            }
            return isPercent ? value / 100 : value
        }
        guard text.contains(":") else {
            return try text.split(separator: ",", omittingEmptySubsequences: false).map { part throws(CommandLineError) in try ratio(part) }
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw scanner.invalid(text, expectation) }
        let (start, end, step) = (try ratio(parts[0]), try ratio(parts[1]), try ratio(parts[2]))
        do throws(SweepGridError) {
            return try SweepGrid.ratios(from: start, through: end, step: step)
        } catch {
            throw scanner.invalid(text, "\(error)")
        }
    }

    /// The durations `text` writes; each like `2s`, `500ms` or `1.5` (seconds when bare).
    ///
    /// - Throws: ``CommandLineError`` naming `--durations` and the value.
    static func durations(_ text: String, scanner: ArgumentScanner) throws(CommandLineError) -> [Duration] {
        let expectation = "expected start:end:step (0s:3s:0.5s) or a list (500ms,1s,2s)"
        func duration(_ part: Substring) throws(CommandLineError) -> Duration {
            let trimmed = part.trimmingSpaces()
            // The cap keeps the conversion to microseconds in range; the grid checks its own.
            guard let seconds = NamedPolicy.parseSeconds(trimmed), seconds <= 1e9 else {
                throw scanner.invalid(text, "'\(trimmed)' is not a duration; \(expectation)")
            }
            return .microseconds(Int64((seconds * 1_000_000).rounded()))
        }
        guard text.contains(":") else {
            return try text.split(separator: ",", omittingEmptySubsequences: false).map { part throws(CommandLineError) in try duration(part) }
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw scanner.invalid(text, expectation) }
        let (start, end, step) = (try duration(parts[0]), try duration(parts[1]), try duration(parts[2]))
        do throws(SweepGridError) {
            return try SweepGrid.durations(from: start, through: end, step: step)
        } catch {
            throw scanner.invalid(text, "\(error)")
        }
    }
}
