-- +goose Up
-- Ladder pacing (ladder/pace.go, judge/matchmaking.go): per game, the
-- admin's pace (the trickle once every version is settled, an hourly cap,
-- pause) and what the matchmaker needs to keep them (when it last planned
-- a ladder match, and how many it planned in the current clock hour). A
-- game without a row plays at the defaults (ladder.DefaultPace).
CREATE TABLE ladder_pace (
    game_id          text PRIMARY KEY REFERENCES games (id),
    trickle_per_hour integer NOT NULL DEFAULT 6 CHECK (trickle_per_hour BETWEEN 0 AND 360),
    hourly_cap       integer NOT NULL DEFAULT 0 CHECK (hourly_cap >= 0), -- 0: no cap
    paused           boolean NOT NULL DEFAULT false,
    updated_at       timestamptz,            -- when an admin last changed the pace
    -- The matchmaker's own bookkeeping, in its clock:
    last_planned_at  timestamptz,            -- its last planned ladder match
    hour_start       timestamptz,            -- the clock hour hour_planned counts
    hour_planned     integer NOT NULL DEFAULT 0,
    mode             text NOT NULL DEFAULT 'idle', -- the pace in force at its last tick
    unsettled        integer NOT NULL DEFAULT 0    -- unsettled versions at its last tick
);

-- +goose Down
DROP TABLE ladder_pace;
