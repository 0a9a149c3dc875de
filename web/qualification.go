package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/templates"
)

// qualification is a version's qualification as its page, the API and
// `arena submit` show it: each match, and how near passing it is.
type qualification struct {
	Matches int // how many it plays
	Ended   int // finished or failed
	Firsts  int // ended alone on top
	Needs   int // firsts needed to qualify (games.QualificationFirsts)
	Rows    []qualMatch
}

// qualMatch is one qualification match.
type qualMatch struct {
	N         int // from 1
	Match     *domain.Match
	Seat      int // the version's
	Seats     []store.SeatResult
	Board     *domain.Board // nil: generated from the seed
	BoardFile string        // the board's download name
	Place     int           // the version's place, from 1; 0 until played
	Tied      bool          // another seat has its score
	First     bool          // alone on top
	Command   string        // plays it locally: set once it ended without the version alone on top
}

// Final says whether every match has ended.
func (q qualification) Final() bool { return q.Ended == q.Matches }

// Passed says whether it ended alone on top in enough matches.
func (q qualification) Passed() bool { return q.Firsts >= q.Needs }

// Summary is how far it is from passing, in ctx's language: "first in 2
// of 4; needs 3" (site.qual.summary.*, plural on the firsts needed).
func (q qualification) Summary(ctx context.Context) string {
	data := map[string]any{"Firsts": q.Firsts, "Matches": q.Matches, "Ended": q.Ended}
	switch {
	case q.Final() && q.Passed():
		return i18n.N(ctx, "site.qual.summary.passed", q.Needs, data)
	case q.Final():
		return i18n.N(ctx, "site.qual.summary.final", q.Needs, data)
	}
	return i18n.N(ctx, "site.qual.summary.so_far", q.Needs, data)
}

// qualLoad is a version's qualification as the database has it: its
// matches since it was last judged, their seats and their boards, which
// loadQualification reads in three queries whatever the number of
// matches.
type qualLoad struct {
	Matches []*domain.Match
	Seats   map[int64][]store.SeatResult // by match id
	Boards  map[int64]*domain.Board      // by board id
}

// loadQualification reads version v's qualification.
func (s *Server) loadQualification(ctx context.Context, v *domain.Version) (qualLoad, error) {
	l := qualLoad{}
	var err error
	if l.Matches, err = store.QualificationMatches(ctx, s.Pool, v.ID); err != nil || len(l.Matches) == 0 {
		return l, err
	}
	ids, boards := make([]int64, len(l.Matches)), []int64{}
	for i, m := range l.Matches {
		ids[i] = m.ID
		if m.BoardID != nil {
			boards = append(boards, *m.BoardID)
		}
	}
	if l.Seats, err = store.MatchesSeats(ctx, s.Pool, ids); err != nil {
		return l, err
	}
	l.Boards, err = store.BoardsByID(ctx, s.Pool, boards)
	return l, err
}

// versionQualification reads a version's qualification: its matches since
// it was last judged, with their boards, places and scores.
func (s *Server) versionQualification(ctx context.Context, v *domain.Version) (qualification, error) {
	l, err := s.loadQualification(ctx, v)
	if err != nil {
		return qualification{}, err
	}
	return qualificationOf(v, l), nil
}

// qualificationOf is version v's qualification, made of its loaded rows:
// each match with the version's place in it, how many ended and how many
// it ended alone on top, and the command that plays again locally a match
// it did not win.
func qualificationOf(v *domain.Version, l qualLoad) qualification {
	q := qualification{}
	ms := l.Matches
	if len(ms) == 0 {
		return q
	}
	q.Matches, q.Needs = len(ms), games.QualificationFirsts(len(ms))
	var info games.Info
	if g, err := games.Get(ms[0].GameID); err == nil {
		info = g.Info()
	}
	file := versionLanguage(v).File
	for i, m := range ms {
		row := qualMatch{N: i + 1, Match: m, Seats: l.Seats[m.ID]}
		if m.BoardID != nil {
			if b := l.Boards[*m.BoardID]; b != nil {
				row.Board, row.BoardFile = b, boardFileName(info, *b)
			}
		}
		scores := make([]int, len(row.Seats))
		seats := make([]string, len(row.Seats))
		for _, st := range row.Seats {
			if st.VersionID != nil && *st.VersionID == v.ID {
				row.Seat, seats[st.Seat] = st.Seat, file
			} else if st.Builtin != nil {
				seats[st.Seat] = *st.Builtin
			} else {
				seats[st.Seat] = st.BotName
			}
			if st.Score != nil {
				scores[st.Seat] = int(*st.Score)
			}
		}
		switch m.Status {
		case domain.MatchFinished:
			row.Place, row.Tied = games.Place(scores, row.Seat)
			row.First = row.Place == 1 && !row.Tied
			q.Ended++
		case domain.MatchFailed:
			q.Ended++
		}
		if row.First {
			q.Firsts++
		} else if m.Status == domain.MatchFinished {
			row.Command = games.PlayCommand(m.GameID, seats, uint64(m.Seed), row.BoardFile, games.Settings(m.Settings))
		}
		q.Rows = append(q.Rows, row)
	}
	return q
}

