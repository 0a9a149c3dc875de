package web

import (
	"context"
	"testing"

	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// Pages read the site's name and default language once per TTL: a change
// another server makes is not seen until then (or until this server saves
// and forgets); a language the database holds in another spelling reads
// normalised.
func TestSiteSettingsAreKeptUntilForgotten(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	set := func(key, value string) {
		t.Helper()
		if err := store.SetSetting(ctx, pool, key, value); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { set(store.SettingSiteName, ""); set(store.SettingLanguage, "en") })
	set(store.SettingSiteName, "EDA Arena")
	set(store.SettingLanguage, "CA")

	var c siteSettings
	if name, lang := c.get(ctx, pool); name != "EDA Arena" || lang != "ca" {
		t.Fatalf("first read: %q %q, want EDA Arena ca", name, lang)
	}
	set(store.SettingSiteName, "Other")
	set(store.SettingLanguage, "es")
	if name, lang := c.get(ctx, pool); name != "EDA Arena" || lang != "ca" {
		t.Errorf("within the TTL: %q %q, want the kept EDA Arena ca", name, lang)
	}
	c.forget()
	if name, lang := c.get(ctx, pool); name != "Other" || lang != "es" {
		t.Errorf("after forget: %q %q, want Other es", name, lang)
	}

	// Nothing set: the defaults.
	if _, err := pool.Exec(ctx, "DELETE FROM site_settings WHERE key = ANY($1)", []string{store.SettingSiteName, store.SettingLanguage}); err != nil {
		t.Fatal(err)
	}
	c.forget()
	if name, lang := c.get(ctx, pool); name != "" || lang != "en" {
		t.Errorf("nothing set: %q %q, want \"\" en", name, lang)
	}
}
