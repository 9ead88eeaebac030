// `import ImpressionSimulation` gives the whole library: each layer's public API is the
// product's (see Package.swift for the layers and what each imports).
@_exported import ImpressionSimulationAnalyses
@_exported import ImpressionSimulationCore
@_exported import ImpressionSimulationFormats
@_exported import ImpressionSimulationRendering
// The trace format is ImpressionTracking's, encoder and decoder alike; the types the
// simulator's API reads traces with are re-exported one by one, so that this import names
// them, without making the engine's whole API (and manual) this module's too. The limits
// are the package's own, for the command line's options.
@_exported import struct ImpressionTracking.TimedInput
@_exported import struct ImpressionTracking.Trace
@_exported import struct ImpressionTracking.TraceDecoder
@_exported import struct ImpressionTracking.TraceError
@_exported import struct ImpressionTracking.TraceLimits
