package web

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/templates"
)

// maxDebugLogs is how many matches' debug logs the version page shows,
// and maxFreezes how many of the matches it was frozen in.
const (
	maxDebugLogs = 20
	maxFreezes   = 50
)

// ownVersion finds /bots/{id}/versions/{n} for its owner or an admin.
// Anyone else gets domain.ErrNotFound, as for a version that does not
// exist: the page does not say whether other people's bots exist.
func (s *Server) ownVersion(r *http.Request) (*domain.Bot, *domain.Version, error) {
	ctx := r.Context()
	botID, err1 := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	n, err2 := strconv.ParseInt(chi.URLParam(r, "n"), 10, 32) // a version number is an int4
	if err1 != nil || err2 != nil {
		return nil, nil, domain.ErrNotFound
	}
	bot, err := store.BotByID(ctx, s.Pool, botID)
	if err != nil {
		return nil, nil, err
	}
	if u := userFrom(ctx); u.ID != bot.OwnerID && u.Role != domain.RoleAdmin {
		return nil, nil, domain.ErrNotFound
	}
	v, err := store.VersionByNumber(ctx, s.Pool, bot.ID, int(n))
	return bot, v, err
}

// GET /bots/{id}/versions/{n}: one submission, followed live.
func (s *Server) versionPage(w http.ResponseWriter, r *http.Request) {
	bot, v, err := s.ownVersion(r)
	var d templates.VersionData
	if err == nil {
		d, err = s.versionData(r.Context(), bot, v)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store") // private, and stale at once
	s.render(w, r, http.StatusOK, templates.Version(s.page(r, bot.Name+" v"+strconv.Itoa(v.Number), "bots"), d))
}

// versionData is what the version page shows: the version with its source,
// the bot's other versions, and what changes while it is judged.
func (s *Server) versionData(ctx context.Context, bot *domain.Bot, v *domain.Version) (templates.VersionData, error) {
	live, err := s.versionLive(ctx, bot, v)
	if err != nil {
		return templates.VersionData{}, err
	}
	versions, err := store.VersionRefs(ctx, s.Pool, bot.ID)
	if err != nil {
		return templates.VersionData{}, err
	}
	refs := make([]templates.VersionRef, len(versions))
	for i, v := range versions {
		refs[i] = templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt}
	}
	l := versionLanguage(v)
	d := templates.VersionData{
		BotID: bot.ID, BotName: bot.Name, GameID: bot.GameID, GameTitle: gameTitle(bot.GameID),
		Version:  templates.VersionRef{ID: v.ID, Number: v.Number, Language: v.Language, Status: v.Status, Created: v.CreatedAt},
		Rebuilt:  v.RebuiltAt,
		Language: l.Title, Editor: l.Editor, File: l.File,
		Source: v.Source, Versions: refs, Live: live,
	}
	u := userFrom(ctx)
	if u.ID == bot.OwnerID && slices.Contains(store.PlayableStatuses, string(v.Status)) {
		d.Challenge = fmt.Sprintf("/games/%s/challenge?version=v:%d", bot.GameID, v.ID)
	}
	if u.ID != bot.OwnerID {
		owner, err := store.UserByID(ctx, s.Pool, bot.OwnerID)
		if err != nil {
			return d, err
		}
		d.Owner = owner.Name
	}
	return d, nil
}

