// Package copytest gives the tests and benchmarks of the copy check their
// material: the bots of this repository (Corpus) and disguised copies of
// them written the way a student hides a copy (DisguiseGo, DisguiseCpp):
// names renamed consistently, functions reordered, comments and blank
// lines changed, dead code inserted, loops rewritten, constants changed.
package copytest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"arena.dev/copycheck"
	"arena.dev/games"
	"arena.dev/lang"
)

// Bot is one bot source of the repository.
type Bot struct {
	Dir      string   // the game's directory under games/
	Games    []string // the games that directory holds (e.g. apocalypse and its Redux variant)
	Path     string   // relative to the repository
	Language string   // "go" or "cpp"
	Source   []byte
}

// Name is the bot's path without the games/ prefix.
func (b Bot) Name() string { return strings.TrimPrefix(b.Path, "games/") }

// Corpus reads the bots of the repository at root (the directory holding
// games/) that students are not given: each game's strong test bot and
// Dummy in Go, its C++ test players. The Demo and the starters are base
// code (copycheck.Base); the games' registry must be loaded (games/all).
func Corpus(root string) ([]Bot, error) {
	dirs := map[string][]string{}
	for _, id := range games.IDs() {
		g, err := games.Get(id)
		if err != nil {
			return nil, err
		}
		d := g.Info().Files.Dir
		dirs[d] = append(dirs[d], id)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("copytest: no game registered (import arena.dev/games/all)")
	}
	var out []Bot
	for dir, ids := range dirs {
		patterns := []struct{ glob, language string }{
			{"testdata/strong.go", lang.Go.ID},
			{"bots/dummy.go", lang.Go.ID},
			{"testdata/cpp/*.cc", lang.Cpp.ID},
		}
		for _, p := range patterns {
			paths, err := filepath.Glob(filepath.Join(root, "games", dir, p.glob))
			if err != nil {
				return nil, err
			}
			for _, path := range paths {
				src, err := os.ReadFile(path)
				if err != nil {
					return nil, err
				}
				rel, _ := filepath.Rel(root, path)
				out = append(out, Bot{Dir: dir, Games: ids, Path: filepath.ToSlash(rel), Language: p.language, Source: src})
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("copytest: no bots under %s/games", root)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Base is the base code of all the games of a bot's directory.
func Base(b Bot) (map[int64]bool, error) {
	all := map[int64]bool{}
	for _, id := range b.Games {
		base, err := copycheck.Base(id)
		if err != nil {
			return nil, err
		}
		for h := range base {
			all[h] = true
		}
	}
	return all, nil
}

// Submission is a generated student's version.
type Submission struct {
	Language string
	Source   []byte
	Of       string // the repository bot it disguises
}

// Class generates n submissions for benchmarks: each a disguised copy of
// one of the repository's bots (Go and C++, of every game), in turn, so
// that each bot has n/len(corpus) disguised copies that pair with each
// other: a class much fuller of copies than any real one.
func Class(root string, n int, seed uint64) ([]Submission, error) {
	bots, err := Corpus(root)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	out := make([]Submission, n)
	for i := range out {
		b := bots[i%len(bots)]
		var src []byte
		if b.Language == lang.Go.ID {
			src, err = DisguiseGo(b.Source, rng)
		} else {
			src, err = DisguiseCpp(b.Source, rng)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Path, err)
		}
		out[i] = Submission{Language: b.Language, Source: src, Of: b.Path}
	}
	return out, nil
}
