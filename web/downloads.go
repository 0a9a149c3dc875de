package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"arena.dev/downloads"
	"arena.dev/i18n"
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
	linux := downloads.Target{OS: "linux", Arch: "amd64"}
	var building string
	if s.Downloads != nil && (s.Downloads.Prebuilt != "" || s.Downloads.Source != "") {
		building = s.downloadState(r.Context(), linux)
	}
	return templates.ToolInstall{
		Building: building,
		Linux:    downloads.InstallLine(base, linux),
		MacOS:    downloads.InstallLine(base, downloads.Target{OS: "darwin", Arch: "arm64"}),
		Windows:  downloads.InstallLine(base, downloads.Target{OS: "windows", Arch: "amd64"}),
	}
}

// GET /downloads: the arena tool for every system, with install lines.
func (s *Server) downloadsPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, templates.Downloads(s.page(r, i18n.T(r.Context(), "site.tool.title"), ""), downloadsView(r.Context(), s.loadDownloads(r))))
}

// downloadState says, for a target not ready yet, when it should be, in
// words ("" when it is ready, or failed: its download says why).
func (s *Server) downloadState(ctx context.Context, t downloads.Target) string {
	path, eta, err := s.Downloads.Status(t)
	if path != "" || err != nil {
		return ""
	}
	return buildingWords(ctx, eta)
}

// aboutSeconds is a duration rounded up for people: "40 s", "2 min".
func aboutSeconds(d time.Duration) string {
	secs := int(math.Ceil(d.Seconds()))
	if secs >= 120 {
		return fmt.Sprintf("%d min", (secs+59)/60)
	}
	return fmt.Sprintf("%d s", max(secs, 1))
}

// GET /downloads/arena/{os}/{arch}: the arena binary for a system. The
// server builds them in the background when it starts (from source, when
// it has no binaries built ahead); a target not built yet is a quick 503
// that says when it should be ready, with Retry-After, never a request
// that hangs for the build.
func (s *Server) downloadArena(w http.ResponseWriter, r *http.Request) {
	t, ok := downloads.Lookup(chi.URLParam(r, "os"), chi.URLParam(r, "arch"))
	if !ok {
		http.Error(w, i18n.T(r.Context(), "site.downloads.no_system"), http.StatusNotFound) // no session here for the page
		return
	}
	fromSource := i18n.T(r.Context(), "site.downloads.from_source", map[string]any{
		"Command": fmt.Sprintf("CGO_ENABLED=0 GOOS=%s GOARCH=%s go build -o %s ./cmd/arena", t.OS, t.Arch, t.File())})
	var path string
	var eta time.Duration
	err := downloads.ErrNoSource
	if s.Downloads != nil {
		path, eta, err = s.Downloads.Status(t)
	}
	var buildErr *downloads.BuildError
	switch {
	case err == nil && path == "":
		secs := int(math.Ceil(eta.Seconds()))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		http.Error(w, i18n.T(r.Context(), "site.downloads.building_503",
			map[string]any{"Target": t.Title(), "When": aboutSeconds(eta)}), http.StatusServiceUnavailable)
		return
	case errors.Is(err, downloads.ErrNoSource):
		http.Error(w, i18n.T(r.Context(), "site.downloads.no_source", map[string]any{"Target": t.Title(), "FromSource": fromSource}),
			http.StatusServiceUnavailable)
		return
	case errors.As(err, &buildErr):
		s.logger().Error("building the arena tool", "target", t.String(), "err", err)
		w.Header().Set("Retry-After", "60")
		http.Error(w, i18n.T(r.Context(), "site.downloads.build_failed", map[string]any{"Target": t.Title(), "FromSource": fromSource}),
			http.StatusServiceUnavailable)
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
