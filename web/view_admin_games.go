package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/ladder"
	"arena.dev/store"
	"arena.dev/templates"
)

// adminGamesLoad is what the admin's games page is made of, as the
// database has it: loadAdminGames reads it in five queries whatever the
// number of games, adminGamesView makes the page of it without one.
type adminGamesLoad struct {
	Rows       map[string]store.GameRow // the games table, by id; a game not in it is not recorded yet
	Boards     []domain.Board           // every game's uploaded boards
	Challenges map[string]bool          // challenges on, by game
	Paces      map[string]store.LadderPace
	Candidates map[string][]domain.Candidate // ladder candidates, by game
	Now        time.Time
}

func (s *Server) loadAdminGames(ctx context.Context) (adminGamesLoad, error) {
	l := adminGamesLoad{Now: time.Now()}
	var err error
	if l.Rows, err = store.AdminGames(ctx, s.Pool); err != nil {
		return l, err
	}
	if l.Boards, err = store.Boards(ctx, s.Pool); err != nil {
		return l, err
	}
	if l.Challenges, err = store.ChallengeSwitches(ctx, s.Pool); err != nil {
		return l, err
	}
	if l.Paces, err = store.LadderPaces(ctx, s.Pool); err != nil {
		return l, err
	}
	l.Candidates, err = store.AllLadderCandidates(ctx, s.Pool)
	return l, err
}

// adminGamesView lists every registered game with its row in the games
// table (a game not yet recorded there shows as enabled, its default),
// with f's input and reasons on the game a refused form was about.
func adminGamesView(ctx context.Context, l adminGamesLoad, f *adminGamesForm) templates.AdminGamesData {
	var d templates.AdminGamesData
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		if f != nil && f.gameID != id {
			d.Games = append(d.Games, adminGameView(ctx, g.Info(), l, nil))
			continue
		}
		d.Games = append(d.Games, adminGameView(ctx, g.Info(), l, f))
	}
	return d
}

// adminGameView is one game on the games page; f is nil or a refused form
// about this game.
func adminGameView(ctx context.Context, info games.Info, l adminGamesLoad, f *adminGamesForm) templates.AdminGame {
	id := info.ID
	row, recorded := l.Rows[id]
	if !recorded {
		row = store.GameRow{ID: id, Title: info.Title, Enabled: true}
	}
	ag := templates.AdminGame{ID: id, Title: info.Title, Enabled: row.Enabled, Players: info.Players,
		QualDefault: games.QualificationMatches}
	value := func(name string) string {
		if f != nil && f.values != nil {
			return f.values[name]
		}
		if v, ok := row.Settings[name]; ok {
			return strconv.Itoa(v)
		}
		return ""
	}
	for _, p := range info.Params {
		ag.Params = append(ag.Params, templates.AdminGameParam{Name: p.Name, Value: value(p.Name), Default: p.Default, Min: p.Min, Max: p.Max})
	}
	ag.Qualification = value(adminQualificationKey)
	ag.Challenges = l.Challenges[id] || !recorded // on by default
	ag.Deadline = adminDeadline(ctx, row.SubmissionDeadline, f, l.Now)
	var paceForm *adminPaceForm
	if f != nil {
		ag.SettingsError, ag.BoardError, ag.BoardName = f.settingsError, f.boardError, f.boardName
		paceForm = f.pace
	}
	pace, ok := l.Paces[id]
	if !ok {
		pace = store.LadderPace{GameID: id, Pace: ladder.DefaultPace}
	}
	ag.Pace = adminPaceView(ctx, pace, l.Candidates[id], paceForm, l.Now)
	ag.Choices = adminBoardChoices(ctx, info, row, recorded, l.Boards, f)
	for _, b := range l.Boards {
		if b.GameID != id {
			continue
		}
		by := b.UploadedBy
		if by == "" {
			by = "unknown"
		}
		br := templates.AdminBoardRow{ID: b.ID, Name: b.Name, Size: adminByteSize(b.Size),
			Settings: adminSettingsText(ctx, b.Settings), UploadedBy: by, Uploaded: templates.Ago(ctx, b.CreatedAt)}
		if o, ok := info.OriginalNamed(b.Original); ok {
			br.Original = o.Title()
		}
		ag.Boards = append(ag.Boards, br)
	}
	return ag
}

