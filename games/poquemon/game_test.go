package poquemon

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
)

func TestInfo(t *testing.T) {
	info := Game{}.Info()
	if info.ID != "poquemon" || info.Players != 4 || info.CPUBudget <= 0 || info.Qualifier != "Dummy" ||
		!slices.Equal(info.Bots, []string{"Null", "Demo", "Dummy"}) || !slices.Equal(info.Downloads, []string{"Dummy"}) {
		t.Fatalf("info %+v", info)
	}
	// The setup frame carries the settings in the SDK's order.
	var names []string
	for _, p := range info.Params {
		names = append(names, p.Name)
		if p.Default < p.Min || p.Default > p.Max {
			t.Errorf("%s: default %d out of [%d, %d]", p.Name, p.Default, p.Min, p.Max)
		}
	}
	if !slices.Equal(names, proto.ParamNames[:]) {
		t.Fatalf("params %v, SDK %v", names, proto.ParamNames)
	}
	if err := info.Check(info.Defaults()); err != nil {
		t.Fatal(err)
	}
	// Out of range anywhere; or only a generated board's trouble, which a
	// board file's settings (CheckBoard) do not have.
	for _, tt := range []struct {
		s         games.Settings
		generated string // "" when out of range for any board
	}{
		{games.Settings{"nb_players": 3}, ""},
		{games.Settings{"battle_reward": -1}, ""},
		{games.Settings{"rows": 101}, ""},
		{games.Settings{"nb_rounds": 10001}, ""},
		{games.Settings{"rows": 6}, "rows×cols"},
		{games.Settings{"nb_point": 300}, "rows×cols"},
		{games.Settings{"nb_pokemon": 5}, "nb_pokemon"},
	} {
		err := info.Check(tt.s)
		if err == nil || tt.generated != "" && !strings.Contains(err.Error(), tt.generated) {
			t.Errorf("%v: %v, want an error naming %q", tt.s, err, tt.generated)
		}
		if err := info.CheckBoard(tt.s); (err == nil) != (tt.generated != "") {
			t.Errorf("%v on a board file: %v", tt.s, err)
		}
	}
	// No cap where a value costs nothing: as the original.
	if err := info.Check(games.Settings{"battle_reward": 1000, "player_regen_time": 100000, "max_scope": 500}); err != nil {
		t.Error(err)
	}
	for _, name := range []string{"sdk/game.go", "proto/proto.go", "kit/main.go", "bots/demo.go", "bots/dummy.go",
		"rules.html", "viewer.js", "cpp/Player.hh", "cpp/AINull.cc", "cpp/AIDemo.cc"} {
		if _, err := fs.Stat(info.Files.FS, name); err != nil {
			t.Error(err)
		}
	}
	if _, err := (Game{}).NewBot("Nobody"); err == nil {
		t.Error("unknown bot made")
	}
}

// A board file fixes its sizes and counts: settings that disagree are
// refused; the others (rounds, times, reward) may change.
func TestMatchOnBoardFile(t *testing.T) {
	f, err := ParseFile(defaultFile(t))
	if err != nil {
		t.Fatal(err)
	}
	s := Game{}.Info().Defaults()
	s["nb_rounds"], s["battle_reward"] = 10, 50
	if _, err := (Game{}).NewMatch(s, f, 1); err != nil {
		t.Fatal(err)
	}
	s["nb_point"] = 19
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil || !strings.Contains(err.Error(), "nb_point") {
		t.Fatalf("mismatching count: %v", err)
	}
	s = Game{}.Info().Defaults()
	s["max_scope"] = 0
	if _, err := (Game{}).NewMatch(s, f, 1); err == nil {
		t.Fatal("a board with scope 1 accepted under max_scope 0")
	}
}
