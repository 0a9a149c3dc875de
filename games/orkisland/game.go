package orkisland

import (
	"embed"
	"fmt"
	"time"

	"arena.dev/games"
	"arena.dev/games/orkisland/bots"
)

// ID is the game's id on the platform.
const ID = "orkisland"

// params are the statement's parameters with their defaults, in the
// statement's (and the setup frame's) order.
var params = []games.Param{
	{Name: "nb_players", Default: 4, Min: 4, Max: 4},
	{Name: "rows", Default: 70, Min: 20, Max: 200},
	{Name: "cols", Default: 70, Min: 20, Max: 200},
	{Name: "nb_rounds", Default: 200, Min: 1, Max: 10000},
	{Name: "initial_health", Default: 100, Min: 1, Max: 1 << 20},
	{Name: "nb_orks", Default: 15, Min: 1, Max: 100},
	{Name: "cost_grass", Default: 1, Min: 0, Max: 1 << 20},
	{Name: "cost_forest", Default: 2, Min: 0, Max: 1 << 20},
	{Name: "cost_sand", Default: 3, Min: 0, Max: 1 << 20},
	{Name: "cost_city", Default: 0, Min: 0, Max: 1 << 20},
	{Name: "cost_path", Default: 0, Min: 0, Max: 1 << 20},
	{Name: "bonus_per_city_cell", Default: 1, Min: 1, Max: 1 << 10},
	{Name: "bonus_per_path_cell", Default: 1, Min: 1, Max: 1 << 10},
	{Name: "factor_connected_component", Default: 2, Min: 1, Max: 1 << 10},
}

// validate holds the original's checks that involve two settings or more
// (its Settings::read_settings; the ranges above hold the others).
func validate(s games.Settings) error {
	if s.Get("rows") != s.Get("cols") {
		return fmt.Errorf("the board must be square: rows=%d but cols=%d", s.Get("rows"), s.Get("cols"))
	}
	if area, need := s.Get("rows")*s.Get("cols"), 25*s.Get("nb_players")*s.Get("nb_orks"); area < need {
		return fmt.Errorf("the board is too small for the orks: rows×cols = %d, but nb_orks=%d needs at least 25 × nb_players × nb_orks = %d",
			area, s.Get("nb_orks"), need)
	}
	return nil
}

func init() { games.Register(Game{}) }

// files are what the framework serves and builds: the Go SDK and the
// protocol it shares with the engine, the starter bot, the reference bots'
// sources, the C++ SDK with its starter and Demo, the rules page and the
// renderer.
//
//go:embed sdk/*.go proto/*.go kit/main.go bots/*.go cpp rules.html viewer.js
var files embed.FS

// Game implements games.Game for Ork Island.
type Game struct{}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:        ID,
		Title:     "Ork Island",
		Players:   4,
		CPUBudget: 2 * time.Second,
		Params:    params,
		Validate:  validate,
		Bots:      bots.Roster.Names(),
		Qualifier: "Dummy",
		Downloads: []string{"Dummy"},
		Languages: []string{"go", "cpp"},
		Palette:   []string{"#e8262f", "#1f4fe0", "#9b27b0", "#ff8a00"},
		Originals: originals,
		Files: games.Files{
			Dir: "orkisland", FS: files, Rules: "rules.html",
			HostOnly: []string{"NewSession", "Command", "AppendCommands", "DecodeCommands", "ParamNames"},
		},
	}
}

// ParseBoard implements games.Game.
func (Game) ParseBoard(data []byte) (games.Board, error) { return ParseFile(data) }

// NewBot implements games.Game.
func (Game) NewBot(name string) (games.Agent, error) { return bots.Roster.Agent(name) }

// ConfigOf reads the rules' parameters from complete settings.
func ConfigOf(s games.Settings) Config {
	return Config{
		Players: s.Get("nb_players"), Rounds: s.Get("nb_rounds"),
		Health: s.Get("initial_health"), Orks: s.Get("nb_orks"),
		Cost:      [6]int{Grass: s.Get("cost_grass"), Forest: s.Get("cost_forest"), Sand: s.Get("cost_sand"), City: s.Get("cost_city"), Path: s.Get("cost_path")},
		BonusCity: s.Get("bonus_per_city_cell"), BonusPath: s.Get("bonus_per_path_cell"),
		Factor: s.Get("factor_connected_component"),
	}
}

// Random streams drawn from one match seed.
const (
	streamBoard = 1
	streamPlay  = 2
)

// NewMatch implements games.Game.
func (Game) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	var b *Board
	if f, ok := board.(*File); ok && f != nil {
		b = f.Board
	} else if board != nil {
		return nil, fmt.Errorf("orkisland: not an Ork Island board")
	}
	if b == nil {
		var err error
		if b, err = Generate(s.Get("rows"), s.Get("cols"), s.Get("nb_orks"), games.NewRNG(seed, streamBoard)); err != nil {
			return nil, err
		}
	} else if b.Rows != s.Get("rows") || b.Cols != s.Get("cols") {
		return nil, fmt.Errorf("orkisland: board is %d×%d but settings say %d×%d", b.Rows, b.Cols, s.Get("rows"), s.Get("cols"))
	}
	st, err := NewState(ConfigOf(s), b, games.NewRNG(seed, streamPlay))
	if err != nil {
		return nil, err
	}
	return newMatch(s, st), nil
}
