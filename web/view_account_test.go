package web

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
)

// One's account page is made from loaded rows without a database.
func TestAccountView(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	l := accountLoad{
		User: &domain.User{Name: "ann", Email: "ann@example.org", Role: domain.RoleStudent, MustChangePassword: true, Language: "ca"},
		Tokens: []store.APIToken{{ID: 2, Name: "laptop", CreatedAt: now.Add(-3 * 24 * time.Hour), LastUsedAt: ptr(now.Add(-2 * time.Hour))},
			{ID: 1, Name: "old", CreatedAt: now.Add(-5 * 24 * time.Hour)}},
		Sessions: []store.Session{{ID: 8, Token: "other", CreatedAt: now.Add(-time.Hour), LastSeenAt: now, Address: "10.0.0.2", UserAgent: "curl"},
			{ID: 7, Token: "this", CreatedAt: now.Add(-25 * time.Hour), LastSeenAt: now.Add(-10 * time.Minute)}},
		Current: "this",
	}
	d := accountView(ctx, l, "", nil)
	if d.Name != "ann" || d.Email != "ann@example.org" || !d.MustChange || d.Language != "ca" || d.NewToken != "" || d.Errors != nil {
		t.Errorf("head: %+v", d)
	}
	if len(d.Tokens) != 2 || d.Tokens[0].Name != "laptop" || d.Tokens[0].Created != "3 days ago" || d.Tokens[0].LastUsed != "2 hours ago" ||
		d.Tokens[1].LastUsed != "never" {
		t.Errorf("tokens %+v", d.Tokens)
	}
	if len(d.Sessions) != 2 || d.Sessions[0].Current || !d.Sessions[1].Current || d.Sessions[0].LastSeen != "just now" ||
		d.Sessions[1].LastSeen != "10 minutes ago" || d.Sessions[0].Address != "10.0.0.2" {
		t.Errorf("sessions %+v", d.Sessions)
	}
	// A new token, shown once; the last form's errors; in Catalan.
	d = accountView(i18n.WithLang(ctx, "ca"), l, "tok_secret", map[string]string{"new": "too short"})
	if d.NewToken != "tok_secret" || d.Errors["new"] != "too short" || d.Tokens[1].LastUsed == "never" || d.Tokens[1].LastUsed == "" {
		t.Errorf("a new token, errors, Catalan: %+v", d)
	}
	// No tokens, no other session.
	l.Tokens, l.Sessions = nil, l.Sessions[1:]
	if d := accountView(ctx, l, "", nil); d.Tokens != nil || len(d.Sessions) != 1 || !d.Sessions[0].Current {
		t.Errorf("no tokens: %+v", d)
	}
}
