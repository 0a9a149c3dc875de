package gametest

import (
	"path/filepath"
	"slices"
	"testing"

	"arena.dev/games"
)

// sharedBoards is where the original engines' board files are, relative to
// a game's test package (games/DIR/): the default boards, and the
// engines' other boards in originals/.
const sharedBoards = "../../../shared/boards"

// sharedBoardFiles lists the shared board files of the game whose package
// directory is dir: a game's board files are named after it, DIR-*.cnf, so
// the variants of one engine (apocalypse, apocalypse-redux) share them.
func sharedBoardFiles(dir string) []string {
	if dir == "" {
		return nil
	}
	var files []string
	for _, d := range []string{sharedBoards, sharedBoards + "/originals"} {
		m, _ := filepath.Glob(filepath.Join(filepath.FromSlash(d), dir+"-*.cnf"))
		files = append(files, m...)
	}
	slices.Sort(files)
	return files
}

// checkBoardPlays loads a board file, checks its settings as the platform
// does and plays it with four Demos on one seed.
func checkBoardPlays(t *testing.T, g games.Game, path string) {
	data, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	board, err := g.ParseBoard(data)
	if err != nil {
		t.Fatalf("the original engine's board is refused: %v", err)
	}
	if _, err := games.MergeSettings(g, board, nil); err != nil {
		t.Fatalf("its settings: %v", err)
	}
	r := play(t, g, 1, board, "Demo")
	t.Logf("%d rounds, scores %v", r.End.Rounds, r.End.Scores)
}
