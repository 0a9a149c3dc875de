-- +goose Up
-- Judging: ratings per bot version, the ladder's current version per bot,
-- results per seat, replays and artifacts in a blob table, API tokens.

ALTER TABLE bot_versions
    ADD COLUMN mu             double precision,
    ADD COLUMN sigma          double precision,
    ADD COLUMN games          int         NOT NULL DEFAULT 0,
    ADD COLUMN last_played_at timestamptz,
    ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now();

-- The version that plays on the ladder (the latest accepted one).
ALTER TABLE bots ADD COLUMN current_version_id bigint REFERENCES bot_versions (id);

ALTER TABLE matches
    ADD COLUMN bot_version_id bigint REFERENCES bot_versions (id), -- the version a qualification match judges
    ADD COLUMN replay_key     text,
    ADD COLUMN error          text,
    ADD COLUMN rated          boolean NOT NULL DEFAULT false;
CREATE INDEX matches_version_idx ON matches (bot_version_id) WHERE bot_version_id IS NOT NULL;
CREATE INDEX matches_status_idx ON matches (status, kind);

-- A seat is a submitted version or a built-in bot (e.g. the Dummy in qualification).
ALTER TABLE match_players ALTER COLUMN bot_version_id DROP NOT NULL;
ALTER TABLE match_players
    ADD COLUMN builtin     text,
    ADD COLUMN invalid_commands int,
    ADD COLUMN log         text,
    ADD CONSTRAINT match_players_one_kind CHECK ((bot_version_id IS NULL) <> (builtin IS NULL));

CREATE TABLE rating_history (
    bot_version_id bigint      NOT NULL REFERENCES bot_versions (id),
    match_id       bigint      REFERENCES matches (id),
    mu             double precision NOT NULL,
    sigma          double precision NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rating_history_version_idx ON rating_history (bot_version_id, created_at);

-- Immutable blobs by key: replays (replay/<match id>) and compiled bots (wasm/<sha256>).
CREATE TABLE blobs (
    key        text PRIMARY KEY,
    data       bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_tokens (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text        NOT NULL,
    token_sha256 text        NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
);

-- +goose Down
DROP TABLE api_tokens;
DROP TABLE blobs;
DROP TABLE rating_history;
ALTER TABLE match_players DROP CONSTRAINT match_players_one_kind, DROP COLUMN builtin, DROP COLUMN invalid_commands, DROP COLUMN log;
ALTER TABLE matches DROP COLUMN bot_version_id, DROP COLUMN replay_key, DROP COLUMN error, DROP COLUMN rated;
ALTER TABLE bots DROP COLUMN current_version_id;
ALTER TABLE bot_versions DROP COLUMN mu, DROP COLUMN sigma, DROP COLUMN games, DROP COLUMN last_played_at, DROP COLUMN status_changed_at;
