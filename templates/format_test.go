package templates

import (
	"context"
	"testing"
	"time"

	"arena.dev/i18n"
)

// Numbers, dates and durations read as each language writes them.
func TestFormatsFollowTheLanguage(t *testing.T) {
	en := context.Background()
	ca, es := i18n.WithLang(en, "ca"), i18n.WithLang(en, "es")
	day := time.Date(2026, time.April, 3, 14, 5, 0, 0, time.UTC)
	for _, c := range []struct{ got, want string }{
		{Number(en, 1234567), "1,234,567"}, {Number(ca, 1234), "1.234"}, {Number(es, 12345), "12.345"},
		{Decimal(en, 3.25, 2), "3.25"}, {Decimal(ca, 1234.5, 1), "1.234,5"},
		{Date(en, day), "3 April 2026"}, {Date(ca, day), "3 d'abril de 2026"}, {Date(es, day), "3 de abril de 2026"},
		{Date(ca, day.AddDate(0, 1, 0)), "3 de maig de 2026"},
		{DateTime(ca, day), "3 d'abril de 2026, a les 14:05 UTC"},
		{Ago(en, time.Now().Add(-time.Minute-time.Second)), "1 minute ago"},
		{Ago(ca, time.Now().Add(-5*time.Minute)), "fa 5 minuts"},
		{Ago(es, time.Now().Add(-3*24*time.Hour)), "hace 3 días"},
		{Ago(es, time.Now()), "ahora mismo"},
		{Duration(en, 26*time.Hour), "1 day 2 h"}, {Duration(ca, 3*24*time.Hour), "3 dies"},
		{Duration(es, 95*time.Minute), "1 h 35 min"}, {Duration(es, 65*time.Second), "1 min 5 s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
