-- +goose Up
-- Site settings an admin changes in the browser (e.g. the invite code).
CREATE TABLE site_settings (
    key        text PRIMARY KEY,
    value      text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE site_settings;
