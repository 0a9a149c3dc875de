package templates

import (
	"context"
	"fmt"
	"html"

	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"arena.dev/i18n"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// printer formats numbers the way ctx's language writes them (1,234 in
// English, 1.234 in Catalan and Spanish).
func printer(ctx context.Context) *message.Printer {
	return message.NewPrinter(language.Make(i18n.Lang(ctx)))
}

// Number writes an integer with the language's thousands separator.
func Number[I ~int | ~int32 | ~int64](ctx context.Context, v I) string {
	return printer(ctx).Sprintf("%d", int64(v))
}

// Decimal writes x with digits decimals and the language's separators (3.5 / 3,5).
func Decimal(ctx context.Context, x float64, digits int) string {
	return printer(ctx).Sprintf("%.*f", digits, x)
}

// Date writes t's day in ctx's language: "2 March 2026", "2 de març de 2026".
func Date(ctx context.Context, t time.Time) string {
	t = t.UTC()
	months := strings.Split(i18n.T(ctx, "site.date.months"), ",")
	month := t.Month().String()
	if len(months) == 12 {
		month = strings.TrimSpace(months[t.Month()-1])
	}
	return i18n.T(ctx, "site.date.day", map[string]any{"Day": t.Day(), "Month": month, "Year": t.Year()})
}

// DateTime writes t's day and time (UTC, as the site keeps it): "2 March 2026, 14:05 UTC".
func DateTime(ctx context.Context, t time.Time) string {
	return i18n.T(ctx, "site.date.at", map[string]any{"Date": Date(ctx, t), "Time": t.UTC().Format("15:04")})
}

// Ago says how long ago t was, the way people say it.
func Ago(ctx context.Context, t time.Time) string {
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return i18n.T(ctx, "site.ago.now")
	case d < time.Hour:
		return i18n.N(ctx, "site.ago.minutes", int(d.Minutes()))
	case d < 48*time.Hour:
		return i18n.N(ctx, "site.ago.hours", int(d.Hours()))
	default:
		return i18n.N(ctx, "site.ago.days", int(d.Hours()/24))
	}
}

// Duration says a length of time in ctx's language: "3 h 5 min", "2 days 4 h",
// "45 s", to the two largest units.
func Duration(ctx context.Context, d time.Duration) string {
	d = d.Round(time.Second)
	days, hours := int(d/(24*time.Hour)), int(d/time.Hour)%24
	mins := int(d/time.Minute) % 60
	switch {
	case days > 0 && hours > 0:
		return i18n.N(ctx, "site.duration.days", days) + " " + strconv.Itoa(hours) + " h"
	case days > 0:
		return i18n.N(ctx, "site.duration.days", days)
	case hours > 0 && mins > 0:
		return fmt.Sprintf("%d h %d min", hours, mins)
	case hours > 0:
		return fmt.Sprintf("%d h", hours)
	}
	return Wait(int(d / time.Second))
}

// Wait says a wait of some seconds: "37 s", "1 min 5 s" (as
// static/countdown.js counts it down; the units are the same in our languages).
func Wait(seconds int) string {
	if seconds < 60 {
		return strconv.Itoa(seconds) + " s"
	}
	if seconds%60 == 0 {
		return strconv.Itoa(seconds/60) + " min"
	}
	return fmt.Sprintf("%d min %d s", seconds/60, seconds%60)
}

// markup renders message id, whose catalogue text may hold simple markup
// (<code>, <strong>, <a href="{{.URL}}">): the catalogues are part of the
// code; the data, which may come from users, is escaped.
func markup(ctx context.Context, id string, data ...map[string]any) templ.Component {
	return templ.Raw(i18n.T(ctx, id, escaped(data)...))
}

// markupN is markup for a message with plural forms.
func markupN(ctx context.Context, id string, count int, data ...map[string]any) templ.Component {
	return templ.Raw(i18n.N(ctx, id, count, escaped(data)...))
}

// trustedHTML is markup built by our code, passed to markup unescaped.
type trustedHTML string

func escaped(data []map[string]any) []map[string]any {
	out := make([]map[string]any, len(data))
	for i, d := range data {
		out[i] = make(map[string]any, len(d))
		for k, v := range d {
			if h, ok := v.(trustedHTML); ok {
				out[i][k] = string(h)
				continue
			}
			out[i][k] = html.EscapeString(fmt.Sprint(v))
		}
	}
	return out
}
