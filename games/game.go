// Package games holds what every game shares: the Game interface and its
// registry, the host side of the bot protocol (Agent), the match runner, the
// replay format and the seeded random source engines use.
//
// Engines are pure: no I/O, no clocks, randomness only from the RNG they are
// given, so a seed and the players' commands determine the whole match.
//
// A game is one package under games/ that registers itself from init and
// describes itself in its Info, files included; docs/adding-a-game.md is
// the whole recipe.
package games

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"time"
)

// Settings are a game's parameters by name (the statement's names, e.g.
// "nb_rounds"). Every game's parameters are integers.
type Settings map[string]int

// Get returns the setting called name. A game reads its own settings by
// name from complete ones (defaults merged), so a name that is not there
// is a mistake in the game's code, such as a misspelling, never a user's:
// Get panics rather than read it as 0. The conformance suite plays every
// game, so such a mistake fails its tests.
func (s Settings) Get(name string) int {
	v, ok := s[name]
	if !ok {
		panic(fmt.Sprintf("games: no setting %q (a misspelt name, or settings without the defaults merged?); there are %v",
			name, slices.Sorted(maps.Keys(s))))
	}
	return v
}

// Clone returns a copy that can be changed freely.
func (s Settings) Clone() Settings {
	c := make(Settings, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// Param describes one setting: its default and the range a match accepts.
type Param struct {
	Name     string
	Default  int
	Min, Max int
}

// Info is everything a game says about itself: for listings, for the
// runner and judge, and the files the framework serves or builds.
type Info struct {
	ID        string
	Title     string
	Players   int           // players per match
	CPUBudget time.Duration // default CPU budget per player for a whole match
	Params    []Param       // in the statement's order
	// Validate checks what ranges alone cannot (e.g. a square board, or
	// enough cells for the units); nil when ranges suffice. Its error
	// names the setting at fault.
	Validate func(Settings) error
	// Generated checks what only a generated board needs on top of
	// Validate (room for the generator to place everything, sizes it
	// handles); nil when there is nothing more. A board file places
	// everything itself, so settings merged over one skip it (CheckBoard).
	Generated func(Settings) error
	// OriginalSeeds seeds player p's bot with seed+p, as the original
	// engines do, so that per-seed results match the original's; a bot
	// can then tell the match's seed and predict the engine's draws, so
	// only a game whose engine uses the original's generator and whose
	// bots see everything sets it. Otherwise seats get one-way seeds
	// (Info.SeatSeed).
	OriginalSeeds bool
	Bots          []string // built-in bots, weakest first, e.g. Null, Demo, Dummy
	// Qualifier is the built-in bot a submission must beat to be ranked.
	Qualifier string
	// Downloads are the built-in bots offered as .wasm files (no source),
	// so students can test against them locally.
	Downloads []string
	// Languages are the bot languages the game offers, by id ("go",
	// "cpp"; package lang); nil offers Go only. Offering a language other
	// than Go needs its files in FS (Files.LangDir).
	Languages []string
	// Palette is each seat's colour, "#rrggbb", one per player: chosen to
	// stand out on the game's board, the one decision every view of a
	// match follows (the viewer draws the seat in it; the match table,
	// match lists and the viewer's scoreboard and chart show it).
	Palette []string
	// Scoring says what a match's score is when it is not the sum of its
	// rounds' points, the usual way (e.g. "the last round's points"):
	// match pages and tournament standings show it beside the scores.
	// Empty for the usual way.
	Scoring string
	// Originals are the board files of the original course's kit, known
	// by fingerprint (originals.go); nil when the game knows none.
	Originals []OriginalBoard
	Files     Files
}

// neutralSeat is the colour of a seat a game has no colour for.
const neutralSeat = "#98a2b3"

// SeatColor is the colour of a seat (Palette), or a neutral grey for a
// seat the palette does not cover.
func (i Info) SeatColor(seat int) string {
	if seat >= 0 && seat < len(i.Palette) {
		return i.Palette[seat]
	}
	return neutralSeat
}

// SeatColor is the colour of a seat in a game's matches, by the game's id
// (a neutral grey for a game this binary does not know).
func SeatColor(gameID string, seat int) string {
	var info Info
	if g, err := Get(gameID); err == nil {
		info = g.Info()
	}
	return info.SeatColor(seat)
}

// Offers reports whether the game takes bots in language id.
func (i Info) Offers(lang string) bool {
	if len(i.Languages) == 0 {
		return lang == "go"
	}
	for _, l := range i.Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Files are the sources and assets a game package embeds and hands the
// framework. Variants of one engine share them, all but the rules page.
type Files struct {
	// Dir is the package's directory under games/ (e.g. "orkisland"); bots
	// import its SDK as arena.dev/games/Dir/sdk.
	Dir string
	// FS is rooted at that directory and holds sdk/*.go (the SDK: standard
	// library, games/wire and the game's proto package only), proto/*.go
	// (the frame layouts the engine and the SDK share; optional), kit/main.go (the starter bot),
	// bots/*.go (package bots, one file per reference bot named after it
	// in lower case) and viewer.js (the replay renderer, docs/viewer.md).
	FS fs.FS
	// Rules is the path in FS of the rules page, a trusted HTML fragment.
	Rules string
	// HostOnly are SDK names that only the host uses; the SDK reference
	// page leaves them out.
	HostOnly []string
	// LangDirs name the directories in FS of the game's files in a
	// language other than Go, by language id, where that is not the id
	// itself (LangDir). For C++ (docs/cpp.md) they are the headers of the
	// original player API (Player.hh and what it includes), AINull.cc (the
	// starter) and one AI<Bot>.cc per reference bot written in C++ (at
	// least AIDemo.cc). Variants with different player APIs name different
	// directories: {"cpp": "cpp-redux"}.
	LangDirs map[string]string
	// Bots is the directory in FS of the reference bots' sources, one
	// file per bot named after it in lower case; "" is "bots". Variants
	// with bots of their own name another (package of its own).
	Bots string
	// CppCommon is an optional directory in FS whose headers join the C++
	// SDK too, for headers that variants with different APIs share (their
	// paths under CppCommon are kept: arena/x.hh stays arena/x.hh).
	CppCommon string
}

// LangDir is the directory in FS of the game's files in language id (other
// than Go): LangDirs's, else the id: cpp/ for C++.
func (f Files) LangDir(id string) string {
	if d, ok := f.LangDirs[id]; ok {
		return d
	}
	return id
}

// Defaults returns the default settings.
func (i Info) Defaults() Settings {
	s := make(Settings, len(i.Params))
	for _, p := range i.Params {
		s[p.Name] = p.Default
	}
	return s
}

// Check reports the first unknown or out-of-range setting of s, then
// what Validate and Generated find wrong with s over the defaults: s may be
// only some settings (an admin's overrides).
func (i Info) Check(s Settings) error { return i.check(s, true) }

// CheckBoard is Check for settings a board file fixes, or settings merged
// over them: the file places everything itself, so Generated is skipped.
func (i Info) CheckBoard(s Settings) error { return i.check(s, false) }

func (i Info) check(s Settings, generated bool) error {
	known := make(map[string]Param, len(i.Params))
	for _, p := range i.Params {
		known[p.Name] = p
	}
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p, ok := known[n]
		if !ok {
			return fmt.Errorf("%s: unknown setting %q", i.ID, n)
		}
		if v := s[n]; v < p.Min || v > p.Max {
			return fmt.Errorf("%s: setting %s=%d out of range [%d, %d]", i.ID, n, v, p.Min, p.Max)
		}
	}
	all := i.Defaults()
	for k, v := range s {
		all[k] = v
	}
	if i.Validate != nil {
		if err := i.Validate(all); err != nil {
			return fmt.Errorf("%s: %w", i.ID, err)
		}
	}
	if generated && i.Generated != nil {
		if err := i.Generated(all); err != nil {
			return fmt.Errorf("%s: %w", i.ID, err)
		}
	}
	return nil
}

// A LineError is a board file's fault, with the line (from 1) it is on.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// LineErrorf returns a *LineError for line.
func LineErrorf(line int, format string, args ...any) error {
	return &LineError{Line: line, Err: fmt.Errorf(format, args...)}
}

// ErrorLine returns the line a board file's error names, or 0.
func ErrorLine(err error) int {
	var le *LineError
	if errors.As(err, &le) {
		return le.Line
	}
	return 0
}

// A Board is a starting position read from a file: the settings the file
// fixes and, for fixed boards, the layout. Its content is the game's own.
type Board interface {
	// Settings returns the parameters the file sets (possibly none).
	Settings() Settings
}

// Game is one game's engine factory.
type Game interface {
	Info() Info
	// ParseBoard reads a board file in the game's own format(s); a fault
	// in it is a *LineError.
	ParseBoard(data []byte) (Board, error)
	// NewMatch starts a match. Settings are complete (defaults merged) and
	// checked by the caller (MergeSettings: Info().Check, or CheckBoard
	// over a board file); board nil means generate one from the seed (or
	// use the game's default board).
	NewMatch(s Settings, board Board, seed uint64) (Match, error)
	// NewBot returns a built-in bot as an in-process agent for player p,
	// running the same SDK code as a compiled bot.
	NewBot(name string) (Agent, error)
}

// Match is one match in progress. The runner drives it:
//
//	for each player p: send Setup(p, Info().SeatSeed(seed, p))
//	until Done(): for each live player: send View(p, status), Commands(p, reply); then Step()
//
// Commands are only registered until Step, which applies them in the
// engine's own seeded order, so arrival order never matters.
type Match interface {
	Players() int
	Rounds() int // total number of rounds
	Round() int  // rounds played so far; the next round to play
	Done() bool

	// Setup is player p's setup frame (settings, its index, the static
	// board); seed seeds the random generator of p's SDK, so that a whole
	// match replays exactly.
	Setup(p int, seed uint64) []byte
	// View is player p's round frame: what changed since its last view,
	// scores, and every player's CPU status (fraction used, -1 frozen).
	View(p int, cpu []float64) []byte
	// Commands registers player p's commands frame for the coming Step. It
	// returns how many commands were invalid (and ignored) and an error when
	// the frame breaks the protocol (the player is then frozen).
	Commands(p int, frame []byte) (invalid int, err error)
	// Step plays one round with the registered commands.
	Step()

	Scores() []int
	// Initial is the replay's "initial" payload (docs/replay.md).
	Initial() any
	// Changes and Executed are the replay's "changes" and "commands" of the
	// last round played.
	Changes() any
	Executed() any
}

// A Refuser is a Match that says why it ignored commands. The runner
// keeps the reasons in Replay.Refused for each player's owner (the judge
// puts them in the owner's match log); they are not part of the public
// replay.
type Refuser interface {
	// Refusals returns why player p's ignored commands were ignored, so
	// far in the match: one line each, its round included, the first few
	// dozen only.
	Refusals(p int) []string
}

// An Ignorer is a Match that says which commands it ignored and why: the
// runner writes them into each round of the replay (ReplayRound.Ignored),
// for every player (they are public, as the commands executed are).
type Ignorer interface {
	// Ignored returns the commands the last Commands call ignored, in the
	// order given, with Unit and Why set (the runner sets Player). The
	// runner copies them before the next call.
	Ignored() []Ignored
}

var registry = map[string]Game{}

// Register makes a game available by id; games call it from init.
func Register(g Game) {
	id := g.Info().ID
	if _, dup := registry[id]; dup {
		panic("games: registered twice: " + id)
	}
	registry[id] = g
}

// Get returns a registered game.
func Get(id string) (Game, error) {
	g, ok := registry[id]
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %v)", id, IDs())
	}
	return g, nil
}

// IDs lists registered games, sorted.
func IDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
