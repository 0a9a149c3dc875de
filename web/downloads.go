package web

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/go-chi/chi/v5"

	"arena.dev/downloads"
	"arena.dev/templates"
)

// baseURL is the site's address as users reach it: ARENA_PUBLIC_URL when
// set, else the request's host.
func (s *Server) baseURL(r *http.Request) string {
	if s.PublicURL != "" {
		return strings.TrimSuffix(s.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil || s.HTTPS {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// toolInstall is the game page's install lines.
func (s *Server) toolInstall(r *http.Request) templates.ToolInstall {
	base := s.baseURL(r)
	return templates.ToolInstall{
		Linux:   downloads.InstallLine(base, downloads.Target{OS: "linux", Arch: "amd64"}),
		MacOS:   downloads.InstallLine(base, downloads.Target{OS: "darwin", Arch: "arm64"}),
		Windows: downloads.InstallLine(base, downloads.Target{OS: "windows", Arch: "amd64"}),
	}
}

// GET /downloads: the arena tool for every system, with install lines.
func (s *Server) downloadsPage(w http.ResponseWriter, r *http.Request) {
	d := templates.DownloadsData{Version: s.Version, Available: s.Downloads != nil &&
		(s.Downloads.Prebuilt != "" || s.Downloads.Source != "")}
	if d.Version == "" {
		d.Version = "dev"
	}
	base := s.baseURL(r)
	for _, t := range downloads.Targets {
		d.Rows = append(d.Rows, templates.DownloadRow{Title: t.Title(), Href: t.Path(), File: t.File(),
			Line: downloads.InstallLine(base, t)})
	}
	s.render(w, r, http.StatusOK, templates.Downloads(s.page(r, "The arena tool", ""), d))
}

// GET /downloads/arena/{os}/{arch}: the arena binary for a system, built
// on the first request when the server builds from source (the request
// waits for the build).
func (s *Server) downloadArena(w http.ResponseWriter, r *http.Request) {
	t, ok := downloads.Lookup(chi.URLParam(r, "os"), chi.URLParam(r, "arch"))
	if !ok {
		http.Error(w, "No arena binary for this system: see /downloads.", http.StatusNotFound) // no session here for the page
		return
	}
	fromSource := fmt.Sprintf("build it from Arena's source, in its source tree:\n\n"+
		"    CGO_ENABLED=0 GOOS=%s GOARCH=%s go build -o %s ./cmd/arena\n", t.OS, t.Arch, t.File())
	var path string
	err := downloads.ErrNoSource
	if s.Downloads != nil {
		path, err = s.Downloads.Path(r.Context(), t)
	}
	var buildErr *downloads.BuildError
	switch {
	case r.Context().Err() != nil:
		return // the client left while it waited for the build
	case errors.Is(err, downloads.ErrNoSource):
		http.Error(w, "This server has no arena binary for "+t.Title()+": "+fromSource, http.StatusServiceUnavailable)
		return
	case errors.As(err, &buildErr):
		s.logger().Error("building the arena tool", "target", t.String(), "err", err)
		w.Header().Set("Retry-After", "60")
		http.Error(w, "arena for "+t.Title()+" could not be built just now (the server's log says why). "+
			"Try again in a minute, or "+fromSource, http.StatusServiceUnavailable)
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="`+t.File()+`"`)
	http.ServeContent(w, r, t.File(), fi.ModTime(), f)
}
