package proto

import (
	"testing"

	"arena.dev/games/gametest"
)

func TestCommandsRoundTrip(t *testing.T) {
	in := []Command{{Car: 0, Code: 1}, {Car: 7, Code: CodeShoot}, {Car: 1 << 20, Code: 4}, {Car: 3, Code: CodeBad}}
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

func TestStatus(t *testing.T) {
	for _, f := range []float64{-1, 0, 0.25, 0.999999, 1} {
		got := DecodeStatus(EncodeStatus(f))
		if d := got - f; d > 1e-6 || d < -1e-6 {
			t.Errorf("status %v comes back as %v", f, got)
		}
	}
	if EncodeStatus(-1) != 0 || EncodeStatus(0) != 1 || EncodeStatus(0.5) != 500001 {
		t.Error("status encoding")
	}
}

func FuzzDecodeCommands(f *testing.F) {
	f.Add(AppendCommands(nil, []Command{{Car: 3, Code: 1}}))
	f.Add([]byte{0x80})
	f.Add([]byte{0xe9, 0x07})
	gametest.FuzzCommandsCodec(f, DecodeCommands, AppendCommands, MaxCommands)
}
