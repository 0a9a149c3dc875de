-- +goose Up
-- Running a course. A roster: users get a display name and a group, and an
-- import's one-time passwords wait, sealed, for the admin's one download.
-- Deadlines: a game refuses new versions after its submission deadline,
-- and a tournament may enter each bot's last version accepted before a
-- time. Versions record when they were accepted (qualified).
ALTER TABLE users
    ADD COLUMN display_name text NOT NULL DEFAULT '',
    ADD COLUMN group_name   text NOT NULL DEFAULT '';

-- The credentials CSV of one roster import, sealed (AES-256-GCM) under a
-- key that only the import's response held: the database never sees a
-- password in clear, and the row is deleted by its one download or after
-- an hour.
CREATE TABLE roster_credentials (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_by bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sealed     bytea       NOT NULL,
    users      int         NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE games ADD COLUMN submission_deadline timestamptz;

ALTER TABLE bot_versions ADD COLUMN accepted_at timestamptz;
-- Versions accepted before: their first rating, recorded without a match.
UPDATE bot_versions v SET accepted_at = h.at
FROM (SELECT bot_version_id, min(created_at) AS at FROM rating_history WHERE match_id IS NULL GROUP BY 1) h
WHERE h.bot_version_id = v.id AND v.status IN ('accepted', 'superseded');

-- versions_before: enter each bot's last version accepted before this
-- time (NULL: its current version at the start). one_per_student: only
-- each student's best-rated bot enters (tournaments from before: no).
ALTER TABLE tournaments
    ADD COLUMN versions_before timestamptz,
    ADD COLUMN one_per_student boolean NOT NULL DEFAULT false;
ALTER TABLE tournaments ALTER COLUMN one_per_student SET DEFAULT true;

-- +goose Down
ALTER TABLE tournaments DROP COLUMN one_per_student, DROP COLUMN versions_before;
ALTER TABLE bot_versions DROP COLUMN accepted_at;
ALTER TABLE games DROP COLUMN submission_deadline;
DROP TABLE roster_credentials;
ALTER TABLE users DROP COLUMN group_name, DROP COLUMN display_name;
