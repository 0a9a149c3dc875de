-- +goose Up
-- Boards an admin uploads for a game: the file as uploaded (parsed and
-- validated by the game before it is stored) and the settings it fixes.
CREATE TABLE boards (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id     text        NOT NULL REFERENCES games (id),
    name        text        NOT NULL,
    data        bytea       NOT NULL,
    settings    jsonb       NOT NULL DEFAULT '{}',
    uploaded_by bigint      REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT boards_name_length CHECK (char_length(name) BETWEEN 1 AND 100)
);
CREATE UNIQUE INDEX boards_game_name_key ON boards (game_id, lower(name));

-- When an admin last sent a version back to judging: qualification matches
-- created before it belong to the earlier judgement.
ALTER TABLE bot_versions ADD COLUMN rejudged_at timestamptz;

-- +goose Down
ALTER TABLE bot_versions DROP COLUMN rejudged_at;
DROP TABLE boards;
