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
	for _, bad := range []games.Settings{{"nb_players": 3}, {"battle_reward": 101}, {"rows": 6}, {"nb_point": 300}} {
		if err := info.Check(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if err := info.Check(games.Settings{"nb_point": 300}); err == nil || !strings.Contains(err.Error(), "rows×cols") {
		t.Errorf("too many bonuses: %v, want the error to name rows×cols", err)
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
