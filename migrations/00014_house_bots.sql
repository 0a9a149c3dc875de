-- +goose Up
-- House bots: each game's reference bots (the Demo and the Dummy) play on
-- its ladder in the seats too few students leave empty, rated like any
-- bot. They belong to one system account, "Arena house", which cannot log
-- in (its password hash is no hash) and is nobody's rank. A house version
-- names the built-in bot it runs in-process instead of a compiled artifact.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('student', 'admin', 'house'));
CREATE UNIQUE INDEX users_one_house ON users (role) WHERE role = 'house';

-- An email is unique when there is one: the house and users imported from
-- a class roster have none.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email <> '';

INSERT INTO users (name, email, password_hash, role) VALUES ('Arena house', '', '!', 'house');

ALTER TABLE bot_versions ADD COLUMN builtin text;

-- +goose Down
ALTER TABLE bot_versions DROP COLUMN builtin;
DELETE FROM users WHERE role = 'house' AND NOT EXISTS (SELECT 1 FROM bots WHERE owner_id = users.id);
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
DROP INDEX users_one_house;
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('student', 'admin'));
