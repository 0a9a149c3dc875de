-- +goose Up
-- The language a version is written in (package lang: 'go', 'cpp'); the
-- judge compiles it with that language's toolchain. Versions from before
-- are Go.
ALTER TABLE bot_versions ADD COLUMN language text NOT NULL DEFAULT 'go';

-- +goose Down
ALTER TABLE bot_versions DROP COLUMN language;
