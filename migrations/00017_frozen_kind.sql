-- +goose Up
-- The kind of a player's freeze (games.Freeze*: cpu, crash, stack, memory,
-- protocol, start, ...), next to its round and reason, so that pages say
-- it in words. NULL for matches landed before kinds were recorded.
ALTER TABLE match_players ADD COLUMN frozen_kind text;

-- A version's page lists the matches it was frozen in, newest first.
CREATE INDEX match_players_frozen_idx ON match_players (bot_version_id, match_id DESC)
    WHERE frozen_round IS NOT NULL;

-- +goose Down
DROP INDEX match_players_frozen_idx;
ALTER TABLE match_players DROP COLUMN frozen_kind;
