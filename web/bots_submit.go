package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
)

// submitForm is the submit page's form before anything is typed
// (submitFormView), and the user's bots in the game.
func (s *Server) submitForm(r *http.Request) (templates.SubmitForm, []store.BotSummary, error) {
	l, err := s.loadSubmit(r)
	if err != nil {
		return templates.SubmitForm{}, nil, err
	}
	return submitFormView(r.Context(), l), l.Bots, nil
}

// GET /games/{game}/submit[?bot=NAME][&from=template|latest][&lang=ID][&new=1]:
// the form (submitStartView).
func (s *Server) submitPage(w http.ResponseWriter, r *http.Request) {
	l, err := s.loadSubmit(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f := submitStartView(r.Context(), l, r.URL.Query())
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
