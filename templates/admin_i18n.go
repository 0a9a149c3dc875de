package templates

import (
	"context"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"arena.dev/i18n"
)

// The admin pages' helpers for their words (i18n/locales/*/admin.toml).

// tHTML is i18n.T for a message whose text holds markup (<strong>, <code>):
// the message is the site's own, from its catalogues, and is written as
// HTML; the data filled in are escaped.
func tHTML(ctx context.Context, id string, data map[string]any) templ.Component {
	esc := make(map[string]any, len(data))
	for k, v := range data {
		esc[k] = html.EscapeString(fmt.Sprint(v))
	}
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, i18n.T(ctx, id, esc))
		return err
	})
}

// adminLabel is the message prefix+value (a status, a state, a kind), or
// value itself when the catalogues have no words for it.
func adminLabel(ctx context.Context, prefix, value string) string {
	if value == "" {
		return ""
	}
	if s := i18n.T(ctx, prefix+value); s != prefix+value {
		return s
	}
	return value
}

// adminStatus is a version's status in words.
func adminStatus(ctx context.Context, status string) string {
	return adminLabel(ctx, "admin.status.", status)
}

// adminTournamentStatus is a tournament's status in words.
func adminTournamentStatus(ctx context.Context, status string) string {
	return adminLabel(ctx, "admin.tournament_status.", status)
}

// adminJobState is a River job state in words.
func adminJobState(ctx context.Context, state string) string {
	return adminLabel(ctx, "admin.jobs.state.", state)
}

// AdminNumber writes n with the thousands separator of ctx's language
// ("12,345"; "12.345" in Catalan and Spanish).
func AdminNumber(ctx context.Context, n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	// Catalan and Spanish leave four-digit numbers whole (RAE, IEC: 1000, 10.000).
	if len(s) <= 3 || len(s) == 4 && i18n.Lang(ctx) != "en" {
		if neg {
			return "-" + s
		}
		return s
	}
	sep := i18n.T(ctx, "admin.format.thousands")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

func adminNum(ctx context.Context, n int) string { return AdminNumber(ctx, int64(n)) }

// adminDecimal writes v with digits decimals and ctx's decimal mark.
func adminDecimal(ctx context.Context, v float64, digits int) string {
	return strings.Replace(strconv.FormatFloat(v, 'f', digits, 64), ".", i18n.T(ctx, "admin.format.decimal"), 1)
}
