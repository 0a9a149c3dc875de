package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"arena.dev/copycheck"
	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// GET /admin/copies/{a}/{b}: two indexed versions of a game side by side,
// the code they share in fragments of matching colours. The fragments are
// computed here from the index, with the game's common fragments left out
// as in the scores, so any two versions can be compared, ranked or not.
func (s *Server) adminCopyPair(w http.ResponseWriter, r *http.Request) {
	a, okA := request.PositiveInt(r, "a")
	b, okB := request.PositiveInt(r, "b")
	if !okA || !okB || a == b {
		s.notFound(w, r)
		return
	}
	ctx := r.Context()
	indexed, err := store.CopyVersions(ctx, s.Pool, []int64{a, b})
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	refuse := func(msg string) {
		s.render(w, r, http.StatusNotFound, templates.ErrorPage(s.page(r, i18n.T(ctx, "admin.copies.not_found"), "admin"), http.StatusNotFound, msg))
	}
	for _, id := range []int64{a, b} {
		if indexed[id] == nil {
			refuse(i18n.T(ctx, "admin.copies.not_indexed", map[string]any{"Version": id}))
			return
		}
	}
	ca, cb := indexed[a], indexed[b]
	if ca.GameID != cb.GameID {
		refuse(i18n.T(ctx, "admin.copies.other_game", map[string]any{"A": a, "B": b}))
		return
	}
	g, err := games.Get(ca.GameID)
	if err != nil {
		s.notFound(w, r)
		return
	}
	game, err := s.copyStatus(r, g)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	common, err := store.CopyCommon(ctx, s.Pool, ca.GameID, append(append([]int64{}, ca.Hashes...), cb.Hashes...))
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	isCommon := func(h int64) bool { return common[h] }
	sa, sb := copycheck.NewSet(copyFingerprints(ca), isCommon), copycheck.NewSet(copyFingerprints(cb), isCommon)
	m := copycheck.Compare(sa, sb)
	frags := copycheck.Disjoint(copycheck.Fragments(sa, sb))

	_, err = store.CopyPairOf(ctx, s.Pool, a, b)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		s.serverError(w, r, err)
		return
	}
	d := templates.AdminCopyPairData{Game: game, Back: "/admin/games/" + game.ID + "/copies", Score: copyPercent(m.Score()),
		Shared: m.Shared, Lines: m.Lines(), Ranked: err == nil}
	for i, f := range frags {
		d.Fragments = append(d.Fragments, templates.AdminCopyFragment{N: i + 1, A: copyLineRange(ctx, f.A), B: copyLineRange(ctx, f.B),
			Fingerprints: f.Fingerprints})
	}
	var side [2]templates.AdminCopyCode
	for i, id := range []int64{a, b} {
		code, err := s.copyCode(ctx, id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		side[i] = code
	}
	side[0].Side, side[0].Other, side[1].Side, side[1].Other = "a", "b", "b", "a"
	side[0].Of.Share, side[0].Of.Lines, side[0].Of.Fingerprints = copyPercent(m.ShareA), m.LinesA, m.TotalA
	side[1].Of.Share, side[1].Of.Lines, side[1].Of.Fingerprints = copyPercent(m.ShareB), m.LinesB, m.TotalB
	for i, f := range frags {
		copyMarkFragment(side[0].Lines, f.A, i+1)
		copyMarkFragment(side[1].Lines, f.B, i+1)
	}
	d.A, d.B = side[0], side[1]
	s.render(w, r, http.StatusOK, templates.AdminCopyPair(s.page(r, adminTitle(ctx, "admin.copies.pair_page", map[string]any{"A": a, "B": b}), "admin"), d))
}

// copyCode loads a version, its bot and owner, and splits its source into
// lines.
func (s *Server) copyCode(ctx context.Context, versionID int64) (templates.AdminCopyCode, error) {
	var c templates.AdminCopyCode
	v, err := store.VersionByID(ctx, s.Pool, versionID)
	if err != nil {
		return c, err
	}
	bot, err := store.BotByID(ctx, s.Pool, v.BotID)
	if err != nil {
		return c, err
	}
	owner, err := store.UserByID(ctx, s.Pool, bot.OwnerID)
	if err != nil {
		return c, err
	}
	c.Of = templates.AdminCopySide{User: owner.Name, Display: owner.DisplayName, Bot: bot.Name, BotID: bot.ID,
		Version: v.Number, Language: v.Language, Status: string(v.Status)}
	for i, text := range strings.Split(strings.TrimSuffix(v.Source, "\n"), "\n") {
		c.Lines = append(c.Lines, templates.AdminCopyLine{N: i + 1, Text: strings.TrimSuffix(text, "\r")})
	}
	return c, nil
}

// copyMarkFragment puts the lines of one side's fragment n in it.
func copyMarkFragment(lines []templates.AdminCopyLine, at copycheck.Lines, n int) {
	for l := max(at.From, 1); l <= min(at.To, len(lines)); l++ {
		lines[l-1].Frag, lines[l-1].First = n, l == max(at.From, 1)
	}
}

func copyLineRange(ctx context.Context, l copycheck.Lines) string {
	if l.From == l.To {
		return i18n.T(ctx, "admin.copies.line", map[string]any{"Line": l.From})
	}
	return i18n.T(ctx, "admin.copies.line_range", map[string]any{"From": l.From, "To": l.To})
}

// copyFingerprints turns an indexed version's fingerprints back into
// copycheck's.
func copyFingerprints(v *store.CopyVersion) []copycheck.Fingerprint {
	fps := make([]copycheck.Fingerprint, len(v.Hashes))
	for i, h := range v.Hashes {
		fps[i] = copycheck.Fingerprint{Hash: h, StartLine: v.StartLines[i], EndLine: v.EndLines[i]}
	}
	return fps
}
