-- +goose Up
-- The first schema: accounts, sessions, games, bots and their versions, matches.

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          text        NOT NULL,
    email         text        NOT NULL,
    password_hash text        NOT NULL,
    role          text        NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'admin')),
    disabled      boolean     NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_name_length CHECK (char_length(name) BETWEEN 1 AND 64)
);
CREATE UNIQUE INDEX users_name_key ON users (lower(name));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- The table alexedwards/scs/pgxstore expects.
CREATE TABLE sessions (
    token  text PRIMARY KEY,
    data   bytea NOT NULL,
    expiry timestamptz NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

CREATE TABLE games (
    id         text PRIMARY KEY,              -- the registry id, e.g. 'orkisland'
    title      text        NOT NULL,
    enabled    boolean     NOT NULL DEFAULT true,
    settings   jsonb       NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bots (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id   bigint      NOT NULL REFERENCES users (id),
    game_id    text        NOT NULL REFERENCES games (id),
    name       text        NOT NULL,
    disabled   boolean     NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT bots_name_length CHECK (char_length(name) BETWEEN 1 AND 64)
);
CREATE UNIQUE INDEX bots_owner_game_name_key ON bots (owner_id, game_id, lower(name));
CREATE INDEX bots_game_idx ON bots (game_id);

CREATE TABLE bot_versions (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    bot_id          bigint      NOT NULL REFERENCES bots (id),
    number          int         NOT NULL,
    source          text        NOT NULL,
    status          text        NOT NULL DEFAULT 'queued'
                    CHECK (status IN ('queued', 'compiling', 'compile_error', 'qualifying',
                                      'rejected', 'accepted', 'superseded')),
    compile_log     text        NOT NULL DEFAULT '',
    artifact_sha256 text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (bot_id, number)
);
CREATE INDEX bot_versions_status_idx ON bot_versions (status);

CREATE TABLE matches (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id     text        NOT NULL REFERENCES games (id),
    kind        text        NOT NULL DEFAULT 'ladder' CHECK (kind IN ('ladder', 'qualification', 'tournament')),
    seed        bigint      NOT NULL,
    settings    jsonb       NOT NULL DEFAULT '{}',
    status      text        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'finished', 'failed')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX matches_game_created_idx ON matches (game_id, created_at DESC);

CREATE TABLE match_players (
    match_id       bigint  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat           int     NOT NULL CHECK (seat >= 0),
    bot_version_id bigint  NOT NULL REFERENCES bot_versions (id),
    score          bigint,
    rank           int,
    cpu_seconds    double precision,
    frozen_round   int,
    frozen_reason  text,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_version_idx ON match_players (bot_version_id);

-- +goose Down
DROP TABLE match_players;
DROP TABLE matches;
DROP TABLE bot_versions;
DROP TABLE bots;
DROP TABLE games;
DROP TABLE sessions;
DROP TABLE users;