// GET /bots/{id}/versions/{n}/live: the changing part of the version page,
// fetched by htmx when the stream says the version changed.
func (s *Server) versionLivePart(w http.ResponseWriter, r *http.Request) {
	bot, v, err := s.ownVersion(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	live, err := s.versionLive(r.Context(), bot, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.VersionLiveParts(live))
}

// versionLive gathers what changes while a version is judged.
func (s *Server) versionLive(ctx context.Context, bot *domain.Bot, v *domain.Version) (templates.VersionLive, error) {
	l := templates.VersionLive{BotID: bot.ID, Number: v.Number, VersionID: v.ID, Status: v.Status,
		CompileLog: linkLog(v.CompileLog, versionLanguage(v).File), HasCompileLog: v.CompileLog != "",
		Diagnostics: compileDiagnostics(v.CompileLog, versionLanguage(v).File), Mu: v.Mu, Sigma: v.Sigma, Games: v.Games}
	if v.Mu != nil && v.Sigma != nil {
		score := domain.Ordinal(*v.Mu, *v.Sigma)
		l.Score = &score
	}
	q, err := s.versionQualification(ctx, v)
	if err != nil {
		return l, err
	}
	if place, err := s.versionQueue(ctx, v); err != nil {
		return l, err
	} else if place != nil {
		l.Queue = place.Words
	}
	l.QualSummary, l.QualFinal, l.QualPassed, l.QualFile = q.Summary(ctx), q.Final(), q.Passed(), versionLanguage(v).File
	for _, m := range q.Rows {
		row := templates.QualRow{MatchID: m.Match.ID, Status: m.Match.Status, Seed: m.Match.Seed, Seat: m.Seat,
			Place: placeWords(ctx, m.Place, m.Tied), First: m.First, Command: m.Command}
		if m.Board != nil {
			row.Board, row.BoardURL, row.BoardFile = m.Board.Name, boardURL(m.Board.ID), m.BoardFile
		}
		for _, st := range m.Seats {
			if st.Seat == m.Seat {
				row.Score, row.Frozen = st.Score, frozenWords(ctx, st)
			} else {
				row.Others = append(row.Others, templates.QualScore{Seat: st.Seat, Name: st.BotName, Score: st.Score})
			}
		}
		l.Qualification = append(l.Qualification, row)
	}
	if v.Status == domain.StatusAccepted && bot.CurrentVersionID != nil && *bot.CurrentVersionID == v.ID {
		if l.Rank, _, err = s.boardRank(ctx, bot.GameID, bot.ID); err != nil {
			return l, err
		}
	}
	freezes, n, err := store.VersionFreezes(ctx, s.Pool, v.ID, maxFreezes)
	if err != nil {
		return l, err
	}
	l.FreezeCount = n
	for _, f := range freezes {
		l.Freezes = append(l.Freezes, templates.FreezeRow{MatchID: f.MatchID, Kind: f.MatchKind,
			Words: freezeWords(ctx, f.Kind, f.Round, f.Reason), When: f.When})
	}
	logs, err := store.VersionLogs(ctx, s.Pool, v.ID, maxDebugLogs)
	if err != nil {
		return l, err
	}
	for _, x := range logs {
		l.Logs = append(l.Logs, templates.DebugLog{MatchID: x.MatchID, Kind: x.Kind, Seat: x.Seat, When: x.When, Text: x.Text})
	}
	return l, nil
}

// versionLanguage is the language a version is written in (Go for one
// that names no language this server knows).
func versionLanguage(v *domain.Version) lang.Language {
	if l, err := lang.Get(string(v.Language)); err == nil {
		return l
	}
	return lang.Go
}

// linkLog cuts a compile log into text and positions in the player's
// file as the sandbox names it (bot.go:LINE:COL, bot.cc:LINE:COL), which
// the page turns into links to the line in the editor.
func linkLog(log, file string) []templates.LogSegment {
	position := filePattern(`\b` + regexp.QuoteMeta(file) + `:(\d+)(?::(\d+))?`)
	var out []templates.LogSegment
	last := 0
	for _, m := range position.FindAllStringSubmatchIndex(log, -1) {
		line, err := strconv.Atoi(log[m[2]:m[3]])
		if err != nil || line <= 0 {
			continue
		}
		if m[0] > last {
			out = append(out, templates.LogSegment{Text: log[last:m[0]]})
		}
		out = append(out, templates.LogSegment{Text: log[m[0]:m[1]], Line: line})
		last = m[1]
	}
	if last < len(log) {
		out = append(out, templates.LogSegment{Text: log[last:]})
	}
	return out
}

// gameTitle is a game's title, or its id for an unknown game.
func gameTitle(id string) string {
	if g, err := games.Get(id); err == nil {
		return g.Info().Title
	}
	return id
}

// placeWords is a place in a qualification match, as games.PlaceWords
// says it in English, in ctx's language (site.version.place.*).
func placeWords(ctx context.Context, place int, tied bool) string {
	if place <= 0 {
		return ""
	}
	s := i18n.T(ctx, "site.version.place.other", map[string]any{"Place": place})
	if place <= 4 {
		s = i18n.T(ctx, "site.version.place."+strconv.Itoa(place))
	}
	if tied {
		s = i18n.T(ctx, "site.version.place.tied", map[string]any{"Place": s})
	}
	return s
}
