-- +goose Up
-- The SDK a version's artifact was built against (lang's SDKKey: the
-- language and the game's SDK files in it). A worker about to play a
-- version whose key is not its own rebuilds it from its source first, so
-- that a release changing a game's protocol does not freeze every bot
-- built before it. NULL, a version built before keys were recorded,
-- counts as stale: it is rebuilt once, before its next match.
ALTER TABLE bot_versions ADD COLUMN sdk_key text;
-- When a worker last rebuilt it so (its page says so).
ALTER TABLE bot_versions ADD COLUMN rebuilt_at timestamptz;

-- +goose Down
ALTER TABLE bot_versions DROP COLUMN rebuilt_at;
ALTER TABLE bot_versions DROP COLUMN sdk_key;
