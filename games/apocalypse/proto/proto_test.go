package proto

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestCommandsRoundTrip(t *testing.T) {
	in := []Command{
		{Kind: KindSoldier, ID: 9, I: 3, J: -1},
		{Kind: KindHelicopter, ID: 1, Instr: Napalm},
		{Kind: KindJump, I: 59, J: 1 << 20},
		{Kind: KindHelicopter, ID: 1 << 20, Instr: 200},
	}
	out, err := DecodeCommands(AppendCommands(nil, in), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %v", out)
	}
	for i := range in {
		if in[i] != out[i] {
			t.Fatalf("got %+v, want %+v", out[i], in[i])
		}
	}
}

func FuzzDecodeCommands(f *testing.F) {
	f.Add(AppendCommands(nil, []Command{{Kind: KindSoldier, ID: 3, I: 1, J: 2}}))
	f.Add([]byte{0x80})
	f.Add([]byte{1, 9})
	f.Add([]byte{0xe9, 0x07})
	gametest.FuzzCommandsCodec(f, DecodeCommands, AppendCommands, MaxCommands)
}
