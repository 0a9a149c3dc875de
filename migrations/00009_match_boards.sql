-- +goose Up
-- A match may be played on a board an admin uploaded (otherwise the board is
-- generated from the match's seed); a tournament rotates through its boards.
ALTER TABLE matches ADD COLUMN board_id bigint REFERENCES boards (id) ON DELETE RESTRICT;
ALTER TABLE tournaments ADD COLUMN board_ids bigint[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE tournaments DROP COLUMN board_ids;
ALTER TABLE matches DROP COLUMN board_id;
