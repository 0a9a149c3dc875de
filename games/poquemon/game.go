package poquemon

import (
	"embed"
	"fmt"
	"time"

	"arena.dev/games"
	"arena.dev/games/poquemon/bots"
)

// ID is the game's id on the platform.
const ID = "poquemon"

// params are the statement's parameters with the default board's values, in
// the statement's (and the setup frame's) order. Their ranges are what any
// board may have, a board file's included: the original engine's reader
// sets no upper bound, so ours are limits that keep a match's memory and
// time in check (a board of at most 100×100, at most 10000 rounds, 16
// Poquémon per player and 10000 items of a kind; validate adds one), or
// none at all (32-bit integers, as the original reads them) where a value
// costs nothing. Generated boards need more (generated).
var params = []games.Param{
	{Name: "nb_players", Default: 4, Min: 4, Max: 4},
	{Name: "nb_pokemon", Default: 1, Min: 1, Max: 16},
	{Name: "nb_rounds", Default: 400, Min: 1, Max: 10000},
	{Name: "nb_ghost_wall", Default: 6, Min: 0, Max: 10000},
	{Name: "nb_point", Default: 20, Min: 0, Max: 10000},
	{Name: "nb_stone", Default: 5, Min: 0, Max: 10000},
	{Name: "nb_scope", Default: 2, Min: 0, Max: 10000},
	{Name: "nb_attack", Default: 4, Min: 0, Max: 10000},
	{Name: "nb_defense", Default: 4, Min: 0, Max: 10000},
	{Name: "player_regen_time", Default: 40, Min: 1, Max: maxInt32},
	{Name: "wall_change_time", Default: 30, Min: 1, Max: maxInt32},
	{Name: "point_regen_time", Default: 50, Min: 1, Max: maxInt32},
	{Name: "stone_regen_time", Default: 85, Min: 1, Max: maxInt32},
	{Name: "scope_regen_time", Default: 65, Min: 1, Max: maxInt32},
	{Name: "attack_regen_time", Default: 55, Min: 1, Max: maxInt32},
	{Name: "defense_regen_time", Default: 55, Min: 1, Max: maxInt32},
	{Name: "battle_reward", Default: 15, Min: 0, Max: maxInt32},
	{Name: "max_scope", Default: 8, Min: 1, Max: maxInt32},
	{Name: "max_stone", Default: 2, Min: 0, Max: maxInt32},
	{Name: "rows", Default: 15, Min: 1, Max: 100},
	{Name: "cols", Default: 31, Min: 1, Max: 100},
}

// maxInt32 is the largest value the original engine reads into an int.
const maxInt32 = 1<<31 - 1

// validate checks what any board must have: no more ghost walls, nor
// bonuses, than cells (the SDKs size their tables by the board, and
// refuse a setup frame that says otherwise).
func validate(s games.Settings) error {
	cells := s.Get("rows") * s.Get("cols")
	bonuses := s.Get("nb_point") + s.Get("nb_stone") + s.Get("nb_scope") + s.Get("nb_attack") + s.Get("nb_defense")
	if s.Get("nb_ghost_wall") > cells || bonuses > cells {
		return fmt.Errorf("rows×cols: a %d×%d board has %d cells, fewer than its %d ghost walls or %d bonuses",
			s.Get("rows"), s.Get("cols"), cells, s.Get("nb_ghost_wall"), bonuses)
	}
	return nil
}

// generated checks what the generator needs: a board of at least 7×7, at
// most 4 Poquémon per player, and room for everything: generated boards
// keep about three quarters of the inside as floor, and regeneration needs
// room away from the Poquémon.
func generated(s games.Settings) error {
	if s.Get("rows") < 7 || s.Get("cols") < 7 {
		return fmt.Errorf("rows×cols: generated boards are at least 7×7, not %d×%d", s.Get("rows"), s.Get("cols"))
	}
	if s.Get("nb_pokemon") > 4 {
		return fmt.Errorf("nb_pokemon: generated boards have at most 4 Poquémon per player, not %d", s.Get("nb_pokemon"))
	}
	items := s.Get("nb_players")*s.Get("nb_pokemon") + s.Get("nb_ghost_wall") +
		s.Get("nb_point") + s.Get("nb_stone") + s.Get("nb_scope") + s.Get("nb_attack") + s.Get("nb_defense")
	inside := (s.Get("rows") - 2) * (s.Get("cols") - 2)
	if 3*items > inside {
		return fmt.Errorf("rows×cols: a %d×%d board has %d inner cells, too few for %d Poquémon, ghost walls and bonuses (at most a third of them)",
			s.Get("rows"), s.Get("cols"), inside, items)
	}
	return nil
}

