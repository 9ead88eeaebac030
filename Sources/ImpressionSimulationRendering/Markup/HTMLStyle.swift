/// The report's one style sheet, inline: readable from a phone's width (390 px) to a
/// laptop's, printable in greyscale, nothing fetched.
enum HTMLStyle {
    static let css = """
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;background:#fff;color:#1a202c;font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
    main{max-width:980px;margin:0 auto;padding:12px 16px 40px}
    h1{font-size:1.45rem;line-height:1.25;margin:.6em 0 .3em;overflow-wrap:anywhere}
    h2{font-size:1.15rem;margin:2em 0 .5em;padding-bottom:.2em;border-bottom:2px solid #2d3748}
    h3{font-size:1rem;margin:1.4em 0 .4em}
    p,figcaption{max-width:46em;overflow-wrap:anywhere}
    .lede{color:#4a5568;overflow-wrap:anywhere}
    code{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
    dl.parameters{display:grid;grid-template-columns:minmax(7em,max-content) 1fr;gap:2px 14px;margin:.5em 0}
    dl.parameters dt{font-weight:600;max-width:16em;overflow-wrap:anywhere}
    dl.parameters dd{margin:0;overflow-wrap:anywhere}
    .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.5em 0}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:14px}
    th,td{padding:3px 10px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap;vertical-align:top}
    th{background:#edf2f7}
    th:first-child,td:first-child{text-align:left}
    th.name,td.name{white-space:normal;overflow-wrap:anywhere;min-width:8em;max-width:22em}
    tr.group td{font-weight:600;background:#f7fafc}
    td.indent{padding-left:24px}
    td.yes{font-weight:700}
    td.aligned{font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;white-space:pre}
    figure{margin:1em 0 1.6em}
    figure svg{display:block;width:100%;max-width:760px;height:auto}
    figure.wide svg{max-width:100%;min-width:760px}
    figcaption{color:#4a5568;font-size:14px;margin-top:.3em}
    .note{color:#4a5568;font-size:14px}
    @media (max-width:520px){body{font-size:14px}main{padding:8px 10px 32px}th,td{padding:3px 6px}
    dl.parameters{grid-template-columns:1fr;gap:0}dl.parameters dd{margin-bottom:6px}}
    @media print{body{color:#000}h2{break-after:avoid}figure,table{break-inside:avoid}.scroll{overflow:visible}}
    """
}
