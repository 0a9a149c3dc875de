package templates

import (
	"context"
	"strings"
	"testing"

	"arena.dev/domain"
)

// A status badge is classed by the status (the stylesheet colours it so)
// and spins while the version is judged.
func TestStatusBadge(t *testing.T) {
	for _, s := range []domain.VersionStatus{domain.StatusQueued, domain.StatusCompiling, domain.StatusCompileError,
		domain.StatusQualifying, domain.StatusRejected, domain.StatusAccepted, domain.StatusSuperseded} {
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
		if !strings.Contains(html, StatusLabel(context.Background(), s)) || statusHelp(context.Background(), s) == "" {
			t.Errorf("%s: no label or help: %s", s, html)
		}
	}
}

// A language tag is classed and titled by the language (a typed id must
// not reach templ's class rendering as anything but its text).
func TestLangTag(t *testing.T) {
	for id, title := range map[domain.Language]string{"go": "Go", "cpp": "C++"} {
		var b strings.Builder
		if err := LangTag(id).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		if !strings.Contains(html, `class="lang-tag lang-`+string(id)+`"`) || !strings.Contains(html, ">"+title+"<") {
			t.Errorf("%s: %s", id, html)
		}
	}
	var b strings.Builder
	if err := LangTag("").Render(context.Background(), &b); err != nil || b.Len() != 0 {
		t.Errorf("a built-in bot's tag: %q, %v", b.String(), err)
	}
}
