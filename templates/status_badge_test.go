package templates

import (
	"context"
	"strings"
	"testing"

	"arena.dev/store"
)

// A status badge is classed by the status (the stylesheet colours it so)
// and spins while the version is judged.
func TestStatusBadge(t *testing.T) {
	for _, s := range []store.VersionStatus{store.StatusQueued, store.StatusCompiling, store.StatusCompileError,
		store.StatusQualifying, store.StatusRejected, store.StatusAccepted, store.StatusSuperseded} {
		var b strings.Builder
		if err := StatusBadge(s).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		if !strings.Contains(html, `class="badge `+string(s)+`"`) {
			t.Errorf("%s: badge not classed by its status: %s", s, html)
		}
		if strings.Contains(html, "spinner") != s.InProgress() {
			t.Errorf("%s: spinner shown %v, want %v: %s", s, !s.InProgress(), s.InProgress(), html)
		}
		if !strings.Contains(html, StatusLabel(s)) || statusHelp(s) == "" {
			t.Errorf("%s: no label or help: %s", s, html)
		}
	}
}
