extension ImpressionEngine {
    // MARK: - Geometry

    /// Whether the engine works out its sections' geometry (``VisibleGeometry``) at the
    /// samples that follow an input; see ``watchGeometry()``.
    public var watchesGeometry: Bool { geometryWatch != nil }

    /// Starts working out each section's geometry: from the next sample evaluated on,
    /// every sample that follows an input measures every section of the layout and keeps
    /// a change for each whose geometry differs from the last one kept (and one for each
    /// section that left the layout), for ``takeGeometryChanges()``.
    ///
    /// The next sample keeps every section's geometry, even without an input: called again
    /// while watching, it starts over, so a new reader gets the whole picture. Samples
    /// cost nothing more until this is called.
    public mutating func watchGeometry() {
        if geometryWatch == nil { geometryWatch = GeometryWatch() }
        geometryWatch?.restart()
    }

    /// Stops working out the geometry and drops the changes not yet taken.
    public mutating func stopWatchingGeometry() {
        geometryWatch = nil
    }

    /// The geometry changes worked out since the last call, in order: by sample, then the
    /// sections that left the layout, then the layout's order. Empty unless
    /// ``watchesGeometry``.
    public mutating func takeGeometryChanges() -> [VisibleGeometry<ID>] {
        // Read before written: a watcher that finds nothing changes nothing, and copies nothing.
        guard let watch = geometryWatch, !watch.pending.isEmpty else { return [] }
        return geometryWatch!.takePending()
    }

    /// Works out the geometry at the sample numbered `sample`, the first of those just
    /// taken, when watched and an input arrived before it (`changed`) or the watch
    /// (re)started: the samples after it see the same inputs, hence the same geometry.
    @inline(__always)
    mutating func noteGeometry(atSample sample: Int, inputsChanged changed: Bool) {
        guard let watch = geometryWatch, changed || watch.needsPass else { return }
        evaluateGeometry(atSample: sample)
    }

    /// The body of ``noteGeometry(atSample:inputsChanged:)``, outlined: the sample loop
    /// keeps only the test, without a watcher and with one at a sample that moved nothing.
    @inline(never)
    private mutating func evaluateGeometry(atSample sample: Int) {
        guard var watch = geometryWatch else { return }
        geometryWatch = nil   // uniquely referenced while it changes
        watch.evaluate(measureGroups.layout, input: layoutInput, on: inputs.geometryScreen,
                       at: inputs.duration(ofSamples: sample))
        geometryWatch = watch
    }
}
