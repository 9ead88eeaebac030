import Benchmark

/// The suite package-benchmark runs: one group per file.
///
/// Run everything with `swift package --package-path Benchmarks benchmark`, a group with
/// `--filter` (a regular expression that must match the whole name), e.g.
/// `--filter 'SteadySample-.*'`. The names end with the feed size (`1k`, `10k`, `100k`,
/// `1M`) and have no spaces: package-benchmark 1.38.1 writes threshold files with spaces
/// turned into underscores but looks them up by the name as it is, so a name with a space
/// would never find its thresholds.
let benchmarks: @Sendable () -> Void = {
    registerEngineSampleBenchmarks()
    registerScrollStepBenchmarks()
    registerMultiPolicyScrollStepBenchmarks()
    registerCarouselScrollStepBenchmarks()
    registerLayoutBenchmarks()
    registerActorBenchmarks()
    registerBaselineBenchmarks()
    registerDebuggingBenchmarks()
}
