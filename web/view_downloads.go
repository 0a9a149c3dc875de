package web

import (
	"cmp"
	"context"
	"net/http"
	"time"

	"arena.dev/downloads"
	"arena.dev/i18n"
	"arena.dev/templates"
)

// downloadsLoad is what the downloads page is made of (no query: the
// server's build and its downloads' state); downloadsView makes the page
// of it.
type downloadsLoad struct {
	Version   string // the server's; "" for a development build
	Available bool   // binaries built ahead, or a source tree to build them from
	Base      string // the site's address, for the install lines
	// Building are the targets being built, with when they should be
	// ready; ready ones and failed ones (their link says why) are not.
	Building map[downloads.Target]time.Duration
}

func (s *Server) loadDownloads(r *http.Request) downloadsLoad {
	l := downloadsLoad{Version: s.Version, Base: s.baseURL(r), Building: map[downloads.Target]time.Duration{},
		Available: s.Downloads != nil && (s.Downloads.Prebuilt != "" || s.Downloads.Source != "")}
	if !l.Available {
		return l
	}
	for _, t := range downloads.Targets {
		if path, eta, err := s.Downloads.Status(t); path == "" && err == nil {
			l.Building[t] = eta
		}
	}
	return l
}

// downloadsView is the downloads page: the arena tool for every system,
// with its install line, and when the ones being built should be ready.
func downloadsView(ctx context.Context, l downloadsLoad) templates.DownloadsData {
	d := templates.DownloadsData{Version: cmp.Or(l.Version, "dev"), Available: l.Available}
	for _, t := range downloads.Targets {
		row := templates.DownloadRow{Title: t.Title(), Href: t.Path(), File: t.File(), Line: downloads.InstallLine(l.Base, t)}
		if eta, ok := l.Building[t]; ok && l.Available {
			row.Building = buildingWords(ctx, eta)
			d.Building = true
		}
		d.Rows = append(d.Rows, row)
	}
	return d
}

// buildingWords say when a download being built should be ready.
func buildingWords(ctx context.Context, eta time.Duration) string {
	return i18n.T(ctx, "site.downloads.state", map[string]any{"When": aboutSeconds(eta)})
}
