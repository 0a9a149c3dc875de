-- +goose Up
-- Counts a tournament's changes (a match landed, a round started, its status
-- changed): its page says which change it shows, and its live stream, on
-- (re)connecting, tells it whether it missed one.
ALTER TABLE tournaments ADD COLUMN changes bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE tournaments DROP COLUMN changes;
