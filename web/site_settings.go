package web

import (
	"context"
	"sync"
	"time"

	"arena.dev/i18n"
	"arena.dev/store"
)

// siteSettingsTTL is how long a page trusts the site settings it read: a
// save on this server is seen at once, one made elsewhere (another server
// on the same database) within this time.
const siteSettingsTTL = 10 * time.Second

// siteSettings keeps the site's name and default language, which every
// page shows or may need, so that pages do not read them from the
// database on each request.
type siteSettings struct {
	mu   sync.Mutex
	at   time.Time // when name and lang were read; zero: never, or forgotten
	name string
	lang string
}

// get returns the site's name ("" for the default) and default language.
// A database that cannot be read gives the defaults, not cached, so the
// next request tries again.
func (c *siteSettings) get(ctx context.Context, db store.DB) (name, lang string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.at.IsZero() && time.Since(c.at) < siteSettingsTTL {
		return c.name, c.lang
	}
	m, err := store.Settings(ctx, db, store.SettingSiteName, store.SettingLanguage)
	if err != nil {
		return "", i18n.Default
	}
	c.name, c.lang, c.at = m[store.SettingSiteName], i18n.Default, time.Now()
	if l, ok := m[store.SettingLanguage]; ok {
		c.lang = i18n.Normalize(l)
	}
	return c.name, c.lang
}

// forget makes the next get read the database: after this server saved
// the settings.
func (c *siteSettings) forget() {
	c.mu.Lock()
	c.at = time.Time{}
	c.mu.Unlock()
}
