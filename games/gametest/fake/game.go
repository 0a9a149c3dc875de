// Package fake is a small game for testing the framework and its
// conformance suite without a real game: Race. Each round every player
// steps forward 0 to max_step cells; a step of max_step is refused in the
// round after another one. The score is the distance covered. It has
// everything a real game has (settings and their checks, a board file,
// frames with diffs, an SDK, Null, Demo and Dummy, a starter kit, rules and
// a renderer, a C++ SDK with its starter and Demo in cpp/), each as small
// as it can be.
//
// It is not registered in games/all: tests that use it import it.
package fake

import (
	"embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/games/gametest/fake/bots"
	"arena.dev/games/gametest/fake/sdk"
	"arena.dev/games/wire"
)

// IDs of the fake game and of its variant.
const (
	ID       = "race"
	SprintID = "race-sprint"
)

func init() {
	games.Register(Game{})
	games.Register(Game{Sprint: true})
}

//go:embed sdk/*.go kit/main.go bots/*.go rules.html rules-sprint.html viewer.js cpp
var files embed.FS

// Game implements games.Game. Sprint is a variant, as Apocalypse Now Redux
// is of 2018: other settings and rules page, the same engine, SDK, bots
// and renderer; it takes Go bots only.
type Game struct{ Sprint bool }

// Info implements games.Game.
func (g Game) Info() games.Info {
	id, title, rounds, rules := ID, "Race", 20, "rules.html"
	languages := []string{"go", "cpp"}
	if g.Sprint {
		// The sprint takes Go only: the platform's tests of a game
		// without C++.
		id, title, rounds, rules = SprintID, "Race (sprint)", 5, "rules-sprint.html"
		languages = nil
	}
	return games.Info{
		ID: id, Title: title, Players: 4, CPUBudget: time.Second,
		Params: []games.Param{
			{Name: "nb_rounds", Default: rounds, Min: 1, Max: 1000},
			{Name: "max_step", Default: 3, Min: 1, Max: 9},
			{Name: "track", Default: 100, Min: 1, Max: 100000},
		},
		Validate: func(s games.Settings) error {
			if s.Get("track") < s.Get("nb_rounds") {
				return fmt.Errorf("track=%d is shorter than nb_rounds=%d", s.Get("track"), s.Get("nb_rounds"))
			}
			return nil
		},
		Bots:      bots.Roster.Names(),
		Qualifier: "Dummy",
		Downloads: []string{"Dummy"},
		Languages: languages,
		Palette:   []string{"#e8262f", "#1f4fe0", "#12804a", "#b26a00"},
		Files: games.Files{Dir: "gametest/fake", FS: files, Rules: rules,
			HostOnly: []string{"NewSession", "DecodeCommands", "AppendCommands"}},
	}
}

// NewBot implements games.Game.
func (Game) NewBot(name string) (games.Agent, error) { return bots.Roster.Agent(name) }

// Board is a board file: its settings and the players' starting cells.
type Board struct {
	settings games.Settings
	Start    [4]int
}

// Settings implements games.Board.
func (b *Board) Settings() games.Settings { return b.settings }

// ParseBoard reads "race v1", then "rounds N", then "start A B C D".
func (Game) ParseBoard(data []byte) (games.Board, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	want := []string{"race", "rounds", "start"}
	if len(lines) != len(want) {
		return nil, games.LineErrorf(min(len(lines), len(want))+1, "want %d lines, got %d", len(want), len(lines))
	}
	b := &Board{settings: games.Settings{}}
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != want[i] {
			return nil, games.LineErrorf(i+1, "want %q", want[i])
		}
		if i == 0 {
			if len(f) != 2 || f[1] != "v1" {
				return nil, games.LineErrorf(1, "want \"race v1\"")
			}
			continue
		}
		nums := make([]int, len(f)-1)
		for k, s := range f[1:] {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return nil, games.LineErrorf(i+1, "%q is not a number", s)
			}
			nums[k] = n
		}
		switch {
		case i == 1 && len(nums) == 1:
			b.settings["nb_rounds"] = nums[0]
		case i == 2 && len(nums) == 4:
			copy(b.Start[:], nums)
		default:
			return nil, games.LineErrorf(i+1, "wrong number of fields")
		}
	}
	return b, nil
}

