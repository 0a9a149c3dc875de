package copycheck

import (
	"sync"

	"arena.dev/games"
	"arena.dev/lang"
)

// Base returns the hashes of a game's base code: every k-gram of what each
// student is given, in each language the game takes: the kit's starter
// (lang.Language.Starter: Go kit/main.go, C++ AINull.cc) and the Demo
// (Language.Bot: Go bots/demo.go as a program, C++ AIDemo.cc). Like
// MOSS's -b, a fingerprint of base code is no evidence, so it is left out
// of every version's fingerprints. Every k-gram, not only the winnowed
// ones: a version's winnowing may keep any of them. A piece the game lacks
// is skipped.
func Base(gameID string) (map[int64]bool, error) {
	baseMu.Lock()
	defer baseMu.Unlock()
	if b, ok := baseCache[gameID]; ok {
		return b, nil
	}
	g, err := games.Get(gameID)
	if err != nil {
		return nil, err
	}
	type source struct {
		language string
		get      func() ([]byte, error)
	}
	var sources []source
	for _, l := range lang.Offered(g.Info()) {
		sources = append(sources,
			source{l.ID, func() ([]byte, error) { return l.Starter(gameID) }},
			source{l.ID, func() ([]byte, error) { return l.Bot(gameID, "Demo") }})
	}
	base := map[int64]bool{}
	for _, s := range sources {
		src, err := s.get()
		if err != nil { // a game without this piece (a test game has no Demo)
			continue
		}
		toks, err := Tokens(s.language, src)
		if err != nil {
			return nil, err
		}
		for _, h := range kgrams(s.language, toks) {
			base[int64(h)] = true
		}
	}
	baseCache[gameID] = base
	return base, nil
}

var (
	baseMu    sync.Mutex
	baseCache = map[string]map[int64]bool{}
)

// BaseFile is base code an admin adds to a game: a course's own starter,
// a teacher's sample player.
type BaseFile struct {
	Language string // package lang's id
	Source   []byte
}

// Extend returns base with every k-gram of files added: a new map, since
// base is shared by every check of its game.
func Extend(base map[int64]bool, files ...BaseFile) (map[int64]bool, error) {
	if len(files) == 0 {
		return base, nil
	}
	out := make(map[int64]bool, len(base))
	for h := range base {
		out[h] = true
	}
	for _, f := range files {
		toks, err := Tokens(f.Language, f.Source)
		if err != nil {
			return nil, err
		}
		for _, h := range kgrams(f.Language, toks) {
			out[int64(h)] = true
		}
	}
	return out, nil
}

// LanguageOf is the language (package lang's id) of a base file by its
// name's extension: any of the language's sources (lang.BySource), .go
// is Go; .cc, .cpp, .cxx, .hh, .h and .hpp are C++.
func LanguageOf(name string) (string, bool) {
	l, ok := lang.BySource(name)
	return l.ID, ok
}
