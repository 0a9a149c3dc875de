package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5"

	"arena.dev/store"
	"arena.dev/templates"
)

// ladderMode names what a game's ladder plays on, from its row.
func ladderMode(generated bool, boards int) string {
	switch {
	case !generated:
		return templates.LadderUploaded
	case boards > 0:
		return templates.LadderBoth
	default:
		return templates.LadderGenerated
	}
}

// adminLadderBoards saves what a game's ladder plays on: generated boards,
// uploaded boards in turn, or both. Matches already queued keep theirs.
func (s *Server) adminLadderBoards(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	info := g.Info()
	if err := r.ParseForm(); err != nil {
		http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
		return
	}
	f := &adminGamesForm{gameID: info.ID, ladderMode: r.PostForm.Get("mode")}
	for _, v := range r.PostForm["ladder_board"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			http.Error(w, "Bad board id.", http.StatusBadRequest)
			return
		}
		f.ladderBoards = append(f.ladderBoards, id)
	}
	refuse := func(msg string) {
		f.ladderError = "Not saved: " + msg
		s.renderAdminGames(w, r, http.StatusUnprocessableEntity, f)
	}
	generated := f.ladderMode != templates.LadderUploaded
	boards := f.ladderBoards
	switch f.ladderMode {
	case templates.LadderGenerated:
		boards = nil // ticks without "uploaded" or "both" mean nothing
	case templates.LadderUploaded, templates.LadderBoth:
		if len(boards) == 0 {
			refuse("tick at least one uploaded board, or choose generated boards.")
			return
		}
	default:
		f.ladderMode = ladderMode(true, 0)
		refuse("choose what the ladder plays on.")
		return
	}
	ctx := r.Context()
	var mismatch bool
	err = s.changeGame(ctx, info, func(tx pgx.Tx) error {
		n, err := store.CountGameBoards(ctx, tx, info.ID, boards)
		if err != nil {
			return err
		}
		if mismatch = n != len(boards); mismatch {
			return nil
		}
		return store.SetLadderBoards(ctx, tx, info.ID, generated, boards)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if mismatch {
		refuse(fmt.Sprintf("a ticked board does not exist (any more) or is not a board of %s.", info.Title))
		return
	}
	msg := fmt.Sprintf("The %s ladder plays on generated boards.", info.Title)
	switch f.ladderMode {
	case templates.LadderUploaded:
		msg = fmt.Sprintf("The %s ladder plays on %d uploaded board(s) in turn.", info.Title, len(boards))
	case templates.LadderBoth:
		msg = fmt.Sprintf("The %s ladder plays on %d uploaded board(s) and a generated one, in turn.", info.Title, len(boards))
	}
	s.adminDone(w, r, "/admin/games#game-"+info.ID, msg)
}
