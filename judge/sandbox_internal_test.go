package judge

import (
	"testing"

	"arena.dev/games"
)

// The owner's match log opens with why the engine ignored commands, when
// the game says; otherwise it is the bot's own log alone.
func TestRefusedLog(t *testing.T) {
	r := &games.Replay{End: games.End{Invalid: []int{0, 3}}, Refused: [][]string{nil, {"round 2: soldier 40 is not yours"}}}
	if got := refusedLog(r, 0); got != "" {
		t.Fatalf("player 0: %q", got)
	}
	want := "[arena] 3 commands ignored; the first ones, and why:\n[arena] round 2: soldier 40 is not yours\n"
	if got := refusedLog(r, 1); got != want {
		t.Fatalf("player 1: %q, want %q", got, want)
	}
	if got := refusedLog(&games.Replay{}, 1); got != "" {
		t.Fatalf("a game that gives no reasons: %q", got)
	}
}
