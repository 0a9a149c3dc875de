package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// adminMaxBoardBytes bounds an uploaded board file; real boards are a few KB.
const adminMaxBoardBytes = 1 << 20

// adminQualificationKey is the games.settings entry judge/qualify.go reads, next
// to the game's own parameters.
const adminQualificationKey = "qualification_matches"

// adminGamesForm is what a refused change of one game re-renders with.
type adminGamesForm struct {
	gameID        string
	values        map[string]string // the settings form as submitted
	settingsError string
	boardName     string
	boardError    string
	choiceUse     domain.BoardUse // the board choice form submitted: ladder or qualification
	choiceMode    string
	choiceBoards  []int64 // ticked boards
	choiceError   string
	deadline      string // the deadline form as submitted
	deadlineError string
	pace          *adminPaceForm // the ladder pace form, refused
}

func (s *Server) adminGames(w http.ResponseWriter, r *http.Request) {
	s.renderAdminGames(w, r, http.StatusOK, nil)
}

// renderAdminGames shows the games page, with f's input and reasons on
// the game a refused form was about.
func (s *Server) renderAdminGames(w http.ResponseWriter, r *http.Request, status int, f *adminGamesForm) {
	ctx := r.Context()
	l, err := s.loadAdminGames(ctx)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, status, templates.AdminGames(s.page(r, adminTitle(ctx, "admin.games.page"), "admin"), adminGamesView(ctx, l, f)))
}

func adminByteSize(n int) string {
	if n < 1024 {
		return strconv.Itoa(n) + " B"
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/1024)
}

// settingsText shows settings as name=value in the game's own order where
// possible (sorted otherwise).
func adminSettingsText(ctx context.Context, s map[string]int) string {
	if len(s) == 0 {
		return i18n.T(ctx, "admin.games.defaults_no_board")
	}
	parts := make([]string, 0, len(s))
	for _, k := range adminSortedKeys(s) {
		parts = append(parts, k+"="+strconv.Itoa(s[k]))
	}
	return strings.Join(parts, " ")
}

func (s *Server) adminEnableGame(w http.ResponseWriter, r *http.Request, g games.Game) {
	s.adminSetGameEnabled(w, r, g, true)
}
func (s *Server) adminDisableGame(w http.ResponseWriter, r *http.Request, g games.Game) {
	s.adminSetGameEnabled(w, r, g, false)
}

func (s *Server) adminSetGameEnabled(w http.ResponseWriter, r *http.Request, g games.Game, enabled bool) {
	info := g.Info()
	ctx := r.Context()
	err := service.SetGameEnabled(ctx, s.Pool, info, enabled)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	msg := info.Title + " is disabled: it left the home page and gets no new ladder matches."
	if enabled {
		msg = info.Title + " is enabled."
	}
	s.adminDone(w, r, "/admin/games", msg)
}

func (s *Server) adminGameSettings(w http.ResponseWriter, r *http.Request, g games.Game) {
	info := g.Info()
	f := &adminGamesForm{gameID: info.ID, values: map[string]string{}}
	settings := games.Settings{}
	var problems []string
	read := func(name string) (int, bool) {
		raw := strings.TrimSpace(r.PostForm.Get(name))
		f.values[name] = raw
		if raw == "" {
			return 0, false // the game's default
		}
		v, err := strconv.Atoi(raw)
		if err != nil {
			problems = append(problems, i18n.T(r.Context(), "admin.tournaments.form.bad_number", map[string]any{"Field": name, "Value": raw}))
			return 0, false
		}
		return v, true
	}
	for _, p := range info.Params {
		if v, ok := read(p.Name); ok {
			settings[p.Name] = v
		}
	}
	qual, hasQual := read(adminQualificationKey)
	if len(problems) == 0 {
		if err := info.Check(settings); err != nil {
			problems = append(problems, err.Error())
		}
		if hasQual && (qual < 1 || qual > 20) {
			problems = append(problems, fmt.Sprintf("%s=%d out of range [1, 20]", adminQualificationKey, qual))
		}
	}
	if len(problems) > 0 {
		f.settingsError = i18n.T(r.Context(), "admin.not_saved", map[string]any{"Reason": strings.Join(problems, "; ") + "."})
		s.renderAdminGames(w, r, http.StatusUnprocessableEntity, f)
		return
	}
	stored := map[string]int(settings.Clone())
	if hasQual {
		stored[adminQualificationKey] = qual
	}
	ctx := r.Context()
	err := service.SetGameSettings(ctx, s.Pool, info, stored)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "admin.games.defaults_saved", map[string]any{"Game": info.Title}))
	http.Redirect(w, r, "/admin/games#game-"+info.ID, http.StatusSeeOther)
}

