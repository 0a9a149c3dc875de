-- +goose Up
-- A bot's debug log cut by round (issue 37): pairs [round, start] flattened,
-- start the byte offset in log where what the bot printed in that round
-- begins (it runs to the next pair's start, or the end). Only rounds with
-- something printed have a pair; round -1 is the setup. NULL for logs from
-- before, which are one block.
ALTER TABLE match_players ADD COLUMN log_rounds integer[];

-- +goose Down
ALTER TABLE match_players DROP COLUMN log_rounds;
