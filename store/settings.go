package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Site setting keys.
const (
	SettingInviteCode = "invite_code" // empty: registration is open
	SettingSiteName   = "site_name"
)

// Setting returns a site setting, or def when it is not set.
func Setting(ctx context.Context, db DB, key, def string) (string, error) {
	var v string
	err := db.QueryRow(ctx, "SELECT value FROM site_settings WHERE key = $1", key).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return def, nil
	}
	return v, err
}

// SetSetting changes a site setting.
func SetSetting(ctx context.Context, db DB, key, value string) error {
	_, err := db.Exec(ctx, `INSERT INTO site_settings (key, value) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`, key, value)
	return err
}

// Settings returns the site settings named by keys that are set, in one
// query; a key that is not set is absent from the map.
func Settings(ctx context.Context, db DB, keys ...string) (map[string]string, error) {
	rows, err := db.Query(ctx, "SELECT key, value FROM site_settings WHERE key = ANY($1)", keys)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var k, v string
	_, err = pgx.ForEachRow(rows, []any{&k, &v}, func() error {
		out[k] = v
		return nil
	})
	return out, err
}
