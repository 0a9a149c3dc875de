-- +goose Up
-- The language a user chose on the account page (issue 38): en, ca or es;
-- '' means none chosen (the browser's Accept-Language, then the site default).
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT ''
    CHECK (language IN ('', 'en', 'ca', 'es'));

-- +goose Down
ALTER TABLE users DROP COLUMN language;
