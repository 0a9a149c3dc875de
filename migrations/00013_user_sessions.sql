-- +goose Up
-- The logged-in sessions of each user, so that a user can list and revoke
-- them and a password change or reset can end them. A session (scs's row in
-- sessions) is logged in only while its row here exists; deleting the
-- session row (log-out, expiry, revocation) deletes this one.
CREATE TABLE user_sessions (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token        text        NOT NULL UNIQUE REFERENCES sessions (token) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    address      text        NOT NULL DEFAULT '',
    user_agent   text        NOT NULL DEFAULT ''
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);

-- Set by an admin's password reset: the user must choose a new password
-- before doing anything else.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE users DROP COLUMN must_change_password;
DROP TABLE user_sessions;
