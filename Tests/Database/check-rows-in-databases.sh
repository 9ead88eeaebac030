#!/usr/bin/env bash
# The rows `--impressions-out` writes, loaded into real databases: SQLite (Debian's
# sqlite3) and DuckDB (its Python package). SQL checks that the counts per policy and the
# sessions impressed per section equal the run's report and per-section CSV, that loading
# the same rows twice keeps one row per id, and that the impressions scroll-demo published
# in the app join, id for id, the rows of its recorded trace re-measured.
#
# IMPRESSIONS and SCROLL_DEMO name the built tools (default: swift build's); ROWS_CHECK_OUT
# the directory for the files (default: a new temporary one). Fails (status 1) on the first
# check that does not hold; a database that is missing fails too, naming how to install it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
bin="$(swift build --show-bin-path 2> /dev/null || true)"
impressions="${IMPRESSIONS:-$bin/impressions}"
scroll_demo="${SCROLL_DEMO:-$bin/scroll-demo}"
out="${ROWS_CHECK_OUT:-$(mktemp -d)}"
mkdir -p "$out"
command -v sqlite3 > /dev/null || { echo "sqlite3 not found: apt-get install -y sqlite3" >&2; exit 1; }
python3 -c "import duckdb" 2> /dev/null || { echo "duckdb not found: pip install duckdb" >&2; exit 1; }
echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1), duckdb $(python3 -c 'import duckdb; print(duckdb.__version__)')"

# A run, its report and per-section CSV, its rows in both formats, its traces re-measured.
run=(simulate --sessions 40 --sections 300 --seconds 30 --seed 3
     --policy default --policy mrc-display --policy abema --policy "ratio=0.3,duration=500ms,recurrence=once-per-visit,name=loose")
"$impressions" "${run[@]}" --json --sections-out "$out/sections.csv" --impressions-out "$out/rows.csv" \
    --trace-out "$out/traces" > "$out/report.json"
"$impressions" "${run[@]}" --impressions-out "$out/rows.jsonl" > /dev/null
"$impressions" simulate --traces "$out/traces" "${run[@]:9}" --impressions-out "$out/remeasured.jsonl" > /dev/null
# The report's figures per policy, as CSV for the databases.
python3 - "$out/report.json" > "$out/report-policies.csv" <<'PY'
import json, sys
print("policy,fingerprint,impressions")
for policy in json.load(open(sys.argv[1]))["policies"]:
    print(f'{policy["name"]},{policy["fingerprint"]},{policy["impressions"]}')
PY
# The app's impressions, as it would upload them, and its trace re-measured.
"$scroll_demo" --record "$out/scroll-demo.jsonl" --impressions-out "$out/app.csv" > /dev/null
"$impressions" replay "$out/scroll-demo.jsonl" --policy default --impressions-out "$out/replayed.csv" > /dev/null 2>&1
echo "rows: $(($(wc -l < "$out/rows.csv") - 1)) simulated ($(wc -c < "$out/rows.csv") bytes of CSV, $(wc -c < "$out/rows.jsonl") of JSON lines),"\
     "$(($(wc -l < "$out/app.csv") - 1)) published by scroll-demo"

# The checks, in SQL both databases run: each query prints a label and the number of rows
# that break the check, which must be 0.
checks="
SELECT 'per policy: count(*) differs from the report', count(*) FROM report_policies r
    LEFT JOIN (SELECT policy, fingerprint, count(*) AS n FROM impressions GROUP BY policy, fingerprint) i
    ON i.policy = r.policy AND i.fingerprint = r.fingerprint
    WHERE coalesce(i.n, 0) <> r.impressions;
SELECT 'per section and policy: sessions impressed differ from --sections-out', count(*) FROM sections s
    LEFT JOIN (SELECT section, policy, fingerprint, count(DISTINCT session) AS n FROM impressions
               GROUP BY section, policy, fingerprint) i
    ON i.section = s.section AND i.policy = s.policy AND i.fingerprint = s.fingerprint
    WHERE coalesce(i.n, 0) <> s.impressed;
