package web

import (
	"context"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// accountLoad is what one's account page is made of: loadAccount reads it
// in two queries (the user's API tokens, their sessions); accountView
// makes the page of it without one.
type accountLoad struct {
	User     *domain.User
	Tokens   []store.APIToken // newest first
	Sessions []store.Session  // latest seen first
	Current  string           // the token of the session showing the page
}

// loadAccount reads the account page of the user logged in.
func (s *Server) loadAccount(ctx context.Context) (accountLoad, error) {
	l := accountLoad{User: userFrom(ctx), Current: s.sessions.Token(ctx)}
	var err error
	if l.Tokens, err = store.APITokens(ctx, s.Pool, l.User.ID); err != nil {
		return l, err
	}
	l.Sessions, err = store.Sessions(ctx, s.Pool, l.User.ID)
	return l, err
}

// accountView is one's account page: who one is, one's API tokens (a new
// one shown once) and sessions (this one marked), and what the last form
// got wrong (errs, by field).
func accountView(ctx context.Context, l accountLoad, newToken string, errs map[string]string) templates.AccountData {
	u := l.User
	a := templates.AccountData{Name: u.Name, Email: u.Email, Role: u.Role, NewToken: newToken, Errors: errs,
		MustChange: u.MustChangePassword, Language: u.Language}
	for _, t := range l.Tokens {
		row := templates.TokenRow{ID: t.ID, Name: t.Name, Created: templates.Ago(ctx, t.CreatedAt), LastUsed: i18n.T(ctx, "site.never")}
		if t.LastUsedAt != nil {
			row.LastUsed = templates.Ago(ctx, *t.LastUsedAt)
		}
		a.Tokens = append(a.Tokens, row)
	}
	for _, ss := range l.Sessions {
		a.Sessions = append(a.Sessions, templates.SessionRow{ID: ss.ID, Created: templates.Ago(ctx, ss.CreatedAt),
			LastSeen: templates.Ago(ctx, ss.LastSeenAt), Address: ss.Address, UserAgent: ss.UserAgent, Current: ss.Token == l.Current})
	}
	return a
}
