package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
)

// challengeLoad is what the challenge page's form is made of, as the
// database has it: loadChallenge reads it in a fixed number of queries
// (the game, whether challenges are on, the user's allowance, their
// versions, the leaderboard (cached), the boards, their latest
// challenges); challengeFormView makes the form of it without one.
type challengeLoad struct {
	Game      *store.PublicGame
	Info      games.Info
	Viewer    *domain.User
	On        bool // challenges of the game are on
	Allowance service.Allowance
	Own       []store.Contender // the viewer's versions that can play
	Board     []domain.Standing // the leaderboard's first challengeBoardMax
	Boards    []domain.Board
	Recent    []store.MatchSummary // the viewer's latest challenges
}

func (s *Server) loadChallenge(r *http.Request) (challengeLoad, error) {
	ctx := r.Context()
	l := challengeLoad{Viewer: userFrom(ctx)}
	var err error
	if l.Game, err = s.publicGame(r); err != nil {
		return l, err
	}
	game, err := routeGame(r) // a game this build does not have is not found
	if err != nil {
		return l, err
	}
	l.Info = game.Info()
	if l.On, err = store.ChallengesEnabled(ctx, s.Pool, l.Game.ID); err != nil {
		return l, err
	}
	if l.Allowance, err = service.ChallengeAllowance(ctx, s.Pool, l.Viewer.ID, l.Viewer.Role == domain.RoleAdmin); err != nil {
		return l, err
	}
	if l.Own, err = store.OwnContenders(ctx, s.Pool, l.Viewer.ID, l.Game.ID); err != nil {
		return l, err
	}
	if l.Board, _, err = s.leaderboard(ctx, l.Game.ID, 0, challengeBoardMax, 0); err != nil {
		return l, err
	}
	if l.Boards, err = judge.ChallengeBoards(ctx, s.Pool, l.Game.ID); err != nil {
		return l, err
	}
	l.Recent, err = store.UserChallenges(ctx, s.Pool, l.Viewer.ID, l.Game.ID, challengeRecent)
	return l, err
}

// challengeForm is the challenge page's form before any choice.
func (s *Server) challengeForm(r *http.Request) (templates.ChallengeForm, error) {
	l, err := s.loadChallenge(r)
	if err != nil {
		return templates.ChallengeForm{}, err
	}
	return challengeFormView(r.Context(), l), nil
}

// challengeFormView is the challenge page's form before any choice: the
// user's versions that can play, the opponents they may choose, the
// boards, the limits, and their latest challenges.
func challengeFormView(ctx context.Context, l challengeLoad) templates.ChallengeForm {
	u, info := l.Viewer, l.Info
	admin := u.Role == domain.RoleAdmin
	f := templates.ChallengeForm{GameID: l.Game.ID, GameTitle: l.Game.Title, Qualifier: info.Qualifier, Picked: make([]string, info.Players-1),
		Closed: !l.On && !admin,
		Allowance: templates.ChallengeAllowance{MaxNow: service.MaxPendingChallenges, MaxHour: service.MaxChallengesPerHour,
			Unlimited: l.Allowance.Unlimited, Now: l.Allowance.Now, ThisHour: l.Allowance.ThisHour}}

	// The user's versions, by bot; they are opponents too.
	mine := templates.ChallengeGroup{Kind: templates.ChallengeMine}
	for _, c := range l.Own {
		if len(f.Versions) == 0 || f.Versions[len(f.Versions)-1].Label != c.BotName {
			f.Versions = append(f.Versions, templates.ChallengeGroup{Label: c.BotName})
		}
		o := templates.ChallengeOption{Value: "v:" + strconv.FormatInt(c.VersionID, 10), Label: c.BotName, Version: c.Number, Status: c.Status}
		grp := &f.Versions[len(f.Versions)-1]
		grp.Options = append(grp.Options, o)
		mine.Options = append(mine.Options, o)
	}
	ranked := templates.ChallengeGroup{Kind: templates.ChallengeRanked}
	for _, st := range l.Board {
		if st.OwnerID == u.ID || st.House { // the house's bots are the built-in ones below
			continue
		}
		ranked.Options = append(ranked.Options, templates.ChallengeOption{Value: "bot:" + strconv.FormatInt(st.BotID, 10),
			Label: fmt.Sprintf("#%d %s (%s)", st.Rank, st.BotName, st.OwnerName)})
	}
	builtins := templates.ChallengeGroup{Kind: templates.ChallengeBuiltins}
	for _, b := range info.Bots {
		builtins.Options = append(builtins.Options, templates.ChallengeOption{Value: "builtin:" + b, Label: b})
	}
	for _, grp := range []templates.ChallengeGroup{ranked, builtins, mine} {
		if len(grp.Options) > 0 {
			f.Opponents = append(f.Opponents, grp)
		}
	}
	for _, b := range l.Boards {
		f.Boards = append(f.Boards, templates.ChallengeOption{Value: strconv.FormatInt(b.ID, 10), Label: b.Name})
	}
	for _, m := range l.Recent {
		row := templates.ChallengeRow{ID: m.ID, Status: domain.MatchQueued}
		if m.FinishedAt != nil {
			row.Status, row.When = domain.MatchFailed, templates.Ago(ctx, *m.FinishedAt)
			if m.HasReplay {
				row.Status = domain.MatchFinished
			}
		}
		for _, p := range m.Players {
			c := playerCell(ctx, p, domain.KindChallenge)
			c.Focus = p.OwnerName == u.Name
			row.Players = append(row.Players, c)
		}
		f.Recent = append(f.Recent, row)
	}
	return f
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
	seat, err := service.ResolveSeat(ctx, s.Pool, userFrom(ctx).ID, f.GameID, ref, false)
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