SELECT 'impressed sections missing from --sections-out', count(*) FROM
    (SELECT DISTINCT section, policy, fingerprint FROM impressions) i
    LEFT JOIN sections s ON s.section = i.section AND s.policy = i.policy AND s.fingerprint = i.fingerprint
    WHERE s.section IS NULL;
SELECT 'loaded twice: rows kept beyond one load', (SELECT count(*) FROM impressions) - (SELECT count(*) FROM once);
SELECT 'the same rows as JSON lines: rows that differ', count(*) FROM
    (SELECT * FROM impressions EXCEPT SELECT * FROM from_json) d;
SELECT 're-measured traces: rows not in the simulated rows, or not the same', count(*) FROM
    (SELECT * FROM remeasured EXCEPT SELECT * FROM impressions) d;
SELECT 'scroll-demo: published impressions without their re-measured row, or with another', count(*) FROM app a
    LEFT JOIN replayed r ON r.id = a.id
    WHERE r.id IS NULL OR r.section <> a.section OR r.sample <> a.sample OR r.visit <> a.visit OR r.fingerprint <> a.fingerprint;
SELECT 'scroll-demo: re-measured rows the app did not publish', count(*) FROM replayed r
    LEFT JOIN app a ON a.id = r.id WHERE a.id IS NULL;
"
reports="
SELECT policy, fingerprint, count(*) AS impressions, count(DISTINCT session) AS sessions,
       count(DISTINCT section) AS sections FROM impressions GROUP BY policy, fingerprint ORDER BY policy;
SELECT 'scroll-demo', count(*) AS published, (SELECT count(*) FROM replayed) AS replayed,
       (SELECT count(*) FROM app JOIN replayed USING (id)) AS joined FROM app;
"

echo "== SQLite"
sqlite3 "$out/rows.sqlite" <<SQL > "$out/sqlite.txt"
.bail on
$(cat "$here/schema.sql")
CREATE TABLE staging AS SELECT * FROM impressions WHERE 0;
CREATE TABLE sections (section TEXT, kind TEXT, position INTEGER, policy TEXT, fingerprint TEXT, sessions INTEGER, rendered INTEGER,
                       impressed INTEGER, viewable_rate DOUBLE, mean_time_in_view_ms DOUBLE);
CREATE TABLE report_policies (policy TEXT, fingerprint TEXT, impressions INTEGER);
.import --csv --skip 1 $out/rows.csv staging
.import --csv --skip 1 $out/sections.csv sections
.import --csv --skip 1 $out/report-policies.csv report_policies
-- The same rows loaded twice: the key keeps one row per id.
INSERT OR IGNORE INTO impressions SELECT * FROM staging;
INSERT OR IGNORE INTO impressions SELECT * FROM staging;
CREATE TABLE once AS SELECT DISTINCT * FROM staging;
-- The JSON lines, a line a value (JSON text holds no raw tab), read with SQLite's JSON functions.
CREATE TABLE lines (line TEXT);
.mode ascii
.separator "\t" "\n"
.import $out/rows.jsonl lines
CREATE TABLE from_json AS SELECT json_extract(line, '\$.id') AS id, json_extract(line, '\$.session') AS session,
    json_extract(line, '\$.section') AS section, json_extract(line, '\$.policy') AS policy,
    json_extract(line, '\$.fingerprint') AS fingerprint, json_extract(line, '\$.sample') AS sample,
    json_extract(line, '\$.time_ms') AS time_ms, json_extract(line, '\$.visit') AS visit,
    json_extract(line, '\$.visible_ratio') AS visible_ratio, json_extract(line, '\$.visible_ms') AS visible_ms FROM lines;
