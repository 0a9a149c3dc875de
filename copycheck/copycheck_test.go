package copycheck_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"arena.dev/copycheck"
	"arena.dev/games"
	"arena.dev/lang"
)

func norms(t *testing.T, language, src string) []string {
	t.Helper()
	toks, err := copycheck.Tokens(language, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(toks))
	for i, tk := range toks {
		out[i] = tk.Norm()
	}
	return out
}

func TestGoTokensIgnoreNamesLiteralsAndLayout(t *testing.T) {
	a := `package main

// count adds up.
func count(xs []int) int {
	total := 0
	for _, x := range xs { total += x } // one line
	return total + 1
}
`
	b := `package main
func sum(values []int) int {
	/* renamed */ acc := 10

	for _, v := range values {
		acc += v
	}
	return acc + 42
}`
	if na, nb := norms(t, lang.Go.ID, a), norms(t, lang.Go.ID, b); !slices.Equal(na, nb) {
		t.Errorf("same code, other names and layout:\n%v\n%v", na, nb)
	}
	got := strings.Join(norms(t, lang.Go.ID, "x := \"s\" + 'c' + 1.5 // c"), " ")
	if got != "ID := STR + CHR + NUM" {
		t.Errorf("classes: %q", got)
	}
}

func TestCppTokens(t *testing.T) {
	src := `#include <bits/stdc++.h>
#include "Player.hh"
#define PLAYER_NAME Mine // a comment
/* a block
   comment */
struct PLAYER_NAME : public Player {
  int f (int a) { return not a and 0x1F'FF >= 1.5e-3; }
  const char* s = R"x(raw "string")
)x";
  char c = '\'';
};
`
	toks, err := copycheck.Tokens(lang.Cpp.ID, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, tk.Norm())
	}
	want := strings.Fields(`# include STR # include STR # define ID ID struct ID : public ID { int ID ( int ID ) { return ! ID && NUM >= NUM ; }
		const char * ID = STR ; char ID = CHR ; } ;`)
	if !slices.Equal(got, want) {
		t.Errorf("tokens:\n got %v\nwant %v", got, want)
	}
	lines := map[string]int{}
	for _, tk := range toks {
		lines[tk.Text] = tk.Line
	}
	for text, line := range map[string]int{"struct": 6, "f": 7, `'\''`: 10, "char": 10} {
		if lines[text] != line {
			t.Errorf("%s on line %d, want %d", text, lines[text], line)
		}
	}
}

// Winnowing's guarantee: a run of K+W-1 tokens two sources share gives
// them a fingerprint in common, wherever it sits.
func TestWinnowGuarantee(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("if for return { } ( ) + - * ; = == < > x 1 \"s\" while else")
	random := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteString(" ")
		}
		return b.String()
	}
	for trial := range 200 {
		shared := random(copycheck.K + copycheck.W - 1)
		a := random(rng.IntN(200)) + "\n" + shared + "\n" + random(rng.IntN(200))
		b := random(rng.IntN(200)) + "\n" + shared + "\n" + random(rng.IntN(200))
		fa, _ := copycheck.Fingerprints(lang.Cpp.ID, []byte(a), nil)
		fb, _ := copycheck.Fingerprints(lang.Cpp.ID, []byte(b), nil)
		if m := copycheck.Compare(copycheck.NewSet(fa, nil), copycheck.NewSet(fb, nil)); m.Shared == 0 {
			t.Fatalf("trial %d: a shared run of %d tokens gave no common fingerprint", trial, copycheck.K+copycheck.W-1)
		}
	}
}

func TestWinnowDensity(t *testing.T) {
	src, err := os.ReadFile("../games/orkisland/testdata/strong.go")
	if err != nil {
		t.Fatal(err)
	}
	toks, _ := copycheck.Tokens(lang.Go.ID, src)
	fps := copycheck.Winnow(lang.Go.ID, toks)
	density := float64(len(fps)) / float64(len(toks)-copycheck.K+1)
	// Random hashes give 2/(W+1) (Schleimer et al., lemma 1).
	if want := 2.0 / (copycheck.W + 1); density < want*0.8 || density > want*1.25 {
		t.Errorf("density %.3f, expected about %.3f", density, want)
	}
	for i := 1; i < len(fps); i++ {
		if fps[i].StartLine < fps[i-1].StartLine || fps[i].EndLine < fps[i].StartLine {
			t.Fatalf("fingerprint %d out of order: %+v after %+v", i, fps[i], fps[i-1])
		}
	}
}

