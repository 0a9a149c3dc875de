package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
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

// submitForm is the submit page's form before anything is typed: the game,
// the languages it takes with their starter bots, and the user's bots in
// it, newest activity first. A game without an SDK, or one an admin
// disabled (service.Submit refuses it too), has no submit page.
func (s *Server) submitForm(r *http.Request) (templates.SubmitForm, []store.BotSummary, error) {
	ctx := r.Context()
	gameID := chi.URLParam(r, "game")
	g, err := games.Get(gameID)
	if err != nil || !submittable(gameID) {
		return templates.SubmitForm{}, nil, domain.ErrNotFound
	}
	if open, err := store.GameEnabled(ctx, s.Pool, gameID); err != nil {
		return templates.SubmitForm{}, nil, err
	} else if !open {
		return templates.SubmitForm{}, nil, domain.ErrNotFound
	}
	bots, err := store.BotsOfOwner(ctx, s.Pool, userFrom(ctx).ID, gameID)
	if err != nil {
		return templates.SubmitForm{}, nil, err
	}
	f := templates.SubmitForm{GameID: gameID, GameTitle: g.Info().Title, MaxKB: service.MaxSource >> 10}
	if deadline, passed, err := store.SubmissionDeadline(ctx, s.Pool, gameID); err != nil {
		return templates.SubmitForm{}, nil, err
	} else if deadline != nil {
		f.Deadline, f.Closed = fullTime(deadline), passed
		if left := time.Until(*deadline); !passed && left < 7*24*time.Hour {
			f.ClosesIn = int(left.Seconds()) + 1
		}
	}
	f.Admin = userFrom(ctx).Role == domain.RoleAdmin
	offered := lang.Offered(g.Info())
	for _, l := range offered {
		starter, err := l.Starter(gameID)
		if err != nil {
			return templates.SubmitForm{}, nil, fmt.Errorf("%s starter bot of %s: %w", l.Title, gameID, err)
		}
		name := "the Null template"
		if len(offered) > 1 {
			name = "the " + l.Title + " starter (" + l.StarterFile + ")"
		}
		f.Languages = append(f.Languages, templates.LanguageOption{ID: l.ID, Title: l.Title, Editor: l.Editor,
			File: l.File, Exts: l.Exts, Starter: string(starter), StartName: name})
	}
	for _, b := range bots {
		f.Bots = append(f.Bots, b.Bot.Name)
	}
	return f, bots, nil
}

// GET /games/{game}/submit[?bot=NAME][&from=template|latest][&lang=ID][&new=1]:
// the form, with the editor holding the user's latest version of the bot
// in its language, or the game's starter bot (the Null bot) in the chosen
// language (Go unless asked) for a new bot or on request.
func (s *Server) submitPage(w http.ResponseWriter, r *http.Request) {
	f, bots, err := s.submitForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	f.Bot = strings.TrimSpace(q.Get("bot"))
	switch {
	case q.Get("new") == "1":
		f.Bot = freshBotName(bots)
	case f.Bot == "":
		f.Bot = lastBotName(bots)
	}
	var latest *domain.Version
	for _, b := range bots {
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
	} else {
		f.From, f.Language = "template", q.Get("lang")
		for _, l := range f.Languages {
			if l.ID == f.Language {
				f.Source = l.Starter
			}
		}
		if f.Source == "" { // no language asked for, or one the game does not take
			f.Language, f.Source = f.Languages[0].ID, f.Languages[0].Starter
		}
	}
	s.render(w, r, http.StatusOK, templates.Submit(s.page(r, i18n.T(r.Context(), "site.submit.title", map[string]any{"Game": f.GameTitle}), "bots"), f))
}

// POST /games/{game}/submit (bot, source, or a file): a new version. A
// refused submission renders the form again with the user's text, so
// nothing typed is lost.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	f, bots, err := s.submitForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxSubmitBytes)
	sub, err := readSubmission(r)
	if err != nil { // unreadable: none of the user's text comes back
		f.TextLost = true
		if errorStatus(err) == http.StatusRequestEntityTooLarge {
			f.Bot = lastBotName(bots) // the Back button has the text; the form, the bot last submitted to
		}
		s.submitRefused(w, r, f, err)
		return
	}
	f.Bot, f.Source, f.Language, f.Notice = sub.bot, sub.source, sub.language, sub.converted
	for _, b := range bots {
		f.HasLatest = f.HasLatest || (b.Latest != nil && strings.EqualFold(b.Bot.Name, strings.TrimSpace(sub.bot)))
	}
	ctx := r.Context()
	v, err := service.Submit(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, f.GameID, sub.bot, sub.language, sub.source)
	if err != nil {
		s.submitRefused(w, r, f, err)
		return
	}
	msg := i18n.T(ctx, "site.submit.done", map[string]any{"N": v.Number, "Bot": strings.TrimSpace(sub.bot)})
	if sub.converted != "" {
		msg = sub.converted + ". " + msg
	}
	s.flash(ctx, msg)
	http.Redirect(w, r, "/bots/"+strconv.FormatInt(v.BotID, 10)+"/versions/"+strconv.Itoa(v.Number), http.StatusSeeOther)
}

// submitRefused answers a submission that was not stored. Refused (400,
// 413, 422, 429 over a limit): the form again, with what the user sent and
// why; a limit that says when it passes is counted down on the page
// (static/countdown.js). A 404 or a 500 is answered as on any page.
func (s *Server) submitRefused(w http.ResponseWriter, r *http.Request, f templates.SubmitForm, err error) {
	status := errorStatus(err)
	if status == http.StatusNotFound || status == http.StatusInternalServerError {
		s.fail(w, r, err)
		return
	}
	setRetryAfter(w, err)
	f.Error = capitalize(userMessage(r.Context(), err)) + "."
	var limit *domain.Error
	if errors.As(err, &limit) && limit.Limit != nil {
		f.RetryAfter = retrySeconds(limit.RetryAfter)
		f.Error = capitalize(localMessage(r.Context(), limit.Limit)) + "."
	}
	s.render(w, r, status, templates.Submit(s.page(r, i18n.T(r.Context(), "site.submit.title", map[string]any{"Game": f.GameTitle}), "bots"), f))
}

// lastBotName is the bot the user submitted to last, else "mybot".
func lastBotName(bots []store.BotSummary) string {
	name, last := "mybot", (*domain.Version)(nil)
	for _, b := range bots {
		if b.Latest != nil && (last == nil || b.Latest.CreatedAt.After(last.CreatedAt)) {
			name, last = b.Bot.Name, b.Latest
		}
	}
	return name
}

// freshBotName is a name none of the user's bots has: mybot, mybot2, ...
func freshBotName(bots []store.BotSummary) string {
	taken := map[string]bool{}
	for _, b := range bots {
		taken[strings.ToLower(b.Bot.Name)] = true
	}
	name := "mybot"
	for i := 2; taken[name]; i++ {
		name = "mybot" + strconv.Itoa(i)
	}
	return name
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