// adminUploadBoard checks uploaded board files, one or several (an
// original kit's *.cnf), each with the game's own parser, and stores the
// valid ones; a refused file is explained on the page. A board of the
// game's original course (games.Info.Original) is named after it.
func (s *Server) adminUploadBoard(w http.ResponseWriter, r *http.Request) {
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	info := g.Info()
	f := &adminGamesForm{gameID: info.ID}
	refuse := func(status int, msg string) {
		f.boardError = msg
		s.renderAdminGames(w, r, status, f)
	}
	// The files plus a little room for the other fields and the multipart framing.
	r.Body = http.MaxBytesReader(w, r.Body, adminMaxBoardBytes+maxFormBytes)
	if err := r.ParseMultipartForm(adminMaxBoardBytes + maxFormBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, i18n.T(r.Context(), "admin.games.boards.too_large"))
			return
		}
		refuse(http.StatusBadRequest, i18n.T(r.Context(), "admin.games.boards.choose_file"))
		return
	}
	defer r.MultipartForm.RemoveAll()
	f.boardName = strings.TrimSpace(r.FormValue("name"))
	files := r.MultipartForm.File["board"]
	if len(files) == 0 {
		refuse(http.StatusUnprocessableEntity, i18n.T(r.Context(), "admin.games.boards.choose_file"))
		return
	}
	name := f.boardName
	if len(files) > 1 {
		name = "" // a name is one file's: several are named after their files
	}
	var saved, refused []string
	status := http.StatusSeeOther
	for _, fh := range files {
		file := path.Base(strings.ReplaceAll(fh.Filename, `\`, "/"))
		done, code, msg, err := s.saveBoard(r, g, name, file, fh)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		if code != 0 {
			if len(files) == 1 {
				if code == http.StatusConflict && done != "" {
					f.boardName = done
				}
				refuse(code, msg)
				return
			}
			status = max(status, code)
			refused = append(refused, file+": "+msg)
			continue
		}
		saved = append(saved, done)
	}
	if len(refused) > 0 {
		msg := i18n.T(r.Context(), "admin.games.boards.not_saved", map[string]any{"Reasons": strings.Join(refused, " ")})
		if len(saved) > 0 {
			msg = i18n.T(r.Context(), "admin.games.boards.saved_some", map[string]any{"Count": len(saved),
				"Names": strings.Join(saved, "; "), "Refused": msg})
		}
		refuse(status, msg)
		return
	}
	msg := i18n.T(r.Context(), "admin.games.boards.saved", map[string]any{"Name": saved[0], "Game": info.Title})
	if len(saved) > 1 {
		msg = i18n.N(r.Context(), "admin.games.boards.saved_many", len(saved), map[string]any{"Game": info.Title,
			"Names": strings.Join(saved, "; ")})
	}
	// Uploading an original may have moved what the game's default plays on.
	for _, u := range boardUses {
		if len(info.OriginalNames(u.use == domain.ForLadder)) == 0 {
			continue
		}
		now, err := judge.GameBoards(r.Context(), s.Pool, info.ID, u.use)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		msg += " " + i18n.T(r.Context(), "admin.games.boards.now_"+string(u.use), map[string]any{"What": boardsInWords(r.Context(), now)})
	}
	s.flash(r.Context(), msg)
	http.Redirect(w, r, "/admin/games#game-"+info.ID, http.StatusSeeOther)
}

// saveBoard checks and stores one uploaded board file, named name (or
// after the original it is, or its file). It returns how the board is
// named and what it is, or why it was refused: an HTTP status and a
// message (with the name taken, for a conflict).
func (s *Server) saveBoard(r *http.Request, g games.Game, name, file string, fh *multipart.FileHeader) (string, int, string, error) {
	info := g.Info()
	if fh.Size > adminMaxBoardBytes {
		return "", http.StatusRequestEntityTooLarge, i18n.T(r.Context(), "admin.games.boards.file_too_large"), nil
	}
	rd, err := fh.Open()
	if err != nil {
		return "", http.StatusBadRequest, i18n.T(r.Context(), "admin.games.boards.unreadable"), nil
	}
	defer rd.Close()
	data, err := io.ReadAll(io.LimitReader(rd, adminMaxBoardBytes+1))
	switch {
	case err != nil:
		return "", http.StatusBadRequest, i18n.T(r.Context(), "admin.games.boards.unreadable"), nil
	case len(data) > adminMaxBoardBytes:
		return "", http.StatusRequestEntityTooLarge, i18n.T(r.Context(), "admin.games.boards.file_too_large"), nil
	case len(data) == 0:
		return "", http.StatusUnprocessableEntity, i18n.T(r.Context(), "admin.games.boards.empty"), nil
	}
	board, err := g.ParseBoard(data)
	if err != nil {
		return "", http.StatusUnprocessableEntity, i18n.T(r.Context(), "admin.games.boards.invalid", map[string]any{"Game": info.Title, "Reason": err.Error()}), nil
	}
	fixed := board.Settings()
	if err := info.CheckBoard(fixed); err != nil {
		return "", http.StatusUnprocessableEntity, i18n.T(r.Context(), "admin.games.boards.impossible", map[string]any{"Reason": err.Error()}), nil
	}
	original, isOriginal := info.Original(data)
	if name == "" && isOriginal {
		name = i18n.T(r.Context(), "admin.games.boards.original_name", map[string]any{"Name": original.Title()})
	}
	if name == "" {
		name = file
	}
	if name == "" || name == "." || name == "/" || utf8.RuneCountInString(name) > 100 || !utf8.ValidString(name) {
		return "", http.StatusUnprocessableEntity, i18n.T(r.Context(), "admin.games.boards.bad_name"), nil
	}
	ctx := r.Context()
	originalName := ""
	if isOriginal {
		originalName = original.Name
	}
	already, err := service.AddBoard(ctx, s.Pool, info, name, data, fixed, userFrom(ctx).ID, originalName)
	switch {
	case already != nil:
		return "", http.StatusConflict, i18n.T(ctx, "admin.games.boards.already", map[string]any{"Name": original.Title(), "Game": info.Title, "As": already.Name}), nil
	case errors.Is(err, domain.ErrConflict):
		return name, http.StatusConflict, i18n.T(ctx, "admin.games.boards.name_taken", map[string]any{"Game": info.Title, "Name": name}), nil
	case err != nil:
		return "", 0, "", err
	}
	if !isOriginal {
		return strconv.Quote(name), 0, "", nil
	}
	return i18n.T(ctx, "admin.games.boards.saved_original", map[string]any{"Name": name, "Original": original.Title()}), 0, "", nil
}

// adminBoardFile lets the admin download a stored board as uploaded.
func (s *Server) adminBoardFile(w http.ResponseWriter, r *http.Request) { s.boardFile(w, r) }

// adminBoardFileName keeps a download name to safe characters.
func adminBoardFileName(name string) string {
	out := strings.Map(func(c rune) rune {
		if c == '.' || c == '-' || c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			return c
		}
		return '_'
	}, name)
	if out == "" {
		return "board.txt"
	}
	return out
}

func (s *Server) adminDeleteBoard(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	if err := store.DeleteBoard(r.Context(), s.Pool, id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/games", i18n.T(r.Context(), "admin.games.boards.deleted"))
}
