package proto

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestCommandsRoundTrip(t *testing.T) {
	in := []Command{{0, false, Bottom}, {3, true, None}, {1 << 20, true, Left}, {7, false, Dir(200)}}
	out, err := DecodeCommands(AppendCommands(nil, in), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %v", out)
	}
	for i := range in {
		if in[i] != out[i] {
			t.Fatalf("got %v, want %v", out, in)
		}
	}
	// An unknown action kind decodes as a command the engine will refuse.
	out, err = DecodeCommands([]byte{1, 0, 5, 0}, nil)
	if err != nil || len(out) != 1 || out[0].Dir <= None {
		t.Fatalf("unknown kind: %+v %v", out, err)
	}
}

// The bytes of a commands frame are what the layout says, which the C++
// SDK writes by hand.
func TestCommandsBytes(t *testing.T) {
	got := AppendCommands(nil, []Command{{2, true, Right}, {200, false, None}})
	want := []byte{2, 2, ActAttack, 3, 0xc8, 0x01, ActMove, 4}
	if string(got) != string(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestStatus(t *testing.T) {
	for _, f := range []float64{-1, 0, 0.25, 0.999999, 1} {
		s := EncodeStatus(f)
		if d := DecodeStatus(s) - f; d > 1e-6 || d < -1e-6 {
			t.Errorf("%v → %d → %v", f, s, DecodeStatus(s))
		}
	}
	if EncodeStatus(-0.5) != 0 || DecodeStatus(0) != -1 {
		t.Error("frozen")
	}
}

func TestNames(t *testing.T) {
	if Defense.String() != "Defense" || CellType(9).String() != "?" || None.String() != "None" || BadDir.String() != "?" {
		t.Error("String")
	}
	if !Stone.IsBonus() || Wall.IsBonus() || ParamNames[Cols] != "cols" || ParamNames[NbPlayers] != "nb_players" {
		t.Error("codes")
	}
}

func FuzzDecodeCommands(f *testing.F) {
	f.Add(AppendCommands(nil, []Command{{3, true, Top}}))
	f.Add([]byte{0x80})
	f.Add([]byte{0xe9, 0x07})
	gametest.FuzzCommandsCodec(f, DecodeCommands, AppendCommands, MaxCommands)
}
