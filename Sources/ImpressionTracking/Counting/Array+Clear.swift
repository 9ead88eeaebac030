extension Array {
    /// `removeAll(keepingCapacity: true)`, free when the array is already empty.
    ///
    /// A sample clears a few scratch buffers per policy, usually empty; clearing checks
    /// that the buffer is unique with a runtime call, paid per buffer and policy.
    // `removeLast(count)`, not `removeAll(keepingCapacity: true)`: the same result, and
    // cheaper per call on a small scratch buffer in a release build.
    @inline(__always)
    mutating func clear() {
        if !isEmpty { removeLast(count) }
    }
}