DELETE FROM lines;
.import $out/remeasured.jsonl lines
CREATE TABLE remeasured AS SELECT json_extract(line, '\$.id') AS id, json_extract(line, '\$.session') AS session,
    json_extract(line, '\$.section') AS section, json_extract(line, '\$.policy') AS policy,
    json_extract(line, '\$.fingerprint') AS fingerprint, json_extract(line, '\$.sample') AS sample,
    json_extract(line, '\$.time_ms') AS time_ms, json_extract(line, '\$.visit') AS visit,
    json_extract(line, '\$.visible_ratio') AS visible_ratio, json_extract(line, '\$.visible_ms') AS visible_ms FROM lines;
CREATE TABLE app AS SELECT * FROM impressions WHERE 0;
.import --csv --skip 1 $out/app.csv app
CREATE TABLE replayed AS SELECT * FROM impressions WHERE 0;
.import --csv --skip 1 $out/replayed.csv replayed
.mode list
.separator ": "
$checks
.mode column
.headers on
$reports
SQL
cat "$out/sqlite.txt"

echo "== DuckDB"
CHECKS="$checks" REPORTS="$reports" python3 - "$here/schema.sql" "$out" <<'PY' > "$out/duckdb.txt"
import duckdb, os, sys
schema, out = open(sys.argv[1]).read(), sys.argv[2]
db = duckdb.connect(os.path.join(out, "rows.duckdb"))
db.execute(schema)
columns = ("{'id': 'VARCHAR', 'session': 'VARCHAR', 'section': 'VARCHAR', 'policy': 'VARCHAR', 'fingerprint': 'VARCHAR', "
           "'sample': 'INTEGER', 'time_ms': 'DOUBLE', 'visit': 'INTEGER', 'visible_ratio': 'DOUBLE', 'visible_ms': 'DOUBLE'}")
def rows(name):
    path = os.path.join(out, name)
    if name.endswith(".csv"):
        return f"read_csv('{path}', header = true, columns = {columns})"
    return f"read_json('{path}', format = 'newline_delimited', columns = {columns})"
# The same rows loaded twice: the key keeps one row per id.
db.execute(f"INSERT OR IGNORE INTO impressions SELECT * FROM {rows('rows.csv')}")
db.execute(f"INSERT OR IGNORE INTO impressions SELECT * FROM {rows('rows.csv')}")
db.execute(f"CREATE TABLE once AS SELECT DISTINCT * FROM {rows('rows.csv')}")
db.execute(f"CREATE TABLE from_json AS SELECT * FROM {rows('rows.jsonl')}")
db.execute(f"CREATE TABLE remeasured AS SELECT * FROM {rows('remeasured.jsonl')}")
db.execute(f"CREATE TABLE app AS SELECT * FROM {rows('app.csv')}")
db.execute(f"CREATE TABLE replayed AS SELECT * FROM {rows('replayed.csv')}")
db.execute(f"CREATE TABLE sections AS SELECT * FROM read_csv('{out}/sections.csv', header = true, all_varchar = true)")
db.execute("ALTER TABLE sections ALTER impressed TYPE INTEGER")
db.execute(f"CREATE TABLE report_policies AS SELECT * FROM read_csv('{out}/report-policies.csv', header = true, "
           "columns = {'policy': 'VARCHAR', 'fingerprint': 'VARCHAR', 'impressions': 'INTEGER'})")
for query in [q for q in os.environ["CHECKS"].split(";") if q.strip()]:
    label, count = db.execute(query).fetchone()
    print(f"{label}: {count}")
for query in [q for q in os.environ["REPORTS"].split(";") if q.strip()]:
    result = db.execute(query)
    print("  ".join(d[0] for d in result.description))
    for row in result.fetchall(): print("  ".join(str(v) for v in row))
PY
cat "$out/duckdb.txt"

# Every check printed 0, in both.
failed=0
for database in sqlite duckdb; do
    checked=$(grep -c ': [0-9]*$' "$out/$database.txt" || true)
    if [ "$checked" != 8 ] || grep -q ': [1-9][0-9]*$' "$out/$database.txt"; then
        echo "$database: a check failed (above: a count other than 0, or $checked checks of 8 printed)" >&2
        failed=1
    fi
done
exit "$failed"
