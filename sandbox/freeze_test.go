package sandbox

import (
	"slices"
	"testing"

	"arena.dev/games"
)

// Every reason is a kind of freeze the games package knows, with details
// that follow the kind's words.
func TestFreezeCause(t *testing.T) {
	cases := []struct {
		err          *BotError
		kind, detail string
	}{
		{botErr(ReasonTimeout, "used 76.37ms of CPU, budget 74.919498ms"), games.FreezeCPU, "used 76.37ms of CPU, budget 74.919498ms"},
		{botErr(ReasonStalled, "no answer within the wall-clock guard, blocked"), games.FreezeStalled, "no answer within the wall-clock guard, blocked"},
		{botErr(ReasonCrash, "panic or fatal error (exit code 2), see the log"), games.FreezeCrash, "panic or fatal error (exit code 2), see the log"},
		{botErr(ReasonCrash, "stack overflow (wasm error: out of bounds memory access), see the log"), games.FreezeStack,
			"recursion too deep or local variables too large (wasm error: out of bounds memory access), see the log"},
		{botErr(ReasonMemory, "out of memory: asked for more than its 256 MiB"), games.FreezeMemory, "asked for more than its 256 MiB"},
		{botErr(ReasonExit, "exited with code 3"), games.FreezeExit, "exited with code 3"},
		{botErr(ReasonProtocol, "closed its output"), games.FreezeProtocol, "closed its output"},
		{botErr(ReasonClosed, "closed by the host"), games.FreezeClosed, "closed by the host"},
	}
	for _, c := range cases {
		kind, detail := c.err.FreezeCause()
		if kind != c.kind || detail != c.detail || !slices.Contains(games.FreezeKinds(), kind) {
			t.Errorf("%v: %s %q, want %s %q", c.err, kind, detail, c.kind, c.detail)
		}
	}
}
