-- +goose Up
-- An uploaded board that is one of the game's original course boards
-- (games.Info.Originals, known by fingerprint) records which: "default",
-- "maze 7". One board per original and game.
ALTER TABLE boards ADD COLUMN original text;
CREATE UNIQUE INDEX boards_game_original_key ON boards (game_id, original) WHERE original IS NOT NULL;

-- The boards qualification plays on, chosen as the ladder's are (generated
-- from each seed, uploaded boards in turn, or both). Until an admin
-- chooses (…_chosen), qualification and the ladder play on the game's
-- default: its original boards once uploaded, else generated ones.
ALTER TABLE games ADD COLUMN qualification_generated boolean NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN qualification_board_ids bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN qualification_chosen boolean NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN ladder_chosen boolean NOT NULL DEFAULT false;
-- A ladder already set to other than generated boards was an admin's choice.
UPDATE games SET ladder_chosen = true WHERE NOT ladder_generated OR cardinality(ladder_board_ids) > 0;

-- Who may download a board: one that a match was played on is public.
CREATE INDEX matches_board_idx ON matches (board_id) WHERE board_id IS NOT NULL;

-- +goose Down
DROP INDEX matches_board_idx;
ALTER TABLE games DROP COLUMN ladder_chosen;
ALTER TABLE games DROP COLUMN qualification_chosen;
ALTER TABLE games DROP COLUMN qualification_board_ids;
ALTER TABLE games DROP COLUMN qualification_generated;
DROP INDEX boards_game_original_key;
ALTER TABLE boards DROP COLUMN original;
