-- +goose Up
-- Base code an admin adds to a game's copy check (issue 35): files the
-- students were all given (a course's own starter, a teacher's sample
-- player), left out of every version's fingerprints as the kit and the
-- Demo are. A change re-indexes the game (judge.ReindexCopies).

CREATE TABLE copy_base_files (
    id        bigserial   PRIMARY KEY,
    game_id   text        NOT NULL REFERENCES games (id),
    name      text        NOT NULL,
    language  text        NOT NULL,   -- copycheck.Go or copycheck.Cpp, from the name's extension
    source    text        NOT NULL,
    added_by  bigint      REFERENCES users (id) ON DELETE SET NULL,
    added_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (game_id, name)
);

-- A version of nothing but base code is indexed with no fingerprint; the
-- pages count and list those without reading every version's hashes.
ALTER TABLE copy_versions ADD COLUMN empty boolean GENERATED ALWAYS AS (cardinality(hashes) = 0) STORED;

-- +goose Down
ALTER TABLE copy_versions DROP COLUMN empty;
DROP TABLE copy_base_files;
