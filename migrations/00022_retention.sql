-- +goose Up
-- Retention (judge/retention.go). Results, scores, ratings and match rows
-- are kept for ever; ladder replays beyond each version's most recent
-- matches and the last days are deleted, and compiled artifacts of idle
-- versions dropped (rebuilt from source when needed). What was deleted
-- stays said, so pages can say so.

-- When the retention job deleted the match's replay (replay_key is then
-- NULL); cleared when the replay is played again. A regenerated replay is
-- kept like a fresh one: its days count from replay_regenerated_at.
-- replay_differs: the replay played again did not end as the recorded
-- result (a bot frozen for CPU at another moment, an engine changed).
ALTER TABLE matches
    ADD COLUMN replay_deleted_at     timestamptz,
    ADD COLUMN replay_regenerated_at timestamptz,
    ADD COLUMN replay_differs        boolean NOT NULL DEFAULT false;

-- The job walks the ladder matches that still have a replay, oldest first.
CREATE INDEX matches_ladder_replay_idx ON matches (id)
    WHERE kind = 'ladder' AND status = 'finished' AND replay_key IS NOT NULL;

-- When the job dropped the version's compiled artifact (its blob); the
-- hash stays, and a worker that needs it builds it again from the source
-- (judge/rebuild.go), which clears this.
ALTER TABLE bot_versions ADD COLUMN artifact_dropped_at timestamptz;
-- A blob is shared by every version of the same build: it goes only when
-- none that keeps its artifact names it.
CREATE INDEX bot_versions_artifact_idx ON bot_versions (artifact_sha256) WHERE artifact_sha256 IS NOT NULL;

-- One measurement of the database a day (the first of the day), for its
-- growth over the last day and week (Admin → Storage).
CREATE TABLE storage_samples (
    day            date PRIMARY KEY,
    taken_at       timestamptz NOT NULL DEFAULT now(),
    database_bytes bigint NOT NULL, -- pg_database_size
    replay_bytes   bigint NOT NULL, -- the replays' blobs, as stored
    artifact_bytes bigint NOT NULL, -- the compiled bots' blobs, as stored
    blob_bytes     bigint NOT NULL, -- the blobs table in all (its indexes and free space too)
    row_bytes      bigint NOT NULL, -- every other table, with its indexes
    replays        bigint NOT NULL,
    artifacts      bigint NOT NULL
);

-- +goose Down
DROP TABLE storage_samples;
DROP INDEX bot_versions_artifact_idx;
ALTER TABLE bot_versions DROP COLUMN artifact_dropped_at;
DROP INDEX matches_ladder_replay_idx;
ALTER TABLE matches DROP COLUMN replay_differs, DROP COLUMN replay_regenerated_at, DROP COLUMN replay_deleted_at;
