// `import ImpressionSimulation` gives the whole library: each layer's public API is the
// product's (see Package.swift for the layers and what each imports).
@_exported import ImpressionSimulationAnalyses
@_exported import ImpressionSimulationCore
@_exported import ImpressionSimulationFormats
@_exported import ImpressionSimulationRendering
