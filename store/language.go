package store

import "context"

// SettingLanguage is the site's default language (en, ca, es), for visitors
// whose browser asks for none of them; an admin sets it.
const SettingLanguage = "language"

// SetUserLanguage records the language a user chose: "en", "ca", "es", or ""
// to follow the browser again.
func SetUserLanguage(ctx context.Context, db DB, id int64, lang string) error {
	return updateOne(ctx, db, "UPDATE users SET language = $2 WHERE id = $1", id, lang)
}
