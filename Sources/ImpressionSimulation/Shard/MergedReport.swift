/// What `impressions merge` prints and writes: the whole run's JSON and per-section CSV,
/// those of a single run or of an A/B comparison, as one unsharded run gives them.
package struct MergedReport: Sendable, Hashable {
    /// The JSON that `simulate --json` (with two `--feed` files for a comparison) prints.
    package var json: String
    /// The CSV that `simulate --sections-out` writes (with an `arm` column for a comparison).
    package var sectionsCSV: String
    /// The page that `simulate --report` writes, without the command line (the shards
    /// do not record theirs).
    package var html: String
    /// What a person should know that the JSON only implies: that the feed of a run over
    /// traces is likely not theirs (``SimulationReport/feedMismatchWarning``); `nil` otherwise.
    package var warning: String? = nil
}
