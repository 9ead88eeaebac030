import ImpressionSimulationFormats
import ImpressionTracking

extension FeedFileReader {
    /// A size: positive and at most ``FeedFile/maximumLength``.
    func size(_ value: JSONValue, at path: String) throws(FileFormatError) -> Double {
        let size = try number(value, at: path)
        guard size > 0 else { throw FileFormatError(path: path, "must be positive, got \(TraceEncoder.number(size))") }
        guard size <= FeedFile.maximumLength else {
            throw FileFormatError(path: path, "must be at most \(TraceEncoder.number(FeedFile.maximumLength)), got \(TraceEncoder.number(size))")
        }
        return size
    }

    /// A coordinate or a gap: at most ``FeedFile/maximumLength`` either way (`minimum`
    /// 0 for gaps); `defaultValue` when absent.
    func coordinate(_ value: JSONValue?, at path: String, minimum: Double = -FeedFile.maximumLength,
                    default defaultValue: Double = 0) throws(FileFormatError) -> Double {
        guard let value else { return defaultValue }
        let coordinate = try number(value, at: path)
        guard coordinate >= minimum && coordinate <= FeedFile.maximumLength else {
            throw FileFormatError(path: path, "must be in \(TraceEncoder.number(minimum))...\(TraceEncoder.number(FeedFile.maximumLength)), "
                + "got \(TraceEncoder.number(coordinate))")
        }
        return coordinate
    }

    /// Insets: each edge points (a number) or a percentage of the screen's size (`"-10%"`,
    /// as IntersectionObserver's `rootMargin: "10%"` with the sign reversed), plus an
    /// optional `relative` object of fractions (what ``FeedFile/encode(_:)`` writes
    /// when an edge has both). Each part at most ``FeedFile/maximumLength`` points or
    /// 1000 % either way.
    func insets(_ value: JSONValue, at path: String) throws(FileFormatError) -> Insets {
        let fields = try object(value, at: path)
        let edges = ["top", "left", "bottom", "right"]
        try checkKeys(fields, allowed: Set(edges + ["relative"]), at: path)
        var points: [Double] = []
        var fractions: [Double] = []
        for edge in edges {
            let (inPoints, fraction) = try insetEdge(fields[edge], at: "\(path).\(edge)")
            points.append(inPoints)
            fractions.append(fraction)
        }
        if let value = fields["relative"] {
            let relative = try object(value, at: "\(path).relative")
            try checkKeys(relative, allowed: Set(edges), at: "\(path).relative")
            for (index, edge) in edges.enumerated() {
                guard let value = relative[edge] else { continue }
                let fraction = try number(value, at: "\(path).relative.\(edge)")
                guard fraction.magnitude <= 10 else {
                    throw FileFormatError(path: "\(path).relative.\(edge)", "must be in -10...10, got \(TraceEncoder.number(fraction))")
                }
                fractions[index] += fraction
            }
        }
        return Insets(top: points[0], left: points[1], bottom: points[2], right: points[3],
                      relative: RelativeInsets(top: fractions[0], left: fractions[1], bottom: fractions[2], right: fractions[3]))
    }

    /// One edge of ``insets(_:at:)``: `(points, fraction)`.
    private func insetEdge(_ value: JSONValue?, at path: String) throws(FileFormatError) -> (Double, Double) {
        guard let value else { return (0, 0) }
        guard case .string(let text) = value else { return (try coordinate(value, at: path), 0) }
        guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite, percent.magnitude <= 1000 else {
            throw FileFormatError(path: path, "must be points (a number) or a percentage in -1000%...1000% like \"-10%\", got \(value.described)")
        }
        return (0, percent / 100)
    }
}
