-- +goose Up
-- Indexes for the public pages (home, game, leaderboard, match and bot pages),
-- sized for 10,000 bots and 1,000,000 matches: every list is a short index walk.

-- Finished matches newest first, per game and across games (keyset by id).
CREATE INDEX matches_game_finished_idx ON matches (game_id, id DESC) WHERE status = 'finished';
CREATE INDEX matches_finished_idx ON matches (id DESC) WHERE status = 'finished';

-- A bot's matches newest first: one index walk per version of the bot.
CREATE INDEX match_players_version_match_idx ON match_players (bot_version_id, match_id DESC);

-- Top bots of a game by μ−3σ without ranking the whole board.
CREATE INDEX bot_versions_ordinal_idx ON bot_versions ((mu - 3 * sigma) DESC) WHERE status = 'accepted';
CREATE INDEX bots_current_version_idx ON bots (current_version_id);

-- +goose Down
DROP INDEX bots_current_version_idx;
DROP INDEX bot_versions_ordinal_idx;
DROP INDEX match_players_version_match_idx;
DROP INDEX matches_finished_idx;
DROP INDEX matches_game_finished_idx;
