// Package games holds what every game shares: the Game interface and its
// registry, the host side of the bot protocol (Agent), the match runner, the
// replay format and the seeded random source engines use.
//
// Engines are pure: no I/O, no clocks, randomness only from the RNG they are
// given, so a seed and the players' commands determine the whole match.
//
// Adding a game: a package games/ID with the engine implementing Game and
// Match and registering itself from init, an SDK at games/ID/sdk (standard
// library and games/wire only) with a Session for built-in bots and Run for
// compiled ones, its reference bots written against that SDK, a starter bot
// at games/ID/kit/main.go, an entry in sdkDirs and the go:embed line of
// sdkfiles.go, an import in games/all, and its payloads in docs/replay.md.
package games

import (
	"fmt"
	"sort"
	"time"
)

// Settings are a game's parameters by name (the statement's names, e.g.
// "nb_rounds"). Every game's parameters are integers.
type Settings map[string]int

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

// Info describes a game for listings and for the runner.
type Info struct {
	ID        string
	Title     string
	Players   int           // players per match
	CPUBudget time.Duration // default CPU budget per player for a whole match
	Params    []Param       // in the statement's order
	Bots      []string      // built-in bots, e.g. Null, Demo, Dummy
}

// Defaults returns the default settings.
func (i Info) Defaults() Settings {
	s := make(Settings, len(i.Params))
	for _, p := range i.Params {
		s[p.Name] = p.Default
	}
	return s
}

// Check reports the first unknown or out-of-range setting.
func (i Info) Check(s Settings) error {
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
	return nil
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
	// ParseBoard reads a board file in the game's own format(s).
	ParseBoard(data []byte) (Board, error)
	// NewMatch starts a match. Settings are complete (defaults merged) and
	// checked by the caller with Info().Check; board nil means generate one
	// from the seed (or use the game's default board).
	NewMatch(s Settings, board Board, seed uint64) (Match, error)
	// NewBot returns a built-in bot as an in-process agent for player p,
	// running the same SDK code as a compiled bot.
	NewBot(name string) (Agent, error)
}

// Match is one match in progress. The runner drives it:
//
//	for each player p: send Setup(p)
//	until Done(): for each live player: send View(p, status), Commands(p, reply); then Step()
//
// Commands are only registered until Step, which applies them in the
// engine's own seeded order, so arrival order never matters.
type Match interface {
	Players() int
	Rounds() int // total number of rounds
	Round() int  // rounds played so far; the next round to play
	Done() bool

	// Setup is player p's setup frame (settings, its index, the static board).
	Setup(p int) []byte
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
