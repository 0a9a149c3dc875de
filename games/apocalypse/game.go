package apocalypse

import (
	"embed"
	"errors"
	"fmt"
	"time"

	"arena.dev/games"
	"arena.dev/games/apocalypse/bots"
	"arena.dev/games/apocalypse/bots/redux"
)

// The games' ids on the platform.
const (
	ID      = "apocalypse"
	ReduxID = "apocalypse-redux"
)

// params are the statement's parameters with their defaults, in the
// statement's (and the setup frame's) order, then ours: SYMMETRIC_SOLDIERS
// places every player's soldiers as the mirror images of player 0's on a
// generated board (Redux), instead of at random in each quadrant (2018).
func params(redux bool) []games.Param {
	high, low, sym := 100, 50, 0
	if redux {
		high, low, sym = 4000, 1000, 1
	}
	return []games.Param{
		{Name: "NUM_PLAYERS", Default: 4, Min: 4, Max: 4},
		{Name: "GAME_ROUNDS", Default: 200, Min: 1, Max: 1000},
		{Name: "MAX", Default: 60, Min: 24, Max: 120},
		{Name: "NUM_SOLDIERS", Default: 20, Min: 1, Max: 100},
		{Name: "NUM_HELICOPTERS", Default: 2, Min: 1, Max: 2},
		{Name: "NUM_POSTS", Default: 16, Min: 4, Max: 64},
		{Name: "LIFE", Default: 100, Min: 1, Max: 10000},
		{Name: "FOREST_DAMAGE", Default: 20, Min: 0, Max: 10000},
		{Name: "GRASS_DAMAGE", Default: 50, Min: 0, Max: 10000},
		{Name: "ROUNDS_NAPALM", Default: 30, Min: 0, Max: 1000},
		{Name: "REACH", Default: 2, Min: 2, Max: 2},
		{Name: "FOREST_BURNS", Default: 10, Min: 1, Max: 1000},
		{Name: "OTHER_BURNS", Default: 5, Min: 1, Max: 1000},
		{Name: "PROB_FIRE", Default: 10, Min: 0, Max: 100},
		{Name: "ROUNDS_JUMP", Default: 20, Min: 1, Max: 1000},
		{Name: "MAX_JUMP", Default: 4, Min: 0, Max: 100},
		{Name: "HIGH_VALUE", Default: high, Min: 0, Max: 100000},
		{Name: "LOW_VALUE", Default: low, Min: 0, Max: 100000},
		{Name: "SYMMETRIC_SOLDIERS", Default: sym, Min: 0, Max: 1},
	}
}

// validate checks what ranges cannot: posts come in one share per
// quadrant, and a generated board must have room for the soldiers.
func validate(s games.Settings) error {
	if s.Get("NUM_POSTS")%s.Get("NUM_PLAYERS") != 0 {
		return fmt.Errorf("NUM_POSTS=%d must be a multiple of NUM_PLAYERS=%d", s.Get("NUM_POSTS"), s.Get("NUM_PLAYERS"))
	}
	if q := s.Get("MAX") / 2; s.Get("NUM_SOLDIERS")+s.Get("NUM_POSTS")/s.Get("NUM_PLAYERS") > (q-1)*(q-1)/2 {
		return fmt.Errorf("NUM_SOLDIERS=%d: a %d×%d board has room for %d soldiers per quadrant at most",
			s.Get("NUM_SOLDIERS"), s.Get("MAX"), s.Get("MAX"), (q-1)*(q-1)/2-s.Get("NUM_POSTS")/s.Get("NUM_PLAYERS"))
	}
	return nil
}

func init() {
	games.Register(Game{})
	games.Register(Game{Redux: true})
}

// files are what the framework serves and builds, shared by both variants
// but for the rules page, the C++ SDK and the Dummy: the Go SDK and its
// protocol package, the starter bot, the reference bots' sources (Redux's
// Dummy in bots/redux), the C++ SDKs (cpp/ has the 2018 API, cpp-redux/
// Redux's, cpp-common/ the frame decoder both include), the rules pages
// and the renderer.
//
//go:embed sdk/*.go proto/*.go kit/main.go bots/*.go bots/redux/*.go cpp cpp-redux cpp-common rules-2018.html rules-redux.html viewer.js
var files embed.FS

// Game implements games.Game for Apocalypse Now 2018, or for Apocalypse
// Now Redux when Redux is set: the same engine with other defaults.
type Game struct{ Redux bool }

