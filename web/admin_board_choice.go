package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
)

// boardUses are the uses of a game's boards an admin chooses, in the
// order the games page shows them, with their forms' titles.
var boardUses = []struct {
	use   domain.BoardUse
	title string // message id
}{{domain.ForLadder, "admin.games.choice.title_ladder"}, {domain.ForQualification, "admin.games.choice.title_qualification"}}

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

// boardsInWords says what a choice of boards plays on: "generated boards",
// "original default, then a generated one, in turn".
func boardsInWords(ctx context.Context, c store.BoardChoice) string {
	names := make([]string, len(c.Boards))
	for i, b := range c.Boards {
		names[i] = strconv.Quote(b.Name)
	}
	s := strings.Join(names, ", ")
	switch {
	case len(names) == 0:
		s = i18n.T(ctx, "admin.games.choice.words_generated")
	case c.Generated:
		s = i18n.T(ctx, "admin.games.choice.words_then_generated", map[string]any{"Boards": s})
	case len(names) > 1:
		s = i18n.T(ctx, "admin.games.choice.words_in_turn", map[string]any{"Boards": s})
	}
	if !c.Chosen {
		s = i18n.T(ctx, "admin.games.choice.words_default", map[string]any{"Boards": s})
	}
	return s
}

// adminBoardChoice saves what a game's ladder or qualification plays on:
// its default, generated boards, uploaded boards in turn, or both. Matches
// already queued keep theirs.
func (s *Server) adminBoardChoice(use domain.BoardUse) func(http.ResponseWriter, *http.Request, games.Game) {
	return func(w http.ResponseWriter, r *http.Request, g games.Game) {
		info := g.Info()
		f := &adminGamesForm{gameID: info.ID, choiceUse: use, choiceMode: r.PostForm.Get("mode")}
		for _, v := range r.PostForm[string(use)+"_board"] {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id <= 0 {
				http.Error(w, i18n.T(r.Context(), "admin.games.choice.bad_board_id"), http.StatusBadRequest)
				return
			}
			f.choiceBoards = append(f.choiceBoards, id)
		}
		what := "ladder"
		if use == domain.ForQualification {
			what = "qualification"
		}
		refuse := func(msg string) {
			f.choiceError = i18n.T(r.Context(), "admin.not_saved", map[string]any{"Reason": msg})
			s.renderAdminGames(w, r, http.StatusUnprocessableEntity, f)
		}
		generated := f.choiceMode != templates.BoardsUploaded
		boards := f.choiceBoards
		switch f.choiceMode {
		case templates.BoardsDefault, templates.BoardsGenerated:
			boards = nil // ticks without "uploaded" or "both" mean nothing
		case templates.BoardsUploaded, templates.BoardsBoth:
			if len(boards) == 0 {
				refuse(i18n.T(r.Context(), "admin.games.choice.tick_one"))
				return
			}
		default:
			f.choiceMode = templates.BoardsGenerated
			refuse(i18n.T(r.Context(), "admin.games.choice.choose_"+what))
			return
		}
		ctx := r.Context()
		mismatch, err := service.ChooseGameBoards(ctx, s.Pool, info, use, f.choiceMode == templates.BoardsDefault, generated, boards)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if mismatch {
			refuse(i18n.T(ctx, "admin.games.choice.not_of_game", map[string]any{"Game": info.Title}))
			return
		}
		game := map[string]any{"Game": info.Title}
		msg := i18n.T(ctx, "admin.games.choice.generated_"+what, game)
		switch f.choiceMode {
		case templates.BoardsDefault:
			now, err := judge.GameBoards(ctx, s.Pool, info.ID, use)
			if err != nil {
				s.serverError(w, r, err)
				return
			}
			msg = i18n.T(ctx, "admin.games.choice.default_"+what, map[string]any{"Game": info.Title, "Boards": boardsInWords(ctx, now)})
		case templates.BoardsUploaded:
			msg = i18n.N(ctx, "admin.games.choice.uploaded_"+what, len(boards), game)
		case templates.BoardsBoth:
			msg = i18n.N(ctx, "admin.games.choice.both_"+what, len(boards), game)
		}
		s.adminDone(w, r, "/admin/games#game-"+info.ID, msg)
	}
}