// The kit's bot and the Demo are base code: two students who each change
// one a little, differently, share nothing that counts.
func TestStartersAreBaseCode(t *testing.T) {
	base, err := copycheck.Base("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	demo, err := games.BotProgram("orkisland", "Demo")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, language, starter, old, alice, bob string
		alike                                    bool // without base code left out, the two are a pair
	}{
		{"Go kit", lang.Go.ID, read("../games/orkisland/kit/main.go"), "_ = g.Orks(g.Me()) // the ids of your orks",
			"for _, id := range g.Orks(g.Me()) {\n\t\tg.Move(id, sdk.Top)\n\t}",
			"orks := g.Orks(g.Me())\n\tif len(orks) > 0 && g.Round()%2 == 0 {\n\t\tg.Move(orks[0], sdk.Left)\n\t}", false},
		{"C++ kit", lang.Cpp.ID, read("../games/orkisland/cpp/AINull.cc"), "virtual void play () {\n  }",
			"virtual void play () {\n    for (int id : orks(me())) execute(Command(id, TOP));\n  }",
			"virtual void play () {\n    if (round() % 2) return;\n    vector<int> o = orks(me());\n    if (not o.empty()) execute(Command(o[0], LEFT));\n  }", false},
		{"Go Demo", lang.Go.ID, string(demo), "if g.Random(0, 3) == 0 { // act with probability 3/4",
			"if g.Random(0, 4) == 0 || g.Round() < 5 {",
			"if g.Random(0, 3) == 0 && len(g.Orks(me)) > 2 {", true},
		{"C++ Demo", lang.Cpp.ID, read("../games/orkisland/cpp/AIDemo.cc"), "if (random(0, 3)) { // Do the following with probability 0.75.",
			"if (random(0, 4) > 0 and round() > 5) {",
			"if (random(0, 3) or my_score_is_low()) {", true},
	} {
		alice := strings.Replace(c.starter, c.old, c.alice, 1)
		bob := strings.Replace(c.starter, c.old, c.bob, 1)
		if alice == c.starter || bob == c.starter {
			t.Fatalf("%s changed: update the test's edits", c.name)
		}
		pair := func(base map[int64]bool) copycheck.Match {
			fa, _ := copycheck.Fingerprints(c.language, []byte(alice), base)
			fb, _ := copycheck.Fingerprints(c.language, []byte(bob), base)
			return copycheck.Compare(copycheck.NewSet(fa, nil), copycheck.NewSet(fb, nil))
		}
		if m := pair(base); m.Shared >= copycheck.MinShared {
			t.Errorf("%s: two students' small changes share %d fingerprints (a pair from %d)", c.name, m.Shared, copycheck.MinShared)
		}
		if m := pair(nil); c.alike && (m.Shared < copycheck.MinShared || m.Score() < 0.5) {
			t.Errorf("%s: with base code counted, the two share only %d fingerprints (%.0f%%): the case shows nothing", c.name, m.Shared, 100*m.Score())
		}
	}
}

// A function copied into another file is one fragment, its lines on both
// sides.
func TestFragments(t *testing.T) {
	fn := `func route(g *sdk.Game, from, to sdk.Pos) sdk.Dir {
	best, bestD := sdk.None, 1<<30
	for _, d := range sdk.Dirs {
		p := from.Move(d)
		if !g.PosOk(p) || g.Cell(p).Type == sdk.Water {
			continue
		}
		if dd := abs(p.I-to.I) + abs(p.J-to.J); dd < bestD {
			best, bestD = d, dd
		}
	}
	return best
}
`
	a := "package main\n\nfunc other() int {\n\treturn 1\n}\n\n" + fn // fn on lines 7-19
	b := "package main\n\n" + strings.ReplaceAll(strings.ReplaceAll(fn, "best", "choice"), "from", "src") +
		"\nfunc more(x int) int {\n\tfor x > 0 {\n\t\tx -= 3\n\t}\n\treturn x\n}\n" // fn on lines 3-15
	fa, _ := copycheck.Fingerprints(lang.Go.ID, []byte(a), nil)
	fb, _ := copycheck.Fingerprints(lang.Go.ID, []byte(b), nil)
	frags := copycheck.Fragments(copycheck.NewSet(fa, nil), copycheck.NewSet(fb, nil))
	if len(frags) == 0 {
		t.Fatal("no fragment")
	}
	f := frags[0]
	if f.A.From < 7 || f.A.To > 19 || f.A.To-f.A.From < 8 || f.B.From < 3 || f.B.To > 15 || f.B.To-f.B.From < 8 {
		t.Errorf("fragment %+v, want most of lines 7-19 of a and 3-15 of b", f)
	}
	if f.A.From-7 != f.B.From-3 {
		t.Errorf("fragment %+v: the two sides start at different places in the function", f)
	}
}

// Fragments that overlap on either side are kept once, the longest.
func TestDisjoint(t *testing.T) {
	l := func(from, to int) copycheck.Lines { return copycheck.Lines{From: from, To: to} }
	fs := []copycheck.Fragment{
		{A: l(10, 30), B: l(5, 25)},
		{A: l(40, 50), B: l(20, 30)}, // overlaps the first on b's side
		{A: l(25, 35), B: l(60, 70)}, // overlaps the first on a's side
		{A: l(60, 65), B: l(80, 85)},
		{A: l(31, 33), B: l(26, 28)}, // next to the first on both sides
	}
	got := copycheck.Disjoint(fs)
	want := []copycheck.Fragment{fs[0], fs[3], fs[4]}
	if !slices.Equal(got, want) {
		t.Errorf("Disjoint = %+v, want %+v", got, want)
	}
}
