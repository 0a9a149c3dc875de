package games

import (
	"testing"
	"time"

	"arena.dev/i18n"
)

// The runner's own freeze details are in reasons.toml: a spent budget,
// whatever it is, and what a bot that did not start ran into, in its
// kind's words (each kind's English in reasons.toml is freezeWhat's).
func TestRunnerFreezeDetailsAreInTheCatalogue(t *testing.T) {
	details := []string{budgetSpent(2 * time.Second), budgetSpent(1500 * time.Millisecond), budgetSpent(90 * time.Second)}
	for _, kind := range FreezeKinds() {
		if kind == FreezeStart {
			continue
		}
		_, d := startFailure{&FreezeError{Kind: kind, Detail: "exited with code 3"}}.FreezeCause()
		details = append(details, d)
	}
	for _, d := range details {
		id, values := i18n.ReasonID(d)
		if id == "" {
			t.Errorf("the freeze detail %q is in no message of i18n/locales/en/%s", d, i18n.ReasonFile)
		} else if why, ok := values["Why"]; ok && why != "exited with code 3" {
			t.Errorf("%q reads as %s with the reason %q", d, id, why)
		}
	}
}
