package web_test

import (
	"context"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/store"
)

// Every board file of the original engines (../shared/boards and its
// originals/) uploads through the admin page to each game it is named for
// (a game's board files are named after its package's directory, so both
// Apocalypse variants take the Apocalypse files), and is stored with the
// settings it fixes.
func TestAdminUploadsEveryOriginalBoard(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../shared/boards", "../../shared/boards/originals"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.cnf"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no board files in %s: %v", dir, err)
		}
		files = append(files, m...)
	}
	e := newAdminEnv(t)
	admin, _ := e.user(store.RoleAdmin)
	c := e.login(admin)

	type upload struct{ game, name string }
	want := map[upload]games.Settings{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		var takers []string
		for _, id := range games.IDs() {
			g, _ := games.Get(id)
			if dir := g.Info().Files.Dir; dir == "" || !strings.HasPrefix(name, dir+"-") {
				continue
			}
			takers = append(takers, id)
			code, body := e.upload(c, "/admin/games/"+id+"/boards", "", name, data)
			if code != http.StatusSeeOther {
				t.Errorf("%s for %s: %d\n%s", name, id, code, body)
				continue
			}
			board, err := g.ParseBoard(data)
			if err != nil {
				t.Fatalf("%s for %s: stored, yet the parser refuses it: %v", name, id, err)
			}
			want[upload{id, name}] = board.Settings()
		}
		if len(takers) == 0 {
			t.Errorf("%s is named for no game", name)
		}
	}
	stored, err := store.Boards(context.Background(), e.pool)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != len(want) {
		t.Errorf("%d boards stored, want %d", len(stored), len(want))
	}
	for _, b := range stored {
		s, ok := want[upload{b.GameID, b.Name}]
		if !ok {
			t.Errorf("unexpected board %s of %s", b.Name, b.GameID)
		} else if !maps.Equal(b.Settings, map[string]int(s)) {
			t.Errorf("%s of %s stored with settings %v, want %v", b.Name, b.GameID, b.Settings, s)
		}
	}
	t.Logf("%d files, %d uploads", len(files), len(want))
}