// Info implements games.Game.
func (g Game) Info() games.Info {
	info := games.Info{
		ID:    ID,
		Title: "Apocalypse Now 2018",
		// Jutge gave about 3 s of native CPU for a whole match (Redux
		// statement); a grid-searching Go bot runs about 3× slower as
		// WebAssembly under wazero (DESIGN.md), so 9 s buys the same work.
		CPUBudget: 9 * time.Second,
		Players:   4,
		Params:    params(g.Redux),
		Validate:  validate,
		Bots:      bots.Roster.Names(),
		Qualifier: "Dummy",
		Downloads: []string{"Dummy"},
		Languages: []string{"go", "cpp"},
		// The original viewer's (games/apocalypse-now.md).
		Palette:   []string{"#3153d2", "#900090", "#ff0000", "#ffd700"},
		Originals: originals2018,
		Files: games.Files{
			Dir: "apocalypse", FS: files, Rules: "rules-2018.html", CppCommon: "cpp-common",
			HostOnly: []string{"NewSession", "NewLoggingSession", "Command", "AppendCommands", "DecodeCommands", "ParamNames",
				"MaxCommands", "KindSoldier", "KindHelicopter", "KindJump"},
		},
	}
	if g.Redux {
		info.ID, info.Title, info.Files.Rules = ReduxID, "Apocalypse Now Redux", "rules-redux.html"
		info.Files.LangDirs, info.Files.Bots = map[string]string{"cpp": "cpp-redux"}, "bots/redux"
		info.Bots = redux.Roster.Names()
		// The original's Game.cc ranks by the last round's points.
		info.Scoring = "its last round's points (each post's value to its holder, one per soldier alive), not their sum over the rounds"
		info.Originals = originalsRedux
	}
	return info
}

// ParseBoard implements games.Game.
func (Game) ParseBoard(data []byte) (games.Board, error) { return ParseFile(data) }

// NewBot implements games.Game: Redux's bots are its own.
func (g Game) NewBot(name string) (games.Agent, error) {
	if g.Redux {
		return redux.Roster.Agent(name)
	}
	return bots.Roster.Agent(name)
}

// ConfigOf reads the rules' parameters from complete settings.
func ConfigOf(s games.Settings) Config {
	return Config{
		Players: s.Get("NUM_PLAYERS"), Rounds: s.Get("GAME_ROUNDS"), Max: s.Get("MAX"),
		Soldiers: s.Get("NUM_SOLDIERS"), Helicopters: s.Get("NUM_HELICOPTERS"), Posts: s.Get("NUM_POSTS"),
		Life: s.Get("LIFE"), ForestDamage: s.Get("FOREST_DAMAGE"), GrassDamage: s.Get("GRASS_DAMAGE"),
		RoundsNapalm: s.Get("ROUNDS_NAPALM"), Reach: s.Get("REACH"),
		ForestBurns: s.Get("FOREST_BURNS"), OtherBurns: s.Get("OTHER_BURNS"), ProbFire: s.Get("PROB_FIRE"),
		RoundsJump: s.Get("ROUNDS_JUMP"), MaxJump: s.Get("MAX_JUMP"),
		HighValue: s.Get("HIGH_VALUE"), LowValue: s.Get("LOW_VALUE"),
	}
}

// Random streams drawn from one match seed.
const (
	streamBoard = 1
	streamPlay  = 2
)

// NewMatch implements games.Game. Without a board file the board is
// generated from the seed.
func (g Game) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	cfg := ConfigOf(s)
	var b *Board
	switch f := board.(type) {
	case nil:
		var err error
		if b, err = Generate(cfg, s.Get("SYMMETRIC_SOLDIERS") == 1, games.NewRNG(seed, streamBoard)); err != nil {
			return nil, err
		}
	case *File:
		if err := f.fits(cfg); err != nil {
			return nil, err
		}
		b = f.Board.clone()
	default:
		return nil, errors.New("apocalypse: not an Apocalypse Now board")
	}
	if g.Redux {
		st, seeds, err := NewReduxState(cfg, b, seed)
		if err != nil {
			return nil, err
		}
		m := newMatch(s, st, true)
		m.seeds = seeds
		return m, nil
	}
	st, err := NewState(cfg, b, games.NewRNG(seed, streamPlay))
	if err != nil {
		return nil, err
	}
	return newMatch(s, st, false), nil
}
