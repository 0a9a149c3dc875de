-- +goose Up
-- The boards a game's ladder plays on, as an admin chose: generated from
-- each match's seed (the default), uploaded boards in turn, or both (the
-- uploaded ones and a generated one, in turn). Deleting a board takes it
-- out of the set.
ALTER TABLE games ADD COLUMN ladder_generated boolean NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN ladder_board_ids bigint[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE games DROP COLUMN ladder_board_ids;
ALTER TABLE games DROP COLUMN ladder_generated;
