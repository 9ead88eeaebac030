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
