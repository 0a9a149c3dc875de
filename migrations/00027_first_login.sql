-- +goose Up
-- When a user first logged in (issue 35): a roster student who has not yet
-- can be given a new one-time password (Admin → Users), since the
-- database holds only the passwords' hashes.
ALTER TABLE users ADD COLUMN first_login_at timestamptz;
-- Users from before: logged in if they have a session or chose their own
-- password.
UPDATE users SET first_login_at = created_at
WHERE NOT must_change_password OR EXISTS (SELECT 1 FROM user_sessions s WHERE s.user_id = users.id);

-- +goose Down
ALTER TABLE users DROP COLUMN first_login_at;
