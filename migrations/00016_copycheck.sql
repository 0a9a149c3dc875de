-- +goose Up
-- The copy check (package copycheck, judge/copycheck.go): the winnowed
-- fingerprints of every compiled version, base code left out; an inverted
-- index from (game, hash) to the versions holding it; the hashes found in
-- too many owners' code to be evidence; and the pairs of versions of
-- different owners that share code, scored.

CREATE TABLE copy_versions (
    version_id   bigint PRIMARY KEY REFERENCES bot_versions (id) ON DELETE CASCADE,
    game_id      text        NOT NULL REFERENCES games (id),
    owner_id     bigint      NOT NULL REFERENCES users (id),
    scheme       text        NOT NULL,   -- copycheck.Scheme: fingerprints of another scheme are redone
    hashes       bigint[]    NOT NULL,   -- in source order, repeats included
    start_lines  int[]       NOT NULL,
    end_lines    int[]       NOT NULL,
    indexed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copy_versions_game_idx ON copy_versions (game_id, owner_id);

-- One row per distinct hash of a version; looked up by hash (first in the
-- key: the selective column, whatever the statistics say).
CREATE TABLE copy_index (
    hash       bigint NOT NULL,
    game_id    text   NOT NULL,
    version_id bigint NOT NULL REFERENCES copy_versions (version_id) ON DELETE CASCADE,
    owner_id   bigint NOT NULL,
    PRIMARY KEY (hash, game_id, version_id)
);
CREATE INDEX copy_index_version_idx ON copy_index (version_id);

-- Hashes held by more owners than copycheck.CommonLimit allows: shared
-- idiom, not evidence. Once common, a hash stays common.
CREATE TABLE copy_common (
    game_id text   NOT NULL,
    hash    bigint NOT NULL,
    owners  int    NOT NULL,
    PRIMARY KEY (game_id, hash)
);

-- A pair of versions of different owners sharing code, a_version_id < b_version_id.
CREATE TABLE copy_pairs (
    game_id      text     NOT NULL,
    a_version_id bigint   NOT NULL REFERENCES copy_versions (version_id) ON DELETE CASCADE,
    b_version_id bigint   NOT NULL REFERENCES copy_versions (version_id) ON DELETE CASCADE,
    a_owner_id   bigint   NOT NULL,
    b_owner_id   bigint   NOT NULL,
    shared       int      NOT NULL,   -- distinct fingerprints both hold
    a_total      int      NOT NULL,   -- each side's distinct fingerprints
    b_total      int      NOT NULL,
    a_lines      int      NOT NULL,   -- each side's longest shared run, in lines
    b_lines      int      NOT NULL,
    score        real     NOT NULL,   -- the larger of shared/a_total and shared/b_total
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (a_version_id, b_version_id),
    CHECK (a_version_id < b_version_id)
);
CREATE INDEX copy_pairs_game_score_idx ON copy_pairs (game_id, score DESC);
CREATE INDEX copy_pairs_b_idx ON copy_pairs (b_version_id);

-- +goose Down
DROP TABLE copy_pairs;
DROP TABLE copy_common;
DROP TABLE copy_index;
DROP TABLE copy_versions;
