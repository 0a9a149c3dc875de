package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The challenge page: a student starts a challenge (judge/challenge.go)
// from a form that the leaderboard, bot and match pages link to with its
// choices filled in (?version=REF&opponent=REF..., seat references as
// judge.ResolveSeat reads them).

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
	var m *store.Match
	if err == nil {
		m, err = judge.StartChallenge(ctx, s.Pool, s.Jobs, u.ID, c)
	}
	if status := errorStatus(err); err != nil && status != http.StatusInternalServerError && status != http.StatusNotFound {
		setRetryAfter(w, err)
		var ce *judge.ChallengeError
		if errors.As(err, &ce) && ce.RetryAfter > 0 {
			f.RetryAfter = retrySeconds(ce.RetryAfter)
		}
		f.Error = capitalize(userMessage(err)) + "."
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
	seed, board string, shuffle bool, qualifier string) (judge.Challenge, error) {
	c := judge.Challenge{GameID: gameID, Board: strings.TrimSpace(board), Shuffle: shuffle}
	mine, err := judge.ResolveSeat(ctx, s.Pool, userID, gameID, version, true)
	if err != nil {
		return c, err
	}
	c.Version = *mine.VersionID
	for _, ref := range opponents {
		if strings.TrimSpace(ref) == "" {
			c.Opponents = append(c.Opponents, store.Seat{Builtin: qualifier})
			continue
		}
		o, err := judge.ResolveSeat(ctx, s.Pool, userID, gameID, ref, false)
		if err != nil {
			return c, err
		}
		c.Opponents = append(c.Opponents, o)
	}
	if seed != "" {
		n, err := strconv.ParseInt(seed, 10, 64)
		if err != nil {
			return c, &judge.ChallengeError{Msg: fmt.Sprintf("the seed %q is not a whole number", seed)}
		}
		c.Seed = &n
	}
	return c, nil
}

// challengeForm is the challenge page's form before any choice: the
// user's versions that can play, the opponents they may choose, the
// boards, the limits, and their latest challenges.
func (s *Server) challengeForm(r *http.Request) (templates.ChallengeForm, error) {
	ctx := r.Context()
	g, err := s.publicGame(r)
	if err != nil {
		return templates.ChallengeForm{}, err
	}
	game, err := routeGame(r) // a game this build does not have is not found
	if err != nil {
		return templates.ChallengeForm{}, err
	}
	info := game.Info()
	u := userFrom(ctx)
	admin := u.Role == store.RoleAdmin
	f := templates.ChallengeForm{GameID: g.ID, GameTitle: g.Title, Qualifier: info.Qualifier, Picked: make([]string, info.Players-1),
		Allowance: templates.ChallengeAllowance{MaxNow: judge.MaxPendingChallenges, MaxHour: judge.MaxChallengesPerHour}}
	if on, err := store.ChallengesEnabled(ctx, s.Pool, g.ID); err != nil {
		return f, err
	} else if !on && !admin {
		f.Closed = i18n.T(ctx, "site.challenge.closed", map[string]any{"Game": g.Title})
	}
	allow, err := judge.ChallengeAllowance(ctx, s.Pool, u.ID, admin)
	if err != nil {
		return f, err
	}
	f.Allowance.Unlimited, f.Allowance.Now, f.Allowance.ThisHour = allow.Unlimited, allow.Now, allow.ThisHour

	own, err := store.OwnContenders(ctx, s.Pool, u.ID, g.ID)
	if err != nil {
		return f, err
	}
	var mine templates.ChallengeGroup
	for _, c := range own {
		if len(f.Versions) == 0 || f.Versions[len(f.Versions)-1].Label != c.BotName {
			f.Versions = append(f.Versions, templates.ChallengeGroup{Label: c.BotName})
		}
		o := templates.ChallengeOption{Value: "v:" + strconv.FormatInt(c.VersionID, 10),
			Label: i18n.T(ctx, "site.challenge.option.version", map[string]any{"Bot": c.BotName, "N": c.Number, "Status": templates.StatusLabel(ctx, store.VersionStatus(c.Status))})}
		grp := &f.Versions[len(f.Versions)-1]
		grp.Options = append(grp.Options, o)
		mine.Options = append(mine.Options, o)
	}
	board, _, err := s.leaderboard(ctx, g.ID, 0, challengeBoardMax, 0)
	if err != nil {
		return f, err
	}
	ranked := templates.ChallengeGroup{Label: i18n.T(ctx, "site.challenge.group.board")}
	for _, st := range board {
		if st.OwnerID == u.ID || st.House { // the house's bots are the built-in ones below
			continue
		}
		ranked.Options = append(ranked.Options, templates.ChallengeOption{Value: "bot:" + strconv.FormatInt(st.BotID, 10),
			Label: fmt.Sprintf("#%d %s (%s)", st.Rank, st.BotName, st.OwnerName)})
	}
	builtins := templates.ChallengeGroup{Label: i18n.T(ctx, "site.challenge.group.builtin")}
	for _, b := range info.Bots {
		builtins.Options = append(builtins.Options, templates.ChallengeOption{Value: "builtin:" + b, Label: b})
	}
	mine.Label = i18n.T(ctx, "site.challenge.group.mine")
	for _, grp := range []templates.ChallengeGroup{ranked, builtins, mine} {
		if len(grp.Options) > 0 {
			f.Opponents = append(f.Opponents, grp)
		}
	}
	boards, err := judge.ChallengeBoards(ctx, s.Pool, g.ID)
	if err != nil {
		return f, err
	}
	for _, b := range boards {
		f.Boards = append(f.Boards, templates.ChallengeOption{Value: strconv.FormatInt(b.ID, 10), Label: b.Name})
	}
	recent, err := store.UserChallenges(ctx, s.Pool, u.ID, g.ID, challengeRecent)
	if err != nil {
		return f, err
	}
	for _, m := range recent {
		row := templates.ChallengeRow{ID: m.ID, Status: store.MatchQueued}
		if m.FinishedAt != nil {
			row.Status, row.When = store.MatchFailed, templates.Ago(ctx, *m.FinishedAt)
			if m.HasReplay {
				row.Status = store.MatchFinished
			}
		}
		for _, p := range m.Players {
			c := playerCell(p, store.KindChallenge)
			c.Focus = p.OwnerName == u.Name
			row.Players = append(row.Players, c)
		}
		f.Recent = append(f.Recent, row)
	}
	return f, nil
}

// challengePick is the option of groups that a link's seat reference
// names: the reference itself when it is an option's value, else the
// option of the version or bot it resolves to; "" when none.
func (s *Server) challengePick(ctx context.Context, f templates.ChallengeForm, ref string, groups []templates.ChallengeGroup) string {
	if ref == "" {
		return ""
	}
	has := func(v string) bool {
		for _, g := range groups {
			for _, o := range g.Options {
				if o.Value == v {
					return true
				}
			}
		}
		return false
	}
	if has(ref) {
		return ref
	}
	seat, err := judge.ResolveSeat(ctx, s.Pool, userFrom(ctx).ID, f.GameID, ref, false)
	if err != nil {
		return ""
	}
	if seat.VersionID == nil {
		if v := "builtin:" + seat.Builtin; has(v) {
			return v
		}
		return ""
	}
	if v := "v:" + strconv.FormatInt(*seat.VersionID, 10); has(v) {
		return v
	}
	if id, ok := strings.CutPrefix(ref, "bot:"); ok && has("bot:"+id) {
		return "bot:" + id
	}
	return ""
}
