package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// boardUses are the uses of a game's boards an admin chooses, in the
// order the games page shows them, with their forms' titles.
var boardUses = []struct {
	use   store.BoardUse
	title string
}{{store.ForLadder, "Ladder boards"}, {store.ForQualification, "Qualification boards"}}

// boardMode names what a game's ladder or qualification plays on, from its
// row.
func boardMode(chosen, generated bool, boards int) string {
	switch {
	case !chosen:
		return templates.BoardsDefault
	case !generated:
		return templates.BoardsUploaded
	case boards > 0:
		return templates.BoardsBoth
	default:
		return templates.BoardsGenerated
	}
}

// adminBoardChoices are a game's board forms on the games page: as stored,
// or as refused (f) for the one the admin just sent.
func adminBoardChoices(ctx context.Context, db store.DB, info games.Info, row store.GameRow, f *adminGamesForm) ([]templates.AdminBoardChoice, error) {
	var out []templates.AdminBoardChoice
	for _, u := range boardUses {
		c := templates.AdminBoardChoice{Use: string(u.use), Title: u.title}
		ladder := u.use == store.ForLadder
		var files []string
		for _, name := range info.OriginalNames(ladder) {
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
		if f != nil && f.gameID == info.ID && f.choiceUse == u.use {
			c.Mode, c.Ticked, c.Error = f.choiceMode, f.choiceBoards, f.choiceError
		}
		now, err := judge.GameBoards(ctx, db, info.ID, u.use)
		if err != nil {
			return nil, err
		}
		c.Now = boardsInWords(now)
		out = append(out, c)
	}
	return out, nil
}

// boardsInWords says what a choice of boards plays on: "generated boards",
// "original default, then a generated one, in turn".
func boardsInWords(c store.BoardChoice) string {
	names := make([]string, len(c.Boards))
	for i, b := range c.Boards {
		names[i] = strconv.Quote(b.Name)
	}
	s := strings.Join(names, ", ")
	switch {
	case len(names) == 0:
		s = "boards generated from each match's seed"
	case c.Generated:
		s += ", then a generated board, in turn"
	case len(names) > 1:
		s += ", in turn"
	}
	if !c.Chosen {
		s += " (the game's default)"
	}
	return s
}

// adminBoardChoice saves what a game's ladder or qualification plays on:
// its default, generated boards, uploaded boards in turn, or both. Matches
// already queued keep theirs.
func (s *Server) adminBoardChoice(use store.BoardUse) func(http.ResponseWriter, *http.Request, games.Game) {
	return func(w http.ResponseWriter, r *http.Request, g games.Game) {
		info := g.Info()
		f := &adminGamesForm{gameID: info.ID, choiceUse: use, choiceMode: r.PostForm.Get("mode")}
		for _, v := range r.PostForm[string(use)+"_board"] {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id <= 0 {
				http.Error(w, "Bad board id.", http.StatusBadRequest)
				return
			}
			f.choiceBoards = append(f.choiceBoards, id)
		}
		what := "ladder"
		if use == store.ForQualification {
			what = "qualification"
		}
		refuse := func(msg string) {
			f.choiceError = "Not saved: " + msg
			s.renderAdminGames(w, r, http.StatusUnprocessableEntity, f)
		}
		generated := f.choiceMode != templates.BoardsUploaded
		boards := f.choiceBoards
		switch f.choiceMode {
		case templates.BoardsDefault, templates.BoardsGenerated:
			boards = nil // ticks without "uploaded" or "both" mean nothing
		case templates.BoardsUploaded, templates.BoardsBoth:
			if len(boards) == 0 {
				refuse("tick at least one uploaded board, or choose generated boards.")
				return
			}
		default:
			f.choiceMode = templates.BoardsGenerated
			refuse("choose what the " + what + " plays on.")
			return
		}
		ctx := r.Context()
		var mismatch bool
		err := s.changeGame(ctx, info, func(tx pgx.Tx) error {
			if f.choiceMode == templates.BoardsDefault {
				return store.DefaultGameBoards(ctx, tx, info.ID, use)
			}
			n, err := store.CountGameBoards(ctx, tx, info.ID, boards)
			if err != nil {
				return err
			}
			if mismatch = n != len(boards); mismatch {
				return nil
			}
			return store.SetGameBoards(ctx, tx, info.ID, use, generated, boards)
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if mismatch {
			refuse(fmt.Sprintf("a ticked board does not exist (any more) or is not a board of %s.", info.Title))
			return
		}
		msg := fmt.Sprintf("The %s %s plays on generated boards.", info.Title, what)
		switch f.choiceMode {
		case templates.BoardsDefault:
			now, err := judge.GameBoards(ctx, s.Pool, info.ID, use)
			if err != nil {
				s.serverError(w, r, err)
				return
			}
			msg = fmt.Sprintf("The %s %s plays on %s.", info.Title, what, boardsInWords(now))
		case templates.BoardsUploaded:
			msg = fmt.Sprintf("The %s %s plays on %d uploaded board(s) in turn.", info.Title, what, len(boards))
		case templates.BoardsBoth:
			msg = fmt.Sprintf("The %s %s plays on %d uploaded board(s) and a generated one, in turn.", info.Title, what, len(boards))
		}
		s.adminDone(w, r, "/admin/games#game-"+info.ID, msg)
	}
}
