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
}
