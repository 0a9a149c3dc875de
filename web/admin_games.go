package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
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
	ladderMode    string  // the ladder boards form as submitted
	ladderBoards  []int64 // ticked boards
	ladderError   string
	deadline      string // the deadline form as submitted
	deadlineError string
}

func (s *Server) adminGames(w http.ResponseWriter, r *http.Request) {
	s.renderAdminGames(w, r, http.StatusOK, nil)
}

// renderAdminGames lists every registered game with its row in the games
// table (a game not yet recorded there shows as enabled, its default).
func (s *Server) renderAdminGames(w http.ResponseWriter, r *http.Request, status int, f *adminGamesForm) {
	ctx := r.Context()
	rows, err := store.AdminGames(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	boards, err := store.Boards(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	challenges, err := store.ChallengeSwitches(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	var d templates.AdminGamesData
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		info := g.Info()
		row, ok := rows[id]
		if !ok {
			row = store.GameRow{ID: id, Title: info.Title, Enabled: true}
		}
		ag := templates.AdminGame{ID: id, Title: info.Title, Enabled: row.Enabled, Players: info.Players,
			QualDefault: judge.DefaultQualificationMatches}
		value := func(name string) string {
			if f != nil && f.gameID == id && f.values != nil {
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
		ag.Challenges = challenges[id] || !ok // on by default
		ag.Deadline = adminDeadline(row.SubmissionDeadline, f, id)
		ag.LadderMode = ladderMode(row.LadderGenerated, len(row.LadderBoardIDs))
		ladder := row.LadderBoardIDs
		if f != nil && f.gameID == id {
			ag.SettingsError, ag.BoardError, ag.BoardName = f.settingsError, f.boardError, f.boardName
			if f.ladderMode != "" {
				ag.LadderMode, ag.LadderError, ladder = f.ladderMode, f.ladderError, f.ladderBoards
			}
		}
		for _, b := range boards {
			if b.GameID != id {
				continue
			}
			by := b.UploadedBy
			if by == "" {
				by = "unknown"
			}
			ag.Boards = append(ag.Boards, templates.AdminBoardRow{ID: b.ID, Name: b.Name, Size: adminByteSize(b.Size),
				Settings: adminSettingsText(b.Settings), UploadedBy: by, Uploaded: templates.Ago(b.CreatedAt),
				Ladder: slices.Contains(ladder, b.ID)})
		}
		d.Games = append(d.Games, ag)
	}
	s.render(w, r, status, templates.AdminGames(s.page(r, "Games · Admin", "admin"), d))
}

func adminByteSize(n int) string {
	if n < 1024 {
		return strconv.Itoa(n) + " B"
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/1024)
}

// settingsText shows settings as name=value in the game's own order where
// possible (sorted otherwise).
func adminSettingsText(s map[string]int) string {
	if len(s) == 0 {
		return "generated / defaults"
	}
	parts := make([]string, 0, len(s))
	for _, k := range adminSortedKeys(s) {
		parts = append(parts, k+"="+strconv.Itoa(s[k]))
	}
	return strings.Join(parts, " ")
}

// changeGame changes a game's row in one transaction, creating the row
// first: it may not exist yet when no process registered the game.
func (s *Server) changeGame(ctx context.Context, info games.Info, change func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := store.EnsureGame(ctx, tx, info.ID, info.Title); err != nil {
			return err
		}
		return change(tx)
	})
}

func (s *Server) adminEnableGame(w http.ResponseWriter, r *http.Request) {
	s.adminSetGameEnabled(w, r, true)
}
func (s *Server) adminDisableGame(w http.ResponseWriter, r *http.Request) {
	s.adminSetGameEnabled(w, r, false)
}

func (s *Server) adminSetGameEnabled(w http.ResponseWriter, r *http.Request, enabled bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	info := g.Info()
	ctx := r.Context()
	err = s.changeGame(ctx, info, func(tx pgx.Tx) error {
		return store.SetGameEnabled(ctx, tx, info.ID, enabled)
	})
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

func (s *Server) adminGameSettings(w http.ResponseWriter, r *http.Request) {
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
			problems = append(problems, fmt.Sprintf("%s: %q is not a whole number", name, raw))
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
		f.settingsError = "Not saved: " + strings.Join(problems, "; ") + "."
		s.renderAdminGames(w, r, http.StatusUnprocessableEntity, f)
		return
	}
	stored := map[string]int(settings.Clone())
	if hasQual {
		stored[adminQualificationKey] = qual
	}
	ctx := r.Context()
	err = s.changeGame(ctx, info, func(tx pgx.Tx) error {
		return store.SetGameSettings(ctx, tx, info.ID, stored)
	})
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, "Default settings of "+info.Title+" saved.")
	http.Redirect(w, r, "/admin/games#game-"+info.ID, http.StatusSeeOther)
}

// adminUploadBoard checks an uploaded board file with the game's own
// parser and stores it when valid; a refused file is explained on the page.
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
	// The file plus a little room for the other fields and the multipart framing.
	r.Body = http.MaxBytesReader(w, r.Body, adminMaxBoardBytes+maxFormBytes)
	if err := r.ParseMultipartForm(adminMaxBoardBytes + maxFormBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, "The file is larger than 1 MiB: a board file is a few kilobytes.")
			return
		}
		refuse(http.StatusBadRequest, "Choose a board file to upload.")
		return
	}
	defer r.MultipartForm.RemoveAll()
	f.boardName = strings.TrimSpace(r.FormValue("name"))
	file, header, err := r.FormFile("board")
	if err != nil {
		refuse(http.StatusUnprocessableEntity, "Choose a board file to upload.")
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, adminMaxBoardBytes+1))
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	switch {
	case len(data) > adminMaxBoardBytes:
		refuse(http.StatusRequestEntityTooLarge, "The file is larger than 1 MiB: a board file is a few kilobytes.")
		return
	case len(data) == 0:
		refuse(http.StatusUnprocessableEntity, "The file is empty.")
		return
	}
	name := f.boardName
	if name == "" {
		name = path.Base(strings.ReplaceAll(header.Filename, `\`, "/"))
	}
	if name == "" || name == "." || name == "/" || utf8.RuneCountInString(name) > 100 || !utf8.ValidString(name) {
		refuse(http.StatusUnprocessableEntity, "Give the board a name of 1 to 100 characters.")
		return
	}
	board, err := g.ParseBoard(data)
	if err != nil {
		refuse(http.StatusUnprocessableEntity, "This is not a valid "+info.Title+" board: "+err.Error())
		return
	}
	fixed := board.Settings()
	if err := info.CheckBoard(fixed); err != nil {
		refuse(http.StatusUnprocessableEntity, "This board sets impossible settings: "+err.Error())
		return
	}
	ctx := r.Context()
	err = s.changeGame(ctx, info, func(tx pgx.Tx) error {
		_, err := store.CreateBoard(ctx, tx, info.ID, name, data, fixed, userFrom(ctx).ID)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		f.boardName = name
		refuse(http.StatusConflict, fmt.Sprintf("%s already has a board named %q: choose another name.", info.Title, name))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(ctx, fmt.Sprintf("Board %q is valid and saved for %s.", name, info.Title))
	http.Redirect(w, r, "/admin/games#game-"+info.ID, http.StatusSeeOther)
}

// adminBoardFile lets the admin download a stored board as uploaded.
func (s *Server) adminBoardFile(w http.ResponseWriter, r *http.Request) {
	id, ok := urlInt64(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	name, data, err := store.BoardData(r.Context(), s.Pool, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Plain text and an attachment: the upload is never rendered as a page.
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", adminBoardFileName(name)))
	w.Write(data)
}

// boardFileName keeps a download name to safe characters.
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
	id, ok := urlInt64(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	if err := store.DeleteBoard(r.Context(), s.Pool, id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/games", "Board deleted.")
}
