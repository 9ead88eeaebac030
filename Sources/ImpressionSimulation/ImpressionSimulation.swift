// `import ImpressionSimulation` gives the whole library, as before it was split into
// targets: each layer's public API is the product's (see Package.swift for the layers).
@_exported import ImpressionSimulationAnalyses
@_exported import ImpressionSimulationCore
@_exported import ImpressionSimulationFormats
@_exported import ImpressionSimulationRendering
