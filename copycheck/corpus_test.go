package copycheck_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"sort"
	"testing"

	"arena.dev/copycheck"
	"arena.dev/copycheck/copytest"
	_ "arena.dev/games/all"
	"arena.dev/lang"
)

// disguises is how many disguised copies the test writes of each bot.
const disguises = 3

// minBotFingerprints leaves out of the copies the bots with too little
// code of their own to copy (API probes of a few lines).
const minBotFingerprints = 20

func set(t *testing.T, language string, src []byte, base map[int64]bool) *copycheck.Set {
	t.Helper()
	fps, err := copycheck.Fingerprints(language, src, base)
	if err != nil {
		t.Fatal(err)
	}
	return copycheck.NewSet(fps, nil)
}

// derived are the pairs of the repository's bots that are not
// independent: one was written from the other, and the copy check finds
// it (the test prints their scores).
var derived = map[string]string{
	"apocalypse/testdata/cpp/api2018.cc vs apocalypse/testdata/cpp/apiredux.cc": "the Redux API probe is the 2018 one translated",
}

type scored struct {
	what  string
	score float64
	lines int
}

// TestCorpusSeparation writes disguised copies of the repository's bots
// and checks that every copy scores above every pair of bots written
// independently (the reference and test bots of one game, one language).
// It prints both distributions and the margin between them.
func TestCorpusSeparation(t *testing.T) {
	bots, err := copytest.Corpus("..")
	if err != nil {
		t.Fatal(err)
	}
	sets := make([]*copycheck.Set, len(bots))
	for i, b := range bots {
		base, err := copytest.Base(b)
		if err != nil {
			t.Fatal(err)
		}
		sets[i] = set(t, b.Language, b.Source, base)
	}

	var copies, independent []scored
	rng := rand.New(rand.NewPCG(2003, 17))
	for i, b := range bots {
		if sets[i].Len() < minBotFingerprints {
			continue
		}
		base, _ := copytest.Base(b)
		for d := range disguises {
			var src []byte
			var err error
			if b.Language == lang.Go.ID {
				src, err = copytest.DisguiseGo(b.Source, rng)
				if err == nil {
					err = typeCheck(src)
				}
			} else {
				src, err = copytest.DisguiseCpp(b.Source, rng)
			}
			if err != nil {
				t.Fatalf("disguising %s: %v", b.Path, err)
			}
			m := copycheck.Compare(sets[i], set(t, b.Language, src, base))
			copies = append(copies, scored{fmt.Sprintf("%s, disguise %d", b.Name(), d+1), m.Score(), m.Lines()})
		}
	}
	for i := range bots {
		for j := i + 1; j < len(bots); j++ {
			if bots[i].Dir != bots[j].Dir || bots[i].Language != bots[j].Language {
				continue
			}
			m := copycheck.Compare(sets[i], sets[j])
			what := bots[i].Name() + " vs " + bots[j].Name()
			if why, ok := derived[what]; ok {
				t.Logf("derived, not independent: %5.1f%%  %3d lines  %s (%s)", 100*m.Score(), m.Lines(), what, why)
				continue
			}
			independent = append(independent, scored{what, m.Score(), m.Lines()})
		}
	}
	if len(copies) < 20 || len(independent) < 20 {
		t.Fatalf("corpus too small: %d copies, %d independent pairs", len(copies), len(independent))
	}
	sort.Slice(copies, func(i, j int) bool { return copies[i].score < copies[j].score })
	sort.Slice(independent, func(i, j int) bool { return independent[i].score > independent[j].score })
	t.Logf("%d disguised copies of %d bots; lowest scores:", len(copies), len(copies)/disguises)
	for _, c := range copies[:5] {
		t.Logf("  %5.1f%%  %3d lines  %s", 100*c.score, c.lines, c.what)
	}
	t.Logf("median copy score %.1f%%", 100*copies[len(copies)/2].score)
	t.Logf("%d pairs of independent bots (the bots of one game in one language); highest scores:", len(independent))
	for _, c := range independent[:5] {
		t.Logf("  %5.1f%%  %3d lines  %s", 100*c.score, c.lines, c.what)
	}
	low, high := copies[0].score, independent[0].score
	t.Logf("separation: lowest copy %.1f%%, highest independent %.1f%% (margin %.1f points)", 100*low, 100*high, 100*(low-high))
	if low <= high {
		t.Errorf("copies and independent bots overlap: a copy scores %.1f%% (%s), an independent pair %.1f%% (%s)",
			100*low, copies[0].what, 100*high, independent[0].what)
	}
}

var (
	fset    = token.NewFileSet()
	sources = importer.ForCompiler(fset, "source", nil) // caches the SDKs it reads
)

// typeCheck checks that a Go source compiles: a disguised copy is one a
// student could submit.
func typeCheck(src []byte) error {
	f, err := parser.ParseFile(fset, "bot.go", src, 0)
	if err != nil {
		return err
	}
	_, err = (&types.Config{Importer: sources}).Check("bot", fset, []*ast.File{f}, nil)
	return err
}
