package web

import (
	"context"
	"testing"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
)

// The pages say a freeze and a seat's label in the reader's language; in
// English they read as games.FreezeWords and the labels always did.
func TestFreezeWordsAndSeatLabelInCatalan(t *testing.T) {
	ca := i18n.WithLang(context.Background(), "ca")
	// The engine's details too, when the catalogue knows them (reasons.toml).
	if got, want := freezeWords(ca, games.FreezeCPU, 88, "the 2 s budget is spent"),
		"sense temps de CPU a la ronda 88: s'ha esgotat el pressupost de 2 s"; got != want {
		t.Errorf("freeze in Catalan = %q, want %q", got, want)
	}
	if got, want := freezeWords(ca, games.FreezeCrash, 3, "something  the catalogue does not know"),
		"ha fallat a la ronda 3: something the catalogue does not know"; got != want {
		t.Errorf("unknown details in Catalan = %q, want %q", got, want)
	}
	if got, want := freezeWords(ca, games.FreezeCrash, -1, ""), "ha fallat a la preparació"; got != want {
		t.Errorf("freeze at setup in Catalan = %q, want %q", got, want)
	}
	if got, want := seatBotLabel(ca, "Dummy", domain.KindLadder, true, true, true), "Dummy (bot de la casa, puntua)"; got != want {
		t.Errorf("house seat in Catalan = %q, want %q", got, want)
	}
	if got, want := seatBotLabel(ca, "Dummy", domain.KindLadder, true, false, false), "Dummy (plaça buida)"; got != want {
		t.Errorf("empty seat in Catalan = %q, want %q", got, want)
	}
	en := context.Background()
	for _, k := range append(games.FreezeKinds(), "unknown") {
		for _, round := range []int{-1, 0, 7} {
			if got, want := freezeWords(en, k, round, " a  reason "), games.FreezeWords(k, round, " a  reason "); got != want {
				t.Errorf("freezeWords(%q, %d) in English = %q, want games.FreezeWords' %q", k, round, got, want)
			}
		}
	}
	if got := seatBotLabel(en, "Dummy", domain.KindLadder, true, false, true); got != "Dummy (empty seat, unrated)" {
		t.Errorf("empty rated seat in English = %q", got)
	}
}