// adminPaceView is a game's ladder pace on the games page: the settings
// (as stored, or as typed when refused), the versions still unsettled
// among its ladder candidates and the pace they put in force now, and
// what the matchmaker last did.
func adminPaceView(ctx context.Context, row store.LadderPace, cands []domain.Candidate, f *adminPaceForm, now time.Time) templates.AdminPace {
	versions := 0
	for _, c := range cands {
		if !c.House {
			versions++
		}
	}
	unsettled := ladder.Unsettled(cands)
	p := templates.AdminPace{
		Trickle: strconv.Itoa(row.Trickle), HourlyCap: strconv.Itoa(row.HourlyCap), Paused: row.Paused,
		Versions: versions, Unsettled: unsettled, Mode: string(ladder.ModeOf(row.Pace, versions, unsettled)),
		SettledSigma: ladder.SettledSigma, SettledGames: ladder.SettledGames, MaxTrickle: ladder.MaxTrickle,
	}
	if row.HourStart.Equal(ladder.HourOf(now)) {
		p.HourPlanned = row.HourPlanned
	}
	if !row.LastPlanned.IsZero() {
		p.LastPlanned = templates.Ago(ctx, row.LastPlanned)
	}
	if f != nil {
		p.Trickle, p.HourlyCap, p.Paused = f.trickle, f.hourlyCap, f.paused
		p.Errors = f.errors
	}
	return p
}

// adminBoardChoices are a game's board forms on the games page: as stored,
// or as refused (f) for the one the admin just sent, each saying what it
// plays on now.
func adminBoardChoices(ctx context.Context, info games.Info, row store.GameRow, recorded bool, boards []domain.Board, f *adminGamesForm) []templates.AdminBoardChoice {
	var out []templates.AdminBoardChoice
	for _, u := range boardUses {
		c := templates.AdminBoardChoice{Use: string(u.use), Title: i18n.T(ctx, u.title)}
		ladder := u.use == domain.ForLadder
		originals := info.OriginalNames(ladder)
		var files []string
		for _, name := range originals {
			o, _ := info.OriginalNamed(name)
			files = append(files, o.File())
		}
		c.Default = strings.Join(files, ", ")
		if ladder {
			c.Mode, c.Ticked = boardMode(row.LadderChosen, row.LadderGenerated, len(row.LadderBoardIDs)), row.LadderBoardIDs
		} else {
			c.Mode, c.Ticked = boardMode(row.QualificationChosen, row.QualificationGenerated, len(row.QualificationBoardIDs)), row.QualificationBoardIDs
		}
		if c.Mode == templates.BoardsDefault && c.Default == "" {
			c.Mode = templates.BoardsGenerated // the game's default is generated boards
		}
		if f != nil && f.choiceUse == u.use {
			c.Mode, c.Ticked, c.Error = f.choiceMode, f.choiceBoards, f.choiceError
		}
		var now store.BoardChoice
		if recorded {
			now = gameBoardChoice(row, u.use, originals, boards)
		} else {
			now = store.BoardChoice{Generated: true} // a game not recorded yet has no boards
		}
		c.Now = boardsInWords(ctx, now)
		out = append(out, c)
	}
	return out
}

// gameBoardChoice is what a recorded game's ladder or qualification plays
// on (store.GameBoards) from its row and the uploaded boards: the chosen
// boards of the game in the chosen order, or by default its boards that
// are the originals for the use, in the originals' order (generated
// boards when there are none).
func gameBoardChoice(row store.GameRow, use domain.BoardUse, originals []string, boards []domain.Board) store.BoardChoice {
	chosen, generated, ids := row.QualificationChosen, row.QualificationGenerated, row.QualificationBoardIDs
	if use == domain.ForLadder {
		chosen, generated, ids = row.LadderChosen, row.LadderGenerated, row.LadderBoardIDs
	}
	c := store.BoardChoice{Chosen: chosen, Generated: generated}
	brief := func(b domain.Board) domain.Board {
		return domain.Board{ID: b.ID, GameID: b.GameID, Name: b.Name, Original: b.Original, Settings: b.Settings}
	}
	if chosen {
		for _, id := range ids {
			if i := slices.IndexFunc(boards, func(b domain.Board) bool { return b.ID == id && b.GameID == row.ID }); i >= 0 {
				c.Boards = append(c.Boards, brief(boards[i]))
			}
		}
		return c
	}
	for _, name := range originals {
		for _, b := range boards {
			if b.GameID == row.ID && b.Original == name {
				c.Boards = append(c.Boards, brief(b))
			}
		}
	}
	c.Generated = len(c.Boards) == 0
	return c
}
