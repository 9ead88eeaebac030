-- One row per impression, as `impressions simulate|replay --impressions-out` and an app
-- (ImpressionRow) write them; the same in SQLite and DuckDB. `id` is the key: a row
-- loaded twice (a retried upload) is kept once.
CREATE TABLE impressions (
    id            TEXT PRIMARY KEY,  -- Impression.id: 32 hex digits
    session       TEXT,              -- the session the id hashes; NULL without one
    section       TEXT NOT NULL,     -- the section id, as the trace writes it
    policy        TEXT NOT NULL,     -- the name the policy is reported under
    fingerprint   TEXT NOT NULL,     -- ImpressionPolicy.fingerprint: 16 hex digits
    sample        INTEGER NOT NULL,  -- the sample that completed it, from 0
    time_ms       DOUBLE NOT NULL,
    visit         INTEGER NOT NULL,
    visible_ratio DOUBLE NOT NULL,
    visible_ms    DOUBLE NOT NULL
);
