package web

import (
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/templates"
)

// maxSubmitBytes bounds a submission's body: the largest source, plus room
// for the other fields and the multipart framing.
const maxSubmitBytes = judge.MaxSource + 64<<10

// submitForm is the submit page's form before anything is typed: the game,
// the languages it takes with their starter bots, and the user's bots in
// it, newest activity first.
func (s *Server) submitForm(w http.ResponseWriter, r *http.Request) (templates.SubmitForm, []store.BotSummary, bool) {
	gameID := chi.URLParam(r, "game")
	g, err := games.Get(gameID)
	if err != nil || !submittable(gameID) {
		s.notFound(w, r)
		return templates.SubmitForm{}, nil, false
	}
	// A game an admin disabled takes no submissions (judge.Submit refuses
	// them too): its pages are gone.
	if open, err := store.GameEnabled(r.Context(), s.Pool, gameID); err != nil || !open {
		if err == nil {
			err = store.ErrNotFound
		}
		s.fail(w, r, err)
		return templates.SubmitForm{}, nil, false
	}
	bots, err := store.BotsOfOwner(r.Context(), s.Pool, userFrom(r.Context()).ID, gameID)
	if err != nil {
		s.fail(w, r, err)
		return templates.SubmitForm{}, nil, false
	}
	f := templates.SubmitForm{GameID: gameID, GameTitle: g.Info().Title, MaxKB: judge.MaxSource >> 10}
	if deadline, passed, err := store.SubmissionDeadline(r.Context(), s.Pool, gameID); err != nil {
		s.fail(w, r, err)
		return templates.SubmitForm{}, nil, false
	} else if deadline != nil {
		f.Deadline, f.Closed = fullTime(deadline), passed
	}
	offered := lang.Offered(g.Info())
	for _, l := range offered {
		starter, err := l.Starter(gameID)
		if err != nil {
			s.serverError(w, r, fmt.Errorf("%s starter bot of %s: %w", l.Title, gameID, err))
			return templates.SubmitForm{}, nil, false
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
	return f, bots, true
}

// GET /games/{game}/submit[?bot=NAME][&from=template|latest][&lang=ID][&new=1]:
// the form, with the editor holding the user's latest version of the bot
// in its language, or the game's starter bot (the Null bot) in the chosen
// language (Go unless asked) for a new bot or on request.
func (s *Server) submitPage(w http.ResponseWriter, r *http.Request) {
	f, bots, ok := s.submitForm(w, r)
	if !ok {
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
	var latest *store.Version
	for _, b := range bots {
		if strings.EqualFold(b.Bot.Name, f.Bot) && b.Latest != nil {
			f.Bot, latest = b.Bot.Name, b.Latest
		}
	}
	f.HasLatest = latest != nil
	if latest != nil && q.Get("from") != "template" {
		f.From, f.Source, f.LatestOf, f.LatestN, f.Language = "latest", latest.Source, f.Bot, latest.Number, latest.Language
		if latest.Status == store.StatusCompileError {
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
	s.render(w, r, http.StatusOK, templates.Submit(s.page(r, "Submit · "+f.GameTitle, "bots"), f))
}

// POST /games/{game}/submit (bot, source, or a file): a new version. A
// refused submission renders the form again with the user's text, so
// nothing typed is lost.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	f, bots, ok := s.submitForm(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	u := userFrom(ctx)
	page := s.page(r, "Submit · "+f.GameTitle, "bots")
	refuse := func(status int, msg string) {
		f.Error = msg
		s.render(w, r, status, templates.Submit(page, f))
	}

	r.Body = http.MaxBytesReader(w, r.Body, maxSubmitBytes)
	source, bot, language, err := readSubmission(r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		f.Bot, f.TextLost = lastBotName(bots), true
		refuse(http.StatusRequestEntityTooLarge, fmt.Sprintf("The submission is larger than the limit of %d KB, "+
			"so it could not be read: nothing was stored. Your browser's Back button returns to your text.", judge.MaxSource>>10))
		return
	}
	if err != nil {
		f.TextLost = true
		refuse(http.StatusBadRequest, "The form could not be read ("+err.Error()+"). Nothing was stored.")
		return
	}
	f.Bot, f.Source, f.Language = bot, source, language
	for _, b := range bots {
		f.HasLatest = f.HasLatest || (b.Latest != nil && strings.EqualFold(b.Bot.Name, strings.TrimSpace(bot)))
	}

	v, err := judge.Submit(ctx, s.Pool, s.Jobs, u.ID, f.GameID, bot, language, source)
	if status := errorStatus(err); err != nil && status != http.StatusInternalServerError && status != http.StatusNotFound {
		// Refused (413, 422, 429 over a limit): the form again, text kept.
		setRetryAfter(w, err)
		var limit *judge.SubmitLimitError
		if errors.As(err, &limit) && limit.Limit != "" {
			// The page says when, counting down (static/countdown.js).
			f.RetryAfter = int(math.Ceil(limit.RetryAfter.Seconds()))
			refuse(status, capitalize(limit.Limit)+".")
			return
		}
		refuse(status, capitalize(userMessage(err))+".")
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(ctx, fmt.Sprintf("Version %d of %s is submitted. This page follows it: no need to reload.", v.Number, strings.TrimSpace(bot)))
	http.Redirect(w, r, "/bots/"+strconv.FormatInt(v.BotID, 10)+"/versions/"+strconv.Itoa(v.Number), http.StatusSeeOther)
}

// readSubmission reads the form, urlencoded or multipart. A chosen file
// wins over the text area (without JavaScript the file is uploaded; with
// it, the editor has already loaded the file and the input is empty), and
// its extension, when it is a language's, over the language field.
func readSubmission(r *http.Request) (source, bot, language string, err error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		// All in memory: the body limit is far below what would spill to disk.
		if err := r.ParseMultipartForm(maxSubmitBytes); err != nil {
			return "", "", "", err
		}
		defer r.MultipartForm.RemoveAll()
	} else if err := r.ParseForm(); err != nil {
		return "", "", "", err
	}
	// Browsers send a text area's line breaks as CRLF.
	source = strings.ReplaceAll(r.PostFormValue("source"), "\r\n", "\n")
	bot = r.PostFormValue("bot")
	language = r.PostFormValue("language")
	if language == "" {
		language = lang.Go.ID // a form from before languages
	}
	if r.MultipartForm != nil {
		if fhs := r.MultipartForm.File["file"]; len(fhs) > 0 && fhs[0].Size > 0 {
			file, err := fhs[0].Open()
			if err != nil {
				return source, bot, language, err
			}
			defer file.Close()
			data, err := io.ReadAll(file)
			if err != nil {
				return source, bot, language, err
			}
			source = string(data)
			if l, ok := lang.ByFile(fhs[0].Filename); ok {
				language = l.ID
			}
		}
	}
	return source, bot, language, nil
}

// lastBotName is the bot the user submitted to last, else "mybot".
func lastBotName(bots []store.BotSummary) string {
	name, last := "mybot", (*store.Version)(nil)
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