// boardFileName is the name a board downloads as: an original's kit file
// name (default.cnf), or its own name made safe, with .cnf when it has no
// extension.
func boardFileName(info games.Info, b domain.Board) string {
	if o, ok := info.OriginalNamed(b.Original); ok {
		return o.File()
	}
	name := adminBoardFileName(b.Name)
	if !strings.Contains(strings.TrimPrefix(name, "."), ".") {
		name += ".cnf"
	}
	return name
}

// boardURL is where a logged-in user downloads a board.
func boardURL(id int64) string { return "/boards/" + strconv.FormatInt(id, 10) }

// readableBoard loads a board u may download: any for an admin; for
// others, a board some match was played on (its replays show it anyway)
// or one the game's ladder or qualification plays on. Boards an admin
// keeps for a tournament stay unseen until it plays them: ErrNotFound.
func (s *Server) readableBoard(ctx context.Context, u *domain.User, id int64) (*domain.Board, error) {
	b, played, err := store.BoardByID(ctx, s.Pool, id)
	if err != nil || played || u.Role == domain.RoleAdmin {
		return b, err
	}
	for _, use := range []domain.BoardUse{domain.ForQualification, domain.ForLadder} {
		c, err := judge.GameBoards(ctx, s.Pool, b.GameID, use)
		if err != nil {
			return nil, err
		}
		for _, x := range c.Boards {
			if x.ID == id {
				return b, nil
			}
		}
	}
	return nil, domain.ErrNotFound
}

// GET /boards/{id}: a board file, for logged-in users (readableBoard).
func (s *Server) boardFile(w http.ResponseWriter, r *http.Request) {
	s.serveBoard(w, r, func(err error) { s.fail(w, r, err) })
}

// GET /api/boards/{id}: the same for an API token.
func (s *Server) apiBoardFile(w http.ResponseWriter, r *http.Request) {
	s.serveBoard(w, r, func(err error) { s.apiFail(w, r, err, errNoSuchBoard) })
}

func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request, fail func(error)) {
	ctx := r.Context()
	id, err := routeID(r, "id")
	var b *domain.Board
	if err == nil {
		b, err = s.readableBoard(ctx, userFrom(ctx), id)
	}
	var data []byte
	if err == nil {
		_, data, err = store.BoardData(ctx, s.Pool, id)
	}
	if err != nil {
		fail(err)
		return
	}
	var info games.Info
	if g, err := games.Get(b.GameID); err == nil {
		info = g.Info()
	}
	// Plain text and an attachment: the upload is never rendered as a page.
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", boardFileName(info, *b)))
	w.Write(data)
}

// gameQual is what the qualification section is made of: the number of
// matches, the game's stored settings and its qualification boards, read
// in three queries.
type gameQual struct {
	Matches  int
	Settings map[string]int
	Boards   store.BoardChoice
}

func (s *Server) loadGameQual(ctx context.Context, info games.Info) (gameQual, error) {
	var q gameQual
	var err error
	if q.Matches, err = store.QualificationMatchCount(ctx, s.Pool, info.ID, games.QualificationMatches); err != nil {
		return q, err
	}
	if q.Settings, err = store.GameMatchSettings(ctx, s.Pool, info.ID); err != nil {
		return q, err
	}
	q.Boards, err = judge.GameBoards(ctx, s.Pool, info.ID, domain.ForQualification)
	return q, err
}

// gameQualView is the game page's qualification section: the rule, and
// each match's seed, seat and board as the judge will play them for the
// next version (judge.scheduleQualification), with the command that plays
// them all, or each one's when one command cannot say it.
func gameQualView(info games.Info, loaded gameQual, loggedIn bool) templates.GameQual {
	q, boards := loaded.Matches, loaded.Boards
	settings, bot := games.Settings(loaded.Settings), starterFile(info)
	d := templates.GameQual{Matches: q, Needs: games.QualificationFirsts(q), CanDownload: loggedIn}
	// `--qualify` plays its --board files in turn, or generated boards: a
	// generated board taking its turn among uploaded ones needs each
	// match's command.
	mixed := len(boards.Boards) > 0 && boards.Generated
	if !mixed {
		var files []string
		for _, b := range boards.Boards {
			files = append(files, boardFileName(info, b))
		}
		d.Command = games.QualifyCommand(info.ID, bot, q, files, settings)
	}
	for i := range q {
		row := templates.GameQualRow{Seed: games.QualificationSeed(i), Seat: games.QualificationSeat(i, info.Players)}
		set := settings
		if k := games.QualificationBoard(i, len(boards.Boards), boards.Generated); k >= 0 {
			b := boards.Boards[k]
			row.Board, row.BoardURL, row.BoardFile = b.Name, boardURL(b.ID), boardFileName(info, b)
			set = games.OnBoard(settings, b.Settings)
		}
		if mixed {
			seats := make([]string, info.Players)
			for s := range seats {
				seats[s] = info.Qualifier
			}
			seats[row.Seat] = bot
			row.Command = games.PlayCommand(info.ID, seats, row.Seed, row.BoardFile, set)
		}
		d.Rows = append(d.Rows, row)
	}
	return d
}

// starterFile is the name the game page gives a student's bot in commands:
// the starter of the first language the game takes (Go's main.go).
func starterFile(info games.Info) string {
	if ls := lang.Offered(info); len(ls) > 0 {
		return ls[0].StarterFile
	}
	return lang.Go.StarterFile
}
