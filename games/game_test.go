package games_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"arena.dev/games"
	_ "arena.dev/games/all"
)

func TestRegistry(t *testing.T) {
	if !slices.Contains(games.IDs(), "orkisland") {
		t.Fatalf("ids %v", games.IDs())
	}
	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	if info.Title != "Ork Island" || info.Players != 4 || info.CPUBudget <= 0 || !slices.Equal(info.Bots, []string{"Null", "Demo", "Dummy"}) {
		t.Fatalf("info %+v", info)
	}
	if _, err := games.Get("chess"); err == nil {
		t.Fatal("unknown game found")
	}
	if _, err := g.NewBot("Nobody"); err == nil {
		t.Fatal("unknown bot found")
	}
}

func TestSettingsCheck(t *testing.T) {
	g, _ := games.Get("orkisland")
	info := g.Info()
	d := info.Defaults()
	if d["nb_rounds"] != 200 || d["rows"] != 70 || d["nb_orks"] != 15 || d["factor_connected_component"] != 2 {
		t.Fatalf("defaults %v", d)
	}
	if err := info.Check(d); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []games.Settings{{"nb_rounds": 0}, {"rows": 10}, {"colour": 3}, {"nb_players": 3}} {
		if err := info.Check(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestWinners(t *testing.T) {
	for _, c := range []struct{ scores, want []int }{
		{[]int{1, 5, 3, 5}, []int{1, 3}},
		{[]int{0, 0, 0, 0}, []int{0, 1, 2, 3}},
		{[]int{9, 5, 3, 5}, []int{0}},
	} {
		if got := games.Winners(c.scores); !slices.Equal(got, c.want) {
			t.Errorf("Winners(%v) = %v, want %v", c.scores, got, c.want)
		}
	}
}

func TestSDKFiles(t *testing.T) {
	sdk, err := games.SDKFiles("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if !slices.Contains(names, "games/wire/wire.go") || !slices.Contains(names, "games/orkisland/sdk/session.go") {
		t.Fatalf("files %v", names)
	}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") || !strings.HasSuffix(n, ".go") {
			t.Fatalf("served %s", n)
		}
		data, _ := fs.ReadFile(sdk, n)
		// Standard library only: the kit builds with no module download.
		for _, line := range strings.Split(string(data), "\n") {
			if q := strings.TrimSpace(line); strings.HasPrefix(q, `"`) && strings.Contains(q, ".") && !strings.HasPrefix(q, `"arena.dev/games/`) {
				t.Fatalf("%s imports %s", n, q)
			}
		}
	}
	if _, err := games.SDKFiles("chess"); err == nil {
		t.Fatal("SDK for an unknown game")
	}
	tmpl, err := games.KitTemplate("orkisland")
	if err != nil || !strings.Contains(string(tmpl), "sdk.Run(") {
		t.Fatalf("template: %v", err)
	}
}
