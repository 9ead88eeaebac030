import ImpressionSimulationAnalyses
import ImpressionSimulationCore

/// A report of the simulator's, rendered the three ways the command line gives it: JSON
/// for programs (`--json`), a table for a terminal, and a self-contained HTML page to read
/// and pass on (`--report FILE`).
///
/// ``SimulationReport``, ``LayoutComparisonReport``, ``SweepReport`` and ``AuditSummary``
/// adopt it, and `impressions` hands each to one function, whatever its kind. A report
/// says what it holds with the shared pieces: ``JSONWriter`` for the JSON,
/// ``NumberFormatting`` for every number shown, and `HTMLDocument` with `HTMLTable` and
/// the charts for the page, so that the three forms say the same things in the same words.
package protocol RenderedReport {
    /// The report as JSON, keys in a documented, fixed order: the same report, the same bytes.
    func json() -> String
    /// The report as text for a terminal.
    func table() -> String
    /// The report as one self-contained HTML page (inline CSS and SVG, every name escaped).
    ///
    /// - Parameters:
    ///   - title: the page's heading; `nil` for the report's own.
    ///   - command: the command line that made the run, shown with the parameters.
    func html(title: String?, command: String?) -> String
}

extension SimulationReport: RenderedReport {}
extension LayoutComparisonReport: RenderedReport {}
extension SweepReport: RenderedReport {}
extension AuditSummary: RenderedReport {}
