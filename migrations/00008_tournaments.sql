-- +goose Up
-- Tournaments: an admin schedules one, a River job starts it at start_at,
-- and each round's matches are created in the transaction that lands the
-- previous round's last match (judge/tournament.go).
CREATE TABLE tournaments (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          text        NOT NULL,
    game_id       text        NOT NULL REFERENCES games (id),
    format        text        NOT NULL CHECK (format IN ('elimination', 'league')),
    settings      jsonb       NOT NULL DEFAULT '{}', -- the game's settings for every match
    bot_ids       bigint[],                          -- chosen entrants; NULL: every accepted bot at the start
    group_matches int         NOT NULL DEFAULT 3 CHECK (group_matches BETWEEN 1 AND 100), -- N per group and round
    final_matches int         NOT NULL DEFAULT 5 CHECK (final_matches BETWEEN 1 AND 100), -- M in the final group
    drop_count    int         NOT NULL DEFAULT 2 CHECK (drop_count BETWEEN 1 AND 3),      -- K out of each group
    league_rounds int         NOT NULL DEFAULT 4 CHECK (league_rounds BETWEEN 1 AND 100), -- R
    seed          bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'scheduled'
                  CHECK (status IN ('scheduled', 'running', 'paused', 'finished', 'cancelled')),
    round         int         NOT NULL DEFAULT 0, -- the round being played; 0 before the start
    final_round   boolean     NOT NULL DEFAULT false, -- the current round is the final group
    note          text        NOT NULL DEFAULT '',
    start_at      timestamptz NOT NULL,
    created_by    bigint      REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    started_at    timestamptz,
    finished_at   timestamptz,
    CONSTRAINT tournaments_name_length CHECK (char_length(name) BETWEEN 1 AND 100)
);
CREATE INDEX tournaments_status_idx ON tournaments (status, start_at);

-- The field, frozen at the start: each bot's then-current version and its
-- ladder rating (mu - 3 sigma) for seeding.
CREATE TABLE tournament_entrants (
    tournament_id  bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    bot_version_id bigint NOT NULL REFERENCES bot_versions (id),
    seed_rating    double precision NOT NULL,
    out_round      int,  -- elimination: the round it dropped out in
    place          int,  -- final place, set when the tournament finishes
    PRIMARY KEY (tournament_id, bot_version_id)
);

-- Who plays in which group of which round (bots only; Dummies fill seats).
CREATE TABLE tournament_groups (
    tournament_id  bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round          int    NOT NULL,
    grp            int    NOT NULL,
    bot_version_id bigint NOT NULL REFERENCES bot_versions (id),
    PRIMARY KEY (tournament_id, round, bot_version_id)
);

-- The matches of a round. The key makes a round's creation idempotent: a
-- second attempt to create the same match fails instead of doubling it.
CREATE TABLE tournament_matches (
    tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         int    NOT NULL,
    grp           int    NOT NULL,
    idx           int    NOT NULL,
    match_id      bigint NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (tournament_id, round, grp, idx)
);

-- Re-plays of a finished match from its seed: shown, never counted.
CREATE TABLE tournament_replays (
    match_id      bigint PRIMARY KEY REFERENCES matches (id),
    tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    original_id   bigint NOT NULL REFERENCES matches (id),
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE tournament_replays;
DROP TABLE tournament_matches;
DROP TABLE tournament_groups;
DROP TABLE tournament_entrants;
DROP TABLE tournaments;
