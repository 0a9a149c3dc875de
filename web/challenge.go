package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/templates"
)

// The challenge page: a student starts a challenge (service/challenge.go)
// from a form that the leaderboard, bot and match pages link to with its
// choices filled in (?version=REF&opponent=REF..., seat references as
// service.ResolveSeat reads them).

const (
	challengeRecent   = 10  // the user's latest challenges listed under the form
	challengeBoardMax = 500 // leaderboard bots offered as opponents
)

// GET /games/{game}/challenge[?version=REF][&opponent=REF...][&seed=N][&board=ID][&shuffle=1]
func (s *Server) challengePage(w http.ResponseWriter, r *http.Request) {
	f, err := s.challengeForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	ctx := r.Context()
	if v := s.challengePick(ctx, f, q.Get("version"), f.Versions); v != "" {
		f.Version = v
	}
	for i, ref := range q["opponent"] {
		if i < len(f.Picked) {
			f.Picked[i] = s.challengePick(ctx, f, ref, f.Opponents)
		}
	}
	f.Seed, f.Board, f.Shuffle = q.Get("seed"), q.Get("board"), q.Get("shuffle") == "1"
	s.render(w, r, http.StatusOK, templates.Challenge(s.page(r, i18n.T(r.Context(), "site.challenge.title", map[string]any{"Game": f.GameTitle}), "games"), f))
}

// POST /games/{game}/challenge (version, opponent×3, seed, board, shuffle):
// starts the challenge and goes to its match page, which follows it live.
// A refused one shows the form again as it was sent.
func (s *Server) startChallenge(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	f, err := s.challengeForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
		return
	}
	ctx := r.Context()
	u := userFrom(ctx)
	f.Version, f.Seed, f.Board, f.Shuffle = r.PostForm.Get("version"), strings.TrimSpace(r.PostForm.Get("seed")),
		r.PostForm.Get("board"), r.PostForm.Get("shuffle") == "1"
	picked := r.PostForm["opponent"]
	for i := range f.Picked {
		if i < len(picked) {
			f.Picked[i] = picked[i]
		}
	}
	c, err := s.readChallenge(ctx, u.ID, f.GameID, f.Version, f.Picked, f.Seed, f.Board, f.Shuffle, f.Qualifier)
	var m *domain.Match
	if err == nil {
		m, err = service.StartChallenge(ctx, s.Pool, s.Jobs, u.ID, c)
	}
	if status := errorStatus(err); err != nil && status != http.StatusInternalServerError && status != http.StatusNotFound {
		setRetryAfter(w, err)
		var ce *domain.Error
		if errors.As(err, &ce) && ce.RetryAfter > 0 {
			f.RetryAfter = retrySeconds(ce.RetryAfter)
		}
		f.Error = capitalize(userMessage(r.Context(), err)) + "."
		s.render(w, r, status, templates.Challenge(s.page(r, i18n.T(r.Context(), "site.challenge.title", map[string]any{"Game": f.GameTitle}), "games"), f))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "site.challenge.started", map[string]any{"ID": m.ID}))
	http.Redirect(w, r, "/matches/"+strconv.FormatInt(m.ID, 10), http.StatusSeeOther)
}

// readChallenge turns what the form or the API sent into a challenge:
// seat references resolved, an empty opponent the game's qualifier.
func (s *Server) readChallenge(ctx context.Context, userID int64, gameID, version string, opponents []string,
	seed, board string, shuffle bool, qualifier string) (service.Challenge, error) {
	c := service.Challenge{GameID: gameID, Board: strings.TrimSpace(board), Shuffle: shuffle}
	mine, err := service.ResolveSeat(ctx, s.Pool, userID, gameID, version, true)
	if err != nil {
		return c, err
	}
	c.Version = *mine.VersionID
	for _, ref := range opponents {
		if strings.TrimSpace(ref) == "" {
			c.Opponents = append(c.Opponents, domain.Seat{Builtin: qualifier})
			continue
		}
		o, err := service.ResolveSeat(ctx, s.Pool, userID, gameID, ref, false)
		if err != nil {
			return c, err
		}
		c.Opponents = append(c.Opponents, o)
	}
	if seed != "" {
		n, err := strconv.ParseInt(seed, 10, 64)
		if err != nil {
			return c, domain.Refusal("errors.challenge.seed", "the seed {{.Seed}} is not a whole number", domain.Data{"Seed": domain.Quote(seed)})
		}
		c.Seed = &n
	}
	return c, nil
}
