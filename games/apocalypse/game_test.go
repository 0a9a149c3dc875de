package apocalypse

import (
	"io/fs"
	"strings"
	"testing"

	"arena.dev/games"
)

// The two games share one engine, SDK, bots and renderer, and differ in
// their settings, title and rules page.
func TestVariants(t *testing.T) {
	a, r := Game{}.Info(), Game{Redux: true}.Info()
	if a.ID != "apocalypse" || r.ID != "apocalypse-redux" || a.Title == r.Title {
		t.Fatalf("ids %q %q, titles %q %q", a.ID, r.ID, a.Title, r.Title)
	}
	if a.Files.Dir != "apocalypse" || r.Files.Dir != a.Files.Dir || a.Files.Rules == r.Files.Rules || a.Files.LangDir("cpp") == r.Files.LangDir("cpp") {
		t.Fatal("the variants must share their files but the rules page and the C++ SDK")
	}
	// Both C++ SDKs hold the shared frame decoder.
	for _, info := range []games.Info{a, r} {
		sdk, err := games.CppSDKFiles(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		if h, err := fs.ReadFile(sdk, "arena/apocalypse.hh"); err != nil || len(h) == 0 {
			t.Errorf("%s: no shared C++ header in its SDK: %v", info.ID, err)
		}
	}
	for _, info := range []games.Info{a, r} {
		if err := info.Check(info.Defaults()); err != nil {
			t.Fatalf("%s: defaults: %v", info.ID, err)
		}
		if info.Qualifier != "Dummy" || len(info.Downloads) != 1 || info.Downloads[0] != "Dummy" || info.Players != 4 {
			t.Fatalf("%s: %+v", info.ID, info)
		}
		for _, name := range []string{"sdk/game.go", "kit/main.go", "bots/dummy.go", "bots/demo.go", "viewer.js", info.Files.Rules} {
			if _, err := fs.Stat(info.Files.FS, name); err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
		}
	}
	d2018, dRedux := a.Defaults(), r.Defaults()
	want := map[string][2]int{"HIGH_VALUE": {100, 4000}, "LOW_VALUE": {50, 1000}, "SYMMETRIC_SOLDIERS": {0, 1}}
	for k, v := range d2018 {
		w, differs := want[k]
		if differs && (v != w[0] || dRedux[k] != w[1]) || !differs && dRedux[k] != v {
			t.Errorf("%s: 2018 %d, Redux %d", k, v, dRedux[k])
		}
	}
	page, _ := fs.ReadFile(r.Files.FS, r.Files.Rules)
	if !strings.Contains(string(page), "jutge.org/problems/G00005") || !strings.Contains(string(page), "4000") {
		t.Error("the Redux rules page must link the Catalan statement and give Redux's values")
	}
}

func TestSettingsChecked(t *testing.T) {
	info := Game{}.Info()
	for _, bad := range []games.Settings{{"NUM_POSTS": 18}, {"NUM_SOLDIERS": 100, "MAX": 24}, {"REACH": 3}, {"MAX": 20}} {
		if err := info.Check(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if err := info.Check(games.Settings{"MAX": 24, "NUM_SOLDIERS": 10, "GAME_ROUNDS": 30}); err != nil {
		t.Error(err)
	}
	// Any valid setting plays.
	s := info.Defaults()
	s["MAX"], s["NUM_SOLDIERS"], s["NUM_HELICOPTERS"], s["NUM_POSTS"], s["GAME_ROUNDS"] = 31, 12, 1, 8, 30
	m, err := Game{}.NewMatch(s, nil, 4)
	if err != nil {
		t.Fatal(err)
	}
	for !m.Done() {
		m.Step()
		checkInvariants(t, m.(*match).s)
	}
}
