package wasteland

import (
	"embed"
	"errors"
	"fmt"
	"time"

	"arena.dev/games"
	"arena.dev/games/wasteland/bots"
)

// ID is the game's id on the platform.
const ID = "wasteland"

// params are the statement's parameters (its function names) with the
// default board's values, in the statement's (and the setup frame's)
// order, within the ranges the original's board reader accepts. The
// statement fixes all but the board's size and bonus numbers; the
// original's reader also lets cars per player and rounds to regenerate
// vary (from 1, with no upper bound: ours on cars keeps a match's size in
// check, and is the SDKs'), and we let the number of rounds vary too, for
// short matches.
var params = []games.Param{
	{Name: "number_players", Default: 4, Min: 4, Max: 4},
	{Name: "number_rounds", Default: 300, Min: 1, Max: 1000},
	{Name: "number_rows", Default: 19, Min: 15, Max: 20},
	{Name: "number_universe_columns", Default: 97, Min: 60, Max: 100},
	{Name: "number_window_columns", Default: 40, Min: 30, Max: 40},
	{Name: "number_cars_per_player", Default: 2, Min: 1, Max: 64}, // the SDKs' bound
	{Name: "number_rounds_to_regenerate", Default: 30, Min: 1, Max: 1<<31 - 1},
	{Name: "number_missile_bonuses", Default: 9, Min: 5, Max: 30},
	{Name: "number_water_bonuses", Default: 26, Min: 20, Max: 150},
	{Name: "number_gas_bonuses", Default: 10, Min: 5, Max: 15},
	{Name: "bonus_missiles", Default: 5, Min: 5, Max: 5},
	{Name: "bonus_gas", Default: 30, Min: 30, Max: 30},
	{Name: "water_points", Default: 10, Min: 10, Max: 10},
	{Name: "kill_points", Default: 30, Min: 30, Max: 30},
	{Name: "initial_gas", Default: 60, Min: 60, Max: 60},
}

// validate checks what the ranges alone would not if they were wider:
// bonuses reappear outside the window, so the window must be narrower than
// the universe. (With the statement's ranges, 40 < 60, it always is.)
func validate(s games.Settings) error {
	if s.Get("number_window_columns") >= s.Get("number_universe_columns") {
		return errors.New("number_window_columns must be less than number_universe_columns")
	}
	return nil
}

// generated checks what the generator needs: it starts player p's cars
// in column 0 from row 1+p·(rows+1)/4 down, one per row.
func generated(s games.Settings) error {
	step := (s.Get("number_rows") + 1) / 4 // rows between two players' first cars
	if n, room := s.Get("number_cars_per_player"), min(step, s.Get("number_rows")-1-step*(s.Get("number_players")-1)); n > room {
		return fmt.Errorf("number_cars_per_player: generated boards start %d cars per player at most on %d rows, not %d",
			room, s.Get("number_rows"), n)
	}
	return nil
}

func init() { games.Register(Game{}) }

// files are what the framework serves and builds: the SDK and the frame
// layouts it shares with the engine, the starter bot, the reference bots'
// sources, the C++ SDK with its starter and Demo, the rules page and the
// renderer.
//
//go:embed sdk/*.go proto/*.go kit/main.go bots/*.go rules.html viewer.js cpp/*.hh cpp/*.cc
var files embed.FS

// Game implements games.Game for Wasteland.
type Game struct{}

// Info implements games.Game.
//
// CPU budget: Jutge gives a Wasteland player about 1 s of native CPU for a
// whole match. Our bots run as WebAssembly, which costs 2.5–3.5× native
// on grid searches like a Wasteland bot's (DESIGN.md), so 3 s leaves a
// player the room Jutge does.
func (Game) Info() games.Info {
	return games.Info{
		ID:        ID,
		Title:     "Wasteland",
		Players:   4,
		CPUBudget: 3 * time.Second,
		Params:    params,
		Validate:  validate,
		Generated: generated,
		// Bots see everything and the engine draws from the original's
		// generator: player p starts from seed+p as in the original, so
		// our per-seed results are the original's.
		OriginalSeeds: true,
		Bots:          bots.Roster.Names(),
		Qualifier:     "Dummy",
		Downloads:     []string{"Dummy"},
		Languages:     []string{"go", "cpp"},
		Palette:       []string{"#d7263d", "#1b4fd8", "#0b8a3e", "#8e24aa"},
		Originals:     originals,
		Files: games.Files{
			Dir: "wasteland", FS: files, Rules: "rules.html",
			HostOnly: []string{"NewSession", "Command", "AppendCommands", "DecodeCommands", "ParamNames",
				"CodeShoot", "Generator"},
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
		Players: s.Get("number_players"), Rounds: s.Get("number_rounds"),
		Rows: s.Get("number_rows"), Cols: s.Get("number_universe_columns"), Win: s.Get("number_window_columns"),
		CarsPerPlayer: s.Get("number_cars_per_player"), RegenRounds: s.Get("number_rounds_to_regenerate"),
		MissileBonuses: s.Get("number_missile_bonuses"), WaterBonuses: s.Get("number_water_bonuses"), GasBonuses: s.Get("number_gas_bonuses"),
		BonusMissiles: s.Get("bonus_missiles"), BonusGas: s.Get("bonus_gas"),
		WaterPoints: s.Get("water_points"), KillPoints: s.Get("kill_points"), InitialGas: s.Get("initial_gas"),
	}
}

// streamBoard is the random stream (of games.RNG) that generates a board
// from the match seed; play itself draws from the original's generator.
const streamBoard = 1

// NewMatch implements games.Game. Without a board, the board is generated
// from the seed with the settings' size and bonus numbers (Generate).
func (Game) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	cfg := ConfigOf(s)
	var b *Board
	if f, ok := board.(*File); ok && f != nil {
		b = f.Board
	} else if board != nil {
		return nil, fmt.Errorf("wasteland: not a Wasteland board")
	}
	if b == nil {
		var err error
		if b, err = Generate(cfg, games.NewRNG(seed, streamBoard)); err != nil {
			return nil, err
		}
	}
	st, err := NewState(cfg, b, seed)
	if err != nil {
		return nil, err
	}
	return newMatch(s, st), nil
}
