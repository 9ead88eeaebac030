/// The session player's page: one self-contained HTML file that plays a replayed
/// session back, sample by sample, from the player's data (JSON, format
/// `impressions-player`, version 1) embedded in it.
///
/// The page draws the current layout in root content coordinates (cells, container
/// frames, the viewport, the effective viewport, obstructions), coloured by each
/// section's visibility under the selected policy, counted ones edged; lists every section on screen under every
/// policy, with why its policy does not count it apart from its percentage in view and why
/// the rest is not in view (the geometry stream's words), the lifecycle state and the
/// impressions fired so far; and scrubs through the
/// samples with a timeline, buttons, the keyboard and the URL's `#sample=K`.
///
/// Nothing is fetched (inline CSS and script, no fonts, no links but `#…`), so the file
/// works from `file://` and offline. Every string from the data (section, container and
/// policy names, reasons) reaches the document as text only: the script writes it with
/// `textContent` and `setAttribute`, never as markup, and the data itself is escaped so
/// that no id can close the `<script>` element it travels in.
enum SessionPlayerPage {
    /// The whole page: `title` escaped as HTML text, `sessionJSON` embedded in a
    /// `<script type="application/json" id="session">` element (with every `<` written
    /// as `\u003c`, and U+2028/U+2029 escaped too, so no id can close the element), then
    /// the style and the script inline.
    ///
    /// - Parameters:
    ///   - title: the page's title and heading, as given (escaped here).
    ///   - sessionJSON: the player's data, valid JSON (the escaping keeps it valid only
    ///     because `<` and the two separators can occur in JSON inside strings only).
    static func html(title: String, sessionJSON: String) -> String {
        let heading = HTMLEscaping.escaped(title)
        // The root has no data-sample until the script rendered a sample, so a check of
        // the rendered DOM cannot mistake a page whose script failed for sample 0.
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="generator" content="impressions (ImpressionTracking)"/>
        <title>\(heading)</title>
        <style>
        \(style)</style>
        </head>
        <body>
        <svg class="paints" width="0" height="0" aria-hidden="true" focusable="false">
        <pattern id="stripes" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#718096"/><rect width="3.5" height="8" fill="#1a202c"/></pattern>
        <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="6" height="6" fill="rgba(229,62,62,0.18)"/><rect width="1.6" height="6" fill="#e53e3e"/></pattern>
        </svg>
        <main id="player">
        <header>
        <h1>\(heading)</h1>
        <p class="meta" id="meta"></p>
        <p class="error" id="error" hidden></p>
        </header>
        <section class="card controls" aria-label="Timeline">
        <div class="bar">
        <button type="button" id="back" title="Back one sample (←; Shift+← ten)" aria-label="Back one sample">◀ step</button>
        <button type="button" id="play" title="Play or pause (space)">Play</button>
        <button type="button" id="forward" title="Forward one sample (→; Shift+→ ten)" aria-label="Forward one sample">step ▶</button>
        <label class="speed">speed <select id="speed"><option value="1">1×</option><option value="4">4×</option><option value="16">16×</option><option value="64">64×</option></select></label>
        <span class="clock" id="clock" aria-live="off"></span>
        </div>
        <div class="track">
        <input type="range" id="scrub" min="0" max="0" step="1" value="0" aria-label="Sample"/>
        <svg id="ticks" preserveAspectRatio="none" aria-hidden="true"></svg>
        </div>
        <div class="policies" id="policies" role="radiogroup" aria-label="Policy"></div>
        <p class="keys">Keys: ← → one sample, Shift+← → ten, space play/pause, Home/End. Marks under the timeline: impressions per policy, grey spans inactive, dark lines layout changes.</p>
        </section>
        <div class="panes">
        <section class="card drawing-pane" aria-label="Drawing">
        <ul class="legend">
        <li><i class="sw vis-offscreen"></i>offscreen</li><li><i class="sw vis-gated"></i>gated</li><li><i class="sw vis-obstructed"></i>obstructed</li><li><i class="sw vis-below-threshold"></i>below threshold</li><li><i class="sw vis-at-threshold"></i>at threshold</li><li><i class="sw counted"></i>counted</li><li><i class="sw inactive"></i>inactive</li>
        <li><i class="sw viewport"></i>viewport</li><li><i class="sw effective"></i>effective viewport</li><li><i class="sw obstruction"></i>obstruction</li><li><i class="sw frame"></i>container</li><li><i class="sw fire"></i>impression</li>
        </ul>
        <p class="pane-head" id="drawing-head"></p>
        <div class="stage" id="stage"><svg id="drawing" role="img" aria-label="The layout, the viewport and the obstructions at the current sample"></svg></div>
        </section>
        <section class="side" aria-label="State">
        <div class="card">
        <p class="lifecycle" id="lifecycle"></p>
        <p class="details" id="details"></p>
        </div>
        <div class="card">
        <h2>On screen at this sample</h2>
        <div class="scroll"><table id="rows"><thead><tr><th>policy</th><th>section</th><th>shows</th><th class="num">ratio</th><th>counting</th><th>why not counted</th><th class="num" title="OM's percentageInView: the area in view, floored to a whole percent">in view</th><th title="The geometry's reasons, in the OM SDK's words">why not in view</th></tr></thead><tbody id="row-body"></tbody></table></div>
        </div>
        <div class="card">
        <h2 id="impressions-head">Impressions</h2>
        <ol id="impressions"></ol>
        </div>
        </section>
        </div>
        </main>
        <script type="application/json" id="session">\(embeddable(sessionJSON))</script>
        <script>
        \(script)</script>
        </body>
        </html>

        """
    }

    /// `\u003c`, which a JSON string reads as `<`: written for every `<` so that no
    /// string in the data can end the `<script>` element (`</script>`) or open a comment
    /// (`<!--`) inside it.
    private static let lessThanEscape = Array(#"\u003c"#.utf8)
    /// `\u2028`: LINE SEPARATOR, escaped because older JavaScript parsers end a line there.
    private static let lineSeparatorEscape = Array(#"\u2028"#.utf8)
    /// `\u2029`: PARAGRAPH SEPARATOR, escaped for the same reason.
    private static let paragraphSeparatorEscape = Array(#"\u2029"#.utf8)

    /// `json` ready to sit inside a `<script>` element: `<` as `\u003c`, U+2028 and
    /// U+2029 as `\u2028` and `\u2029`. Valid JSON stays valid and means the same, since
    /// those characters can occur only inside its strings. Works on UTF-8 bytes (U+2028
    /// is E2 80 A8, U+2029 E2 80 A9; UTF-8 never has those bytes mid-character) so that
    /// the data of a long session is copied once.
    private static func embeddable(_ json: String) -> String {
        let source = Array(json.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(source.count + source.count / 64)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "<") {
                result += lessThanEscape
                index += 1
            } else if byte == 0xE2, index + 2 < source.count, source[index + 1] == 0x80,
                      source[index + 2] == 0xA8 || source[index + 2] == 0xA9 {
                result += source[index + 2] == 0xA8 ? lineSeparatorEscape : paragraphSeparatorEscape
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The page's style sheet: the drawing beside the tables from a laptop's width, the
    /// tables under the drawing on a phone's (under 820 px), the colours of how a section
    /// shows and of where its counting stands shared by the drawing, the legend and the table.
    ///
    /// The text is `player.css` beside this file, compiled in by the `EmbedTextFiles`
    /// plugin; it ends in a newline, which the page's `</style>` follows.
    static let style: String = EmbeddedFiles.playerCSS

    /// The page's script: reads the data, rebuilds the state at any sample from the
    /// frames' changes (full states kept every 256 samples as they are first passed, so a
    /// jump replays at most 256 frames), and draws the drawing, the table, the lifecycle
    /// and the impressions for the current sample, synchronously on load (a headless
    /// browser's DOM dump sees the sample of `#sample=K`). Data reaches the document only
    /// through `textContent`, `setAttribute` and `createElementNS`.
    ///
    /// The text is `player.js` beside this file, compiled in by the `EmbedTextFiles`
    /// plugin; it ends in a newline, which the page's `</script>` follows.
    static let script: String = EmbeddedFiles.playerJS
}