func init() { games.Register(Game{}) }

// files are what the framework serves and builds: the Go SDK and the
// protocol it shares with the engine, the starter bot, the reference bots'
// sources, the rules page, the renderer and the C++ SDK (cpp: the original
// player API's headers, AINull.cc and AIDemo.cc).
//
//go:embed sdk/*.go proto/*.go kit/main.go bots/*.go rules.html viewer.js cpp/*.hh cpp/*.cc
var files embed.FS

// Game implements games.Game for Poquémon.
type Game struct{}

// Info implements games.Game.
func (Game) Info() games.Info {
	return games.Info{
		ID:      ID,
		Title:   "Poquémon",
		Players: 4,
		// Jutge gives ~1 s of native CPU for the whole game; Go compiled to
		// WebAssembly runs grid searches 2.5–3.5× slower (DESIGN.md), so a
		// bot that fits Jutge's budget fits 3 s here.
		CPUBudget: 3 * time.Second,
		Params:    params,
		Validate:  validate,
		Generated: generated,
		Bots:      bots.Roster.Names(),
		Qualifier: "Dummy",
		Downloads: []string{"Dummy"},
		Languages: []string{"go", "cpp"},
		// Chosen to stand out on the sand floor and against the bonuses.
		Palette:   []string{"#e8262f", "#1f4fe0", "#1d9a4a", "#f08c00"},
		Originals: originals,
		Files: games.Files{
			Dir: "poquemon", FS: files, Rules: "rules.html",
			HostOnly: []string{"NewSession", "Command", "AppendCommands", "DecodeCommands", "ParamNames",
				"SetupFloor", "SetupWall", "SetupGhost"},
		},
	}
}

// ParseBoard implements games.Game.
func (Game) ParseBoard(data []byte) (games.Board, error) { return ParseFile(data) }

// NewBot implements games.Game.
func (Game) NewBot(name string) (games.Agent, error) { return bots.Roster.Agent(name) }

// ConfigOf reads the rules' parameters from complete settings.
func ConfigOf(s games.Settings) Config {
	c := Config{
		Players: s.Get("nb_players"), PerPlayer: s.Get("nb_pokemon"), Rounds: s.Get("nb_rounds"),
		PlayerRegen: s.Get("player_regen_time"), WallChange: s.Get("wall_change_time"),
		Reward: s.Get("battle_reward"), MaxScope: s.Get("max_scope"), MaxStone: s.Get("max_stone"),
	}
	c.Regen[Point] = s.Get("point_regen_time")
	c.Regen[Stone] = s.Get("stone_regen_time")
	c.Regen[Scope] = s.Get("scope_regen_time")
	c.Regen[Attack] = s.Get("attack_regen_time")
	c.Regen[Defense] = s.Get("defense_regen_time")
	return c
}

// Random sources drawn from one match seed, by label (games.NewSecretRNG:
// bots must not predict the engine's draws).
const (
	streamBoard = "poquemon board"
	streamPlay  = "poquemon play"
)

// fixed are the settings a board file fixes: a match on it cannot change
// them.
var fixed = []string{"nb_players", "nb_pokemon", "nb_ghost_wall", "nb_point", "nb_stone",
	"nb_scope", "nb_attack", "nb_defense", "rows", "cols"}

// NewMatch implements games.Game.
func (Game) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	var b *Board
	if f, ok := board.(*File); ok && f != nil {
		b = f.Board
		for _, name := range fixed {
			if s.Get(name) != f.settings[name] {
				return nil, fmt.Errorf("poquemon: the board has %s %d but the settings say %d", name, f.settings[name], s.Get(name))
			}
		}
	} else if board != nil {
		return nil, fmt.Errorf("poquemon: not a Poquémon board")
	}
	if b == nil {
		var err error
		if b, err = Generate(s, games.NewSecretRNG(seed, streamBoard)); err != nil {
			return nil, err
		}
	}
	st, err := NewState(ConfigOf(s), b, games.NewSecretRNG(seed, streamPlay))
	if err != nil {
		return nil, err
	}
	return newMatch(s, st), nil
}