// NewMatch implements games.Game: a board file's starts, or starts drawn
// from the seed.
func (Game) NewMatch(s games.Settings, board games.Board, seed uint64) (games.Match, error) {
	m := &match{rounds: s.Get("nb_rounds"), maxStep: s.Get("max_step"), settings: s}
	switch b := board.(type) {
	case nil:
		rng := games.NewRNG(seed, 1)
		for p := range m.pos {
			m.pos[p] = rng.Intn(3)
		}
	case *Board:
		m.pos = b.Start
	default:
		return nil, fmt.Errorf("%s: not a Race board", ID)
	}
	m.start = m.pos
	m.seen = make([][]int, len(m.pos))
	return m, nil
}

type match struct {
	settings       games.Settings
	rounds, round  int
	maxStep        int
	start, pos     [4]int
	lastMax        [4]bool // stepped max_step in the last round
	steps, applied [4]int
	seen           [][]int // per player, the positions it was last sent
	changes        [][2]int
	refused        [4][]string     // per player, why commands were ignored
	ignored        []games.Ignored // by the last Commands call
}

func (m *match) Players() int { return len(m.pos) }
func (m *match) Rounds() int  { return m.rounds }
func (m *match) Round() int   { return m.round }
func (m *match) Done() bool   { return m.round >= m.rounds }

// Setup: version 1, me, seed, nb_rounds, max_step.
func (m *match) Setup(p int, seed uint64) []byte {
	b := append([]byte(nil), sdk.FrameVersion)
	b = wire.AppendUint(b, p)
	b = wire.AppendUint64(b, seed)
	b = wire.AppendUint(b, m.rounds)
	return wire.AppendUint(b, m.maxStep)
}

// View: version 1, round, per player the CPU status (0 frozen, else 1 +
// millionths used), then the positions that changed since p's last view.
func (m *match) View(p int, cpu []float64) []byte {
	b := append([]byte(nil), sdk.FrameVersion)
	b = wire.AppendUint(b, m.round)
	for _, f := range cpu {
		if f < 0 {
			b = wire.AppendUint(b, 0)
		} else {
			b = wire.AppendUint(b, 1+int(f*1e6))
		}
	}
	if m.seen[p] == nil {
		m.seen[p] = wire.Unseen(len(m.pos), -1)
	}
	return wire.AppendChanges(b, m.pos[:], m.seen[p], wire.AppendUint)
}

// Commands: only a player's first step counts; the others, steps above
// max_step and a second max_step in a row are invalid.
func (m *match) Commands(p int, frame []byte) (int, error) {
	steps, err := sdk.DecodeCommands(frame)
	if err != nil {
		return 0, err
	}
	m.steps[p], m.applied[p] = 0, 0
	m.ignored = m.ignored[:0]
	invalid := 0
	for i, s := range steps {
		why := ""
		switch {
		case i > 0:
			why = "only the first step of a round counts"
		case s > m.maxStep:
			why = fmt.Sprintf("a step of %d is longer than max_step %d", s, m.maxStep)
		case s == m.maxStep && m.lastMax[p]:
			why = "two steps of max_step in a row"
		default:
			m.steps[p] = s
			continue
		}
		invalid++
		m.ignored = append(m.ignored, games.Ignored{Unit: -1, Why: why})
		if len(m.refused[p]) < 50 {
			m.refused[p] = append(m.refused[p], fmt.Sprintf("round %d: %s", m.round, why))
		}
	}
	return invalid, nil
}

// Ignored implements games.Ignorer.
func (m *match) Ignored() []games.Ignored { return m.ignored }

// Refusals implements games.Refuser.
func (m *match) Refusals(p int) []string { return m.refused[p] }

func (m *match) Step() {
	m.changes = m.changes[:0]
	for p := range m.pos {
		s := m.steps[p]
		m.pos[p] += s
		m.lastMax[p] = s == m.maxStep
		m.applied[p] = s
		if s > 0 {
			m.changes = append(m.changes, [2]int{p, m.pos[p]})
		}
		m.steps[p] = 0
	}
	m.round++
}

func (m *match) Scores() []int {
	sc := make([]int, len(m.pos))
	for p := range sc {
		sc[p] = m.pos[p] - m.start[p]
	}
	return sc
}

func (m *match) Initial() any  { return map[string]any{"track": m.settings["track"], "pos": m.start} }
func (m *match) Changes() any  { return map[string]any{"pos": append([][2]int{}, m.changes...)} }
func (m *match) Executed() any { return m.applied }
