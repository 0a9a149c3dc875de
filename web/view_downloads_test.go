package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/downloads"
	"arena.dev/i18n"
)

// The downloads page is made from the downloads' state without a server.
func TestDownloadsView(t *testing.T) {
	ctx := context.Background()
	linux := downloads.Targets[0]
	l := downloadsLoad{Version: "v1.2", Available: true, Base: "https://arena.example",
		Building: map[downloads.Target]time.Duration{linux: 40 * time.Second}}
	d := downloadsView(ctx, l)
	if d.Version != "v1.2" || !d.Available || !d.Building || len(d.Rows) != len(downloads.Targets) {
		t.Fatalf("head: %+v", d)
	}
	if r := d.Rows[0]; r.Building != "being built, ready in about 40 s" || r.Href != linux.Path() ||
		!strings.Contains(r.Line, "https://arena.example/downloads/arena/"+linux.OS+"/"+linux.Arch) {
		t.Errorf("the target being built: %+v", r)
	}
	for _, r := range d.Rows[1:] {
		if r.Building != "" {
			t.Errorf("a ready target said to be built: %+v", r)
		}
	}
	if d := downloadsView(i18n.WithLang(ctx, "es"), l); d.Rows[0].Building == "" || strings.Contains(d.Rows[0].Building, "being built") {
		t.Errorf("in Spanish: %q", d.Rows[0].Building)
	}
	// All ready: nothing refreshes; a development build says so.
	l.Building, l.Version = nil, ""
	if d := downloadsView(ctx, l); d.Building || d.Version != "dev" {
		t.Errorf("all ready: %+v", d)
	}
	// No downloads on this server: none said to be built.
	l = downloadsLoad{Building: map[downloads.Target]time.Duration{linux: time.Minute}}
	if d := downloadsView(ctx, l); d.Available || d.Building || d.Rows[0].Building != "" || len(d.Rows) != len(downloads.Targets) {
		t.Errorf("no downloads: %+v", d)
	}
}
