package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"arena.dev/copycheck"
	"arena.dev/domain"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/request"
)

// Base code an admin adds to a game's copy check (issue 35): the files a
// course gives its students (the original kit's AIDemo.cc, a teacher's
// sample player), left out of every version's fingerprints as our kit and
// Demo are. Any change re-indexes the game (judge.ReindexCopies): its
// pairs are scored again from scratch on the new base code.

// Limits of an upload: a base file is a source file, as a submission's.
const (
	copyBaseMaxFile  = 256 << 10
	copyBaseMaxBytes = 1 << 20
	copyBaseMaxFiles = 50 // a game's, in all
)

// POST /admin/games/{game}/copies/base (file: one or more source files)
func (s *Server) adminCopyBaseUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := routeGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	gameID := g.Info().ID
	refuse := func(status int, msg string) { s.renderAdminCopies(w, r, status, msg) }
	r.Body = http.MaxBytesReader(w, r.Body, copyBaseMaxBytes+maxFormBytes)
	if err := r.ParseMultipartForm(copyBaseMaxBytes + maxFormBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, i18n.T(ctx, "admin.copies.base_too_large"))
			return
		}
		refuse(http.StatusBadRequest, i18n.T(ctx, "admin.copies.base_choose"))
		return
	}
	defer r.MultipartForm.RemoveAll()
	headers := r.MultipartForm.File["file"]
	if len(headers) == 0 {
		refuse(http.StatusUnprocessableEntity, i18n.T(ctx, "admin.copies.base_choose"))
		return
	}
	var files []store.CopyBaseFile
	for _, fh := range headers {
		name := path.Base(strings.ReplaceAll(fh.Filename, `\`, "/"))
		f, status, msg := readCopyBaseFile(ctx, fh.Size, name, func() (io.ReadCloser, error) { return fh.Open() })
		if msg != "" {
			refuse(status, i18n.T(ctx, "admin.copies.file.nothing_added", map[string]any{"Reason": msg}))
			return
		}
		f.GameID = gameID
		files = append(files, f)
	}
	if s.Jobs == nil {
		s.serverError(w, r, errors.New("copy check base code: the server has no job client"))
		return
	}
	queued, err := service.AddCopyBaseFiles(ctx, s.Pool, s.Jobs, gameID, files, userFrom(ctx).ID, copyBaseMaxFiles)
	if errors.Is(err, service.ErrTooManyBaseFiles) {
		refuse(http.StatusUnprocessableEntity, i18n.T(ctx, "admin.copies.base_too_many", map[string]any{"Max": copyBaseMaxFiles}))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	s.adminDone(w, r, "/admin/games/"+gameID+"/copies", i18n.T(ctx, "admin.copies.base_added",
		map[string]any{"Files": strings.Join(names, ", "), "Then": reindexNote(ctx, queued)}))
}

// readCopyBaseFile checks and reads one uploaded base file; a refusal
// comes with its status and reason.
func readCopyBaseFile(ctx context.Context, size int64, name string, open func() (io.ReadCloser, error)) (store.CopyBaseFile, int, string) {
	say := func(id string) string {
		return i18n.T(ctx, "admin.copies.file."+id, map[string]any{"Name": name, "KB": copyBaseMaxFile >> 10})
	}
	f := store.CopyBaseFile{Name: name}
	lang, ok := copycheck.LanguageOf(name)
	if !ok || len(name) > 128 || strings.ContainsAny(name, "\x00\n\r") {
		return f, http.StatusUnprocessableEntity, say("not_source")
	}
	if size > copyBaseMaxFile {
		return f, http.StatusRequestEntityTooLarge, say("too_large")
	}
	rc, err := open()
	if err != nil {
		return f, http.StatusBadRequest, say("unreadable")
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, copyBaseMaxFile+1))
	switch {
	case err != nil:
		return f, http.StatusBadRequest, say("unreadable")
	case len(data) > copyBaseMaxFile:
		return f, http.StatusRequestEntityTooLarge, say("too_large")
	case !utf8.Valid(data) || strings.ContainsRune(string(data), 0):
		return f, http.StatusUnprocessableEntity, say("not_utf8")
	case strings.TrimSpace(string(data)) == "":
		return f, http.StatusUnprocessableEntity, say("empty")
	}
	f.Language, f.Source = lang, string(data)
	return f, 0, ""
}

// POST /admin/games/{game}/copies/base/{id}/delete
func (s *Server) adminCopyBaseDelete(w http.ResponseWriter, r *http.Request, g games.Game) {
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	if s.Jobs == nil {
		s.serverError(w, r, errors.New("copy check base code: the server has no job client"))
		return
	}
	ctx := r.Context()
	gameID := g.Info().ID
	name, queued, err := service.DeleteCopyBaseFile(ctx, s.Pool, s.Jobs, gameID, id)
	if errors.Is(err, domain.ErrNotFound) {
		s.renderAdminCopies(w, r, http.StatusNotFound, i18n.T(ctx, "admin.copies.base_gone"))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/games/"+gameID+"/copies", i18n.T(ctx, "admin.copies.file.removed", map[string]any{"Name": name, "Then": reindexNote(ctx, queued)}))
}

func reindexNote(ctx context.Context, queued int) string {
	if queued == 0 {
		return i18n.T(ctx, "admin.copies.base_none_compiled")
	}
	return i18n.N(ctx, "admin.copies.restart", queued)
}
