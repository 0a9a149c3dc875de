-- +goose Up
-- Challenge matches: a student's bot against opponents they chose, played
-- on the judge below the ladder, never rated. challenger_id is who started
-- one: the limits count by it, and pages say whose it is. A game's admin
-- can switch challenges off (an exam).
ALTER TABLE matches DROP CONSTRAINT matches_kind_check;
ALTER TABLE matches ADD CONSTRAINT matches_kind_check
    CHECK (kind IN ('ladder', 'qualification', 'tournament', 'challenge'));
ALTER TABLE matches ADD COLUMN challenger_id bigint REFERENCES users (id);
ALTER TABLE matches ADD CONSTRAINT matches_challenger_check CHECK ((kind = 'challenge') = (challenger_id IS NOT NULL));
-- A student's challenges, newest first: the limits and the form's list.
CREATE INDEX matches_challenger_idx ON matches (challenger_id, created_at DESC) WHERE challenger_id IS NOT NULL;

ALTER TABLE games ADD COLUMN challenges_enabled boolean NOT NULL DEFAULT true;

-- +goose Down
ALTER TABLE games DROP COLUMN challenges_enabled;
DELETE FROM matches WHERE kind = 'challenge';
DROP INDEX matches_challenger_idx;
ALTER TABLE matches DROP CONSTRAINT matches_challenger_check;
ALTER TABLE matches DROP COLUMN challenger_id;
ALTER TABLE matches DROP CONSTRAINT matches_kind_check;
ALTER TABLE matches ADD CONSTRAINT matches_kind_check CHECK (kind IN ('ladder', 'qualification', 'tournament'));
