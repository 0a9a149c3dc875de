package proto

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestCommandsRoundTrip(t *testing.T) {
	in := []Command{{ID: 0, Dir: Bottom}, {ID: 59, Dir: None}, {ID: 1 << 20, Dir: Left}, {ID: 7, Dir: Dir(200)}}
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
}

func FuzzDecodeCommands(f *testing.F) {
	f.Add(AppendCommands(nil, []Command{{ID: 3, Dir: Top}}))
	f.Add([]byte{0x80})
	f.Add([]byte{0xe9, 0x07})
	gametest.FuzzCommandsCodec(f, DecodeCommands, AppendCommands, MaxCommands)
}
