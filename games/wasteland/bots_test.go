package wasteland

import (
	"testing"

	"arena.dev/games"
	"arena.dev/games/wasteland/bots"
	"arena.dev/games/wasteland/sdk"
)

// settingsOf is the settings of cfg.
func settingsOf(cfg Config) games.Settings {
	return games.Settings{
		"number_players": cfg.Players, "number_rounds": cfg.Rounds, "number_rows": cfg.Rows,
		"number_universe_columns": cfg.Cols, "number_window_columns": cfg.Win, "number_cars_per_player": cfg.CarsPerPlayer,
		"number_rounds_to_regenerate": cfg.RegenRounds, "number_missile_bonuses": cfg.MissileBonuses,
		"number_water_bonuses": cfg.WaterBonuses, "number_gas_bonuses": cfg.GasBonuses, "bonus_missiles": cfg.BonusMissiles,
		"bonus_gas": cfg.BonusGas, "water_points": cfg.WaterPoints, "kill_points": cfg.KillPoints, "initial_gas": cfg.InitialGas,
	}
}

// commandsOf is what bot name, playing player p with seed, instructs in
// the state drawn.
func commandsOf(t *testing.T, pic []string, name string, p int, seed uint64) []sdk.Command {
	t.Helper()
	s := fromPicture(t, testConfig(5, 14, 10), pic, 10)
	m := newMatch(settingsOf(s.Cfg), s)
	b, _ := bots.Roster.New(name)
	session := sdk.NewSession(b)
	if _, err := session.Handle(m.Setup(p, seed)); err != nil {
		t.Fatal(err)
	}
	reply, err := session.Handle(m.View(p, make([]float64, 4)))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := sdk.DecodeCommands(reply, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bad := s.Register(p, cmds); bad != 0 {
		t.Fatalf("%s gave %d invalid instructions: %v", name, bad, cmds)
	}
	return cmds
}

func TestDemoBehaviour(t *testing.T) {
	for seed := range uint64(30) {
		// An enemy right ahead: shoot it. Its own car ahead: leave it be.
		if cmds := commandsOf(t, []string{"..............", "..............", "...02.........", "..............", ".............."}, "Demo", 0, seed); len(cmds) != 1 || cmds[0] != shoot(0) {
			t.Fatalf("enemy ahead: %v", cmds)
		}
		if cmds := commandsOf(t, []string{"..............", "..............", "...23.........", ".....W........", ".............."}, "Demo", 1, seed); len(cmds) != 1 || cmds[0] != move(3, sdk.Down) {
			t.Fatalf("own car ahead: %v, want only car 3 towards the water", cmds)
		}
		// Bonuses next to it: the first in the statement's order (UP before DOWN).
		if cmds := commandsOf(t, []string{"..............", "....G.........", "...0..........", "....W.........", ".............."}, "Demo", 0, seed); len(cmds) != 1 || cmds[0] != move(0, sdk.Up) {
			t.Fatalf("bonuses around: %v", cmds)
		}
		if cmds := commandsOf(t, []string{"..............", "..............", "...0.M........", "..............", ".............."}, "Demo", 0, seed); len(cmds) != 1 || cmds[0] != move(0, sdk.Fast) {
			t.Fatalf("bonus two ahead: %v", cmds)
		}
		// On the top row with nothing around: nothing.
		if cmds := commandsOf(t, []string{"...0..........", "..............", "..............", "..............", ".............."}, "Demo", 0, seed); len(cmds) != 0 {
			t.Fatalf("top row: %v", cmds)
		}
	}
	// Elsewhere, a random direction, when its target is in the next window.
	seen := map[byte]int{}
	for seed := range uint64(300) {
		for _, c := range commandsOf(t, []string{"..............", "..............", "0.............", "..............", ".............."}, "Demo", 0, seed) {
			seen[c.Code]++
		}
	}
	if len(seen) != 6 || seen[3] != 0 || seen[4] != 0 || seen[5] != 0 {
		t.Fatalf("random moves from column 0: %v, want the six that leave it", seen)
	}
}

func TestDummyBehaviour(t *testing.T) {
	count := map[string]int{}
	for seed := range uint64(500) {
		// The water behind the tyre is reached round the tyre: up first
		// (the search tries SLOW_UP before SLOW_DOWN).
		cmds := commandsOf(t, []string{"..............", "..............", "...0X.W.......", "..............", ".............."}, "Dummy", 0, seed)
		switch {
		case len(cmds) == 0:
			count["none"]++
		case len(cmds) == 1 && cmds[0] == shoot(0):
			count["shoot"]++
		case len(cmds) == 1 && cmds[0] == move(0, sdk.SlowUp):
			count["towards"]++
		default:
			t.Fatalf("seed %d: %v", seed, cmds)
		}
		// No bonus at all, a tyre ahead: it shoots it (or idles).
		cmds = commandsOf(t, []string{"..............", "..............", "...0.X........", "..............", ".............."}, "Dummy", 0, seed)
		if len(cmds) > 1 || len(cmds) == 1 && cmds[0] != shoot(0) {
			t.Fatalf("seed %d, no bonus: %v", seed, cmds)
		}
		if len(cmds) == 1 {
			count["clears"]++
		}
	}
	// One in five shoots, one in five of the rest idles, the rest go.
	if count["shoot"] < 70 || count["shoot"] > 130 || count["none"] < 50 || count["none"] > 110 || count["towards"] < 280 || count["clears"] < 380 {
		t.Fatalf("%v", count)
	}
}
