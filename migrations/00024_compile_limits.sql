-- +goose Up
-- A version whose build ran into one of its limits (time, memory, file
-- size, the preprocessor's bound): unlike a plain compile error it counts
-- towards its owner's submission limit (judge.checkSubmitLimits), since
-- such a build held a compile worker the longest.
ALTER TABLE bot_versions ADD COLUMN compile_limited boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE bot_versions DROP COLUMN compile_limited;
