package poquemon

import (
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest"
	"arena.dev/games/poquemon/bots"
	"arena.dev/games/poquemon/proto"
	"arena.dev/games/poquemon/sdk"
)

// mirror is a bot that checks, every round, that what its SDK decoded is
// exactly player p's view of the engine's state, then plays like next.
type mirror struct {
	t    *testing.T
	s    *State
	cpu  []float64
	next sdk.Bot
}

func (m *mirror) Play(g *sdk.Game) {
	s, t, p := m.s, m.t, g.Me()
	if g.Round() != s.Round || g.Rows() != s.B.Rows || g.Cols() != s.B.Cols || g.NbPokemon() != s.Cfg.PerPlayer ||
		g.NbTotalPokemon() != len(s.Poq) || g.MaxScope() != s.Cfg.MaxScope || g.PlayerRegenTime() != s.Cfg.PlayerRegen {
		t.Fatalf("round %d: header mismatch", s.Round)
	}
	for c := range s.B.Wall {
		at := sdk.Pos{I: c / s.B.Cols, J: c % s.B.Cols}
		want := sdk.Empty
		switch {
		case s.blocked(c):
			want = sdk.Wall
		case s.BonusAt[c] >= 0:
			want = sdk.CellType(s.Bonuses[s.BonusAt[c]].Kind)
		}
		if got := g.CellType(at); got != want {
			t.Fatalf("round %d: cell %s is %v in the SDK, %v in the engine", s.Round, s.B.pos(c), got, want)
		}
		wantID := -1
		if id := s.At[c]; id >= 0 && (s.Poq[id].Player == p || sees(s, p, c)) {
			wantID = id
		}
		if got := g.CellID(at); got != wantID {
			t.Fatalf("round %d player %d: CellID%v = %d, want %d", s.Round, p, at, got, wantID)
		}
		wantValue := -1
		if k := s.BonusAt[c]; k >= 0 && s.Bonuses[k].Kind == Point {
			wantValue = s.Bonuses[k].Value
		}
		wantGhost := -1
		if k := s.B.GhostAt[c]; k >= 0 {
			wantGhost = s.Ghosts[k].Time
		}
		if g.PointsValue(at) != wantValue || g.GhostWall(at) != wantGhost {
			t.Fatalf("round %d: cell %s: points %d ghost %d", s.Round, s.B.pos(c), g.PointsValue(at), g.GhostWall(at))
		}
	}
	score := 0
	for id, q := range s.Poq {
		got := g.Poquemon(id)
		if q.Player == p {
			score += q.Points
		}
		// Every Poquémon in full, as the original's poquemon(id); Visible
		// as its cell id shows it.
		want := sdk.Poquemon{ID: id, Player: q.Player, Pos: sdk.Pos{I: q.Cell / s.B.Cols, J: q.Cell % s.B.Cols},
			Attack: q.Attack, Defense: q.Defense, Scope: q.Scope, Stones: q.Stones, Alive: q.Alive,
			Points: q.Points, Time: q.Time, Visible: q.Player == p || q.Alive && sees(s, p, q.Cell)}
		if got != want {
			t.Fatalf("round %d player %d: Poquemon(%d) = %+v, want %+v", s.Round, p, id, got, want)
		}
	}
	if g.Score() != score {
		t.Fatalf("round %d: score %d, want %d", s.Round, g.Score(), score)
	}
	for q, want := range s.Scores() {
		if g.ScoreOf(q) != want {
			t.Fatalf("round %d: score of %d: %d, want %d", s.Round, q, g.ScoreOf(q), want)
		}
	}
	for q := range s.Cfg.Players {
		if d := g.Status(q) - m.cpu[q]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("round %d: status of %d: sdk %v want %v", s.Round, q, g.Status(q), m.cpu[q])
		}
	}
	m.next.Play(g)
}

// The frames the engine encodes decode, in the SDK, to each player's view.
func TestSDKStateIsTheView(t *testing.T) {
	for seed := range uint64(4) {
		s := Game{}.Info().Defaults()
		if seed == 3 {
			s["nb_pokemon"] = 3
		}
		gm, err := Game{}.NewMatch(s, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := gm.(*match)
		cpu := []float64{0, 0.25, 1, -1}
		var seats []gametest.Seat
		for p, name := range []string{"Dummy", "Demo", "Dummy", "Demo"} {
			next, _ := bots.Roster.New(name)
			ses := sdk.NewSession(&mirror{t: t, s: m.s, cpu: cpu, next: next})
			seats = append(seats, gametest.Seat{SDK: ses, Seed: Game{}.Info().SeatSeed(7, p)})
		}
		gametest.FeedFrames(t, m, seats, cpu, func() { checkInvariants(t, m.s) })
	}
}

// Bad command frames never panic: they are a protocol error or counted.
func FuzzCommands(f *testing.F) {
	f.Add(proto.AppendCommands(nil, []proto.Command{{ID: 0, Dir: proto.Bottom}, {ID: 0, Attack: true, Dir: proto.None}}))
	f.Add(proto.AppendCommands(nil, []proto.Command{{ID: 1 << 40, Dir: 200}}))
	f.Add([]byte{1, 0, 2, 9})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Add([]byte{})
	gametest.FuzzCommandFrames(f, Game{}, func(t *testing.T, m games.Match) { checkInvariants(t, m.(*match).s) })
}

func TestCommandsProtocol(t *testing.T) {
	gm, _ := Game{}.NewMatch(Game{}.Info().Defaults(), nil, 1)
	many := make([]proto.Command, proto.MaxCommands+1)
	gametest.CheckCommandFrames(t, gm, []gametest.CommandFrame{
		{Name: "empty reply", Err: true},
		{Name: "no commands", Frame: proto.AppendCommands(nil, nil)},
		{Name: "truncated", Frame: proto.AppendCommands(nil, []proto.Command{{ID: 0}})[:2], Err: true},
		{Name: "trailing bytes", Frame: append(proto.AppendCommands(nil, nil), 7), Err: true},
		{Name: "too many", Frame: proto.AppendCommands(nil, many), Err: true},
	})
	// A kind byte other than move or attack is counted, not fatal.
	frame := []byte{3, 1, 0, 0, 0, 7, 0, 0, 0, 1}
	if bad, err := gm.Commands(0, frame); err != nil || bad != 2 {
		t.Fatalf("foreign id and unknown kind: %d invalid, %v", bad, err)
	}
}

// The engine speaks the protocol through package proto, as the SDKs do:
// only game.go, which runs the built-in bots, imports the student SDK.
func TestEngineUsesProtoNotSDK(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(token.NewFileSet(), name, nil, goparser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) == "arena.dev/games/poquemon/sdk" && name != "game.go" {
				t.Errorf("%s imports the SDK", name)
			}
		}
	}
}
