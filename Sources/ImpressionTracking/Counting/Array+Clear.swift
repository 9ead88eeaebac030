extension Array {
    /// `removeAll(keepingCapacity: true)`, free when the array is already empty.
    ///
    /// A sample clears a few scratch buffers per policy, usually empty; clearing checks
    /// that the buffer is unique with a runtime call, paid per buffer and policy.
    // The range replaced, not `removeAll(keepingCapacity: true)`: the same result, and
    // cheaper per call on a small scratch buffer in a release build; `removeLast(count)`
    // does the same through one more call, which the optimiser does not always inline.
    @inline(__always)
    mutating func clear() {
        if !isEmpty { replaceSubrange(0..<count, with: EmptyCollection()) }
    }
}

extension Array {
    /// `withUnsafeMutableBufferPointer`, handing an empty array over as an empty buffer:
    /// an empty array shares the one empty storage, so making it unique to write through
    /// it would allocate, at every call.
    @inline(__always)
    mutating func withMutableBuffer<Result>(_ body: (UnsafeMutableBufferPointer<Element>) -> Result) -> Result {
        if isEmpty { return body(UnsafeMutableBufferPointer(start: nil, count: 0)) }
        return withUnsafeMutableBufferPointer { body($0) }
    }
}

extension Array {
    /// `Array(repeating: value, count: count)`, allocated where it is specialised.
    ///
    /// The standard library's `init(repeating:count:)` allocates through a generic
    /// function it keeps out of line, which looks up the storage's type at run time at
    /// every call: paid by each table a new layout fills, where `reserveCapacity` and
    /// `append(contentsOf:)` are specialised for the element and find the type once.
    @inline(__always)
    init(count: Int, filledWith value: Element) {
        self.init()
        guard count > 0 else { return }
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Dictionary {
    /// Makes room for `count` entries, as `reserveCapacity` does, through the specialised
    /// initialiser while the dictionary is empty: `reserveCapacity` is the standard
    /// library's generic code, which looks up the storage's type at run time.
    @inline(__always)
    mutating func reserveRoom(for count: Int) {
        if isEmpty { self = Dictionary(minimumCapacity: count) } else { reserveCapacity(count) }
    }
}
