package domain_test

import (
	"errors"
	"fmt"
	"testing"

	"arena.dev/domain"
)

// An Error's English message is its template filled with its data;
// wrapped, its code is still found, and the sentinels still match.
func TestError(t *testing.T) {
	e := domain.Refusal("errors.challenge.no_bot", "no bot {{.Ref}} in {{.Game}}", domain.Data{"Ref": domain.Quote(`a"b`), "Game": "Race"})
	if e.Message != `no bot "a\"b" in Race` || e.Error() != e.Message || e.Code != domain.Invalid {
		t.Fatalf("message %q, code %s", e.Message, e.Code)
	}
	wrapped := fmt.Errorf("seat 2: %w", e)
	if domain.CodeOf(wrapped) != domain.Invalid {
		t.Fatalf("wrapped: code %s", domain.CodeOf(wrapped))
	}
	if domain.CodeOf(errors.New("disk full")) != domain.Internal || domain.CodeOf(nil) != domain.Internal {
		t.Fatal("a plain error is not internal")
	}
	nf := fmt.Errorf("bot 3: %w", domain.ErrNotFound)
	if !errors.Is(nf, domain.ErrNotFound) || errors.Is(nf, domain.ErrConflict) || domain.CodeOf(nf) != domain.NotFound {
		t.Fatal("sentinels")
	}
	if errors.Is(domain.ErrInUse, domain.ErrConflict) || domain.CodeOf(domain.ErrInUse) != domain.Conflict {
		t.Fatal("in use is a conflict, not the conflict sentinel")
	}
	// A template that does not run shows as written rather than failing.
	if got := domain.Fill("{{.Missing}} left", nil); got != "{{.Missing}} left" {
		t.Fatalf("missing key: %q", got)
	}
}

func TestCompareRank(t *testing.T) {
	a := domain.Ranked{Mu: 30, Sigma: 1, Games: 10, BotID: 5} // 27
	for _, c := range []struct {
		b    domain.Ranked
		want int
	}{
		{domain.Ranked{Mu: 27, Sigma: 0, Games: 20, BotID: 1}, 1},  // same μ−3σ, more games: b first
		{domain.Ranked{Mu: 30, Sigma: 1, Games: 10, BotID: 6}, -1}, // tie: lower id first
		{domain.Ranked{Mu: 30, Sigma: 1.1, Games: 99, BotID: 1}, -1},
		{a, 0},
	} {
		if got := domain.CompareRank(a, c.b); got != c.want {
			t.Errorf("CompareRank(%+v, %+v) = %d, want %d", a, c.b, got, c.want)
		}
	}
	if domain.Ordinal(25, 25.0/3) != 25-3*(25.0/3) {
		t.Fatal("ordinal")
	}
}
