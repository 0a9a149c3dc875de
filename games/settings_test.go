package games_test

import (
	"fmt"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
)

// A game reads its settings by name with Get: a name that is not there (a
// misspelling in the game's code) panics, naming it, instead of reading 0.
func TestSettingsGet(t *testing.T) {
	s := fake.Game{}.Info().Defaults()
	if s.Get("max_step") != 3 {
		t.Fatalf("Get(max_step) = %d, want 3", s.Get("max_step"))
	}
	s["max_step"] = 0
	if s.Get("max_step") != 0 {
		t.Fatal("a setting of 0 is not read as 0")
	}
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, `"max_steps"`) || !strings.Contains(msg, "max_step") {
			t.Fatalf("Get(max_steps) did not panic naming the name and the settings there are: %q", msg)
		}
	}()
	s.Get("max_steps")
}

// The settings checks read complete settings: the defaults are merged
// before Validate runs, so partial settings never reach a Get.
func TestSettingsCheckMergesDefaults(t *testing.T) {
	info := fake.Game{}.Info()
	if err := info.Check(games.Settings{"nb_rounds": 5}); err != nil {
		t.Fatal(err)
	}
	if err := info.Check(games.Settings{"track": 3}); err == nil || !strings.Contains(err.Error(), "shorter than nb_rounds=20") {
		t.Fatalf("track shorter than the default rounds: %v", err)
	}
}
