package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/lang"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
)

// submitLoad is what the submit page is made of: loadSubmit reads it in
// four queries whatever the number of the user's bots (whether the game
// is open, the user's bots in it with their latest versions, its
// deadline); submitFormView and submitStartView make the form of it
// without one.
type submitLoad struct {
	GameID, Title string
	Languages     []lang.Language   // the languages the game takes, Go first
	Starters      map[string]string // their starter bots, by language id
	Bots          []store.BotSummary
	Deadline      *time.Time // nil: never
	Closed        bool       // the deadline has passed
	Now           time.Time
	Admin         bool
}

// loadSubmit reads the submit form of the URL's game for the user. A game
// without an SDK, or one an admin disabled (service.Submit refuses it
// too), has no submit page.
func (s *Server) loadSubmit(r *http.Request) (submitLoad, error) {
	ctx := r.Context()
	l := submitLoad{GameID: chi.URLParam(r, "game"), Starters: map[string]string{}, Now: time.Now()}
	g, err := games.Get(l.GameID)
	if err != nil || !submittable(l.GameID) {
		return l, domain.ErrNotFound
	}
	if open, err := store.GameEnabled(ctx, s.Pool, l.GameID); err != nil {
		return l, err
	} else if !open {
		return l, domain.ErrNotFound
	}
	u := userFrom(ctx)
	if l.Bots, err = store.BotsOfOwner(ctx, s.Pool, u.ID, l.GameID); err != nil {
		return l, err
	}
	if l.Deadline, l.Closed, err = store.SubmissionDeadline(ctx, s.Pool, l.GameID); err != nil {
		return l, err
	}
	l.Title, l.Admin, l.Languages = g.Info().Title, u.Role == domain.RoleAdmin, lang.Offered(g.Info())
	for _, lg := range l.Languages {
		starter, err := lg.Starter(l.GameID)
		if err != nil {
			return l, fmt.Errorf("%s starter bot of %s: %w", lg.Title, l.GameID, err)
		}
		l.Starters[lg.ID] = string(starter)
	}
	return l, nil
}

// submitFormView is the submit page's form before anything is typed: the
// game, its deadline, the languages it takes with their starter bots, and
// the user's bots in it.
func submitFormView(ctx context.Context, l submitLoad) templates.SubmitForm {
	f := templates.SubmitForm{GameID: l.GameID, GameTitle: l.Title, MaxKB: service.MaxSource >> 10, Admin: l.Admin}
	if l.Deadline != nil {
		f.Deadline, f.Closed = fullTime(ctx, l.Deadline), l.Closed
		if left := l.Deadline.Sub(l.Now); !l.Closed && left < 7*24*time.Hour {
			f.ClosesIn = int(left.Seconds()) + 1
		}
	}
	for _, lg := range l.Languages {
		name := i18n.T(ctx, "site.submit.start_null")
		if len(l.Languages) > 1 {
			name = i18n.T(ctx, "site.submit.start_lang", map[string]any{"Language": lg.Title, "File": lg.StarterFile})
		}
		f.Languages = append(f.Languages, templates.LanguageOption{ID: lg.ID, Title: lg.Title, Editor: lg.Editor,
			File: lg.File, Exts: lg.Exts, Starter: l.Starters[lg.ID], StartName: name})
	}
	for _, b := range l.Bots {
		f.Bots = append(f.Bots, b.Bot.Name)
	}
	return f
}

// submitStartView is the form as GET /games/{game}/submit opens it, as q
// asks: the editor holds the user's latest version of the bot (bot=NAME,
// else the bot last submitted to) in its language, or the game's starter
// bot in the chosen language (lang=ID, else the first) for a new bot
// (new=1), a bot without versions, or on request (from=template).
func submitStartView(ctx context.Context, l submitLoad, q url.Values) templates.SubmitForm {
	f := submitFormView(ctx, l)
	f.Bot = strings.TrimSpace(q.Get("bot"))
	switch {
	case q.Get("new") == "1":
		f.Bot = freshBotName(l.Bots)
	case f.Bot == "":
		f.Bot = lastBotName(l.Bots)
	}
	var latest *domain.Version
	for _, b := range l.Bots {
		if strings.EqualFold(b.Bot.Name, f.Bot) && b.Latest != nil {
			f.Bot, latest = b.Bot.Name, b.Latest
		}
	}
	f.HasLatest = latest != nil
	if latest != nil && q.Get("from") != "template" {
		f.From, f.Source, f.LatestOf, f.LatestN, f.Language = "latest", latest.Source, f.Bot, latest.Number, string(latest.Language)
		if latest.Status == domain.StatusCompileError {
			// Where it went wrong, marked beside the lines in the editor.
			f.LatestBad, f.Diagnostics = true, compileDiagnostics(latest.CompileLog, versionLanguage(latest).File)
		}
		return f
	}
	f.From, f.Language = "template", q.Get("lang")
	for _, l := range f.Languages {
		if l.ID == f.Language {
			f.Source = l.Starter
		}
	}
	if f.Source == "" && len(f.Languages) > 0 { // no language asked for, or one the game does not take
		f.Language, f.Source = f.Languages[0].ID, f.Languages[0].Starter
	}
	return f
}
