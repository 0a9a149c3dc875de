package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/sandbox"
	"arena.dev/store"
)

// Sandbox says where a worker keeps what compiling and running bots needs.
// Every directory is a cache: a worker on a new machine fills it from the
// database.
type Sandbox struct {
	Dir string // parent of the caches below; default the user's cache dir + /arena
	// Pool keeps finished bots' processes warm for the next match of the
	// same bot: starting one costs more CPU than a short match's rounds.
	// NewWorkingClient makes one when nil.
	Pool *sandbox.Pool
}

func (s Sandbox) caches() sandbox.Caches { return sandbox.Caches{Dir: s.Dir} }

// wasmKey is the blob key of a compiled bot.
func wasmKey(sha string) string { return "wasm/" + sha }

// artifact returns the compiled bot with this hash, fetching it from the
// database into the local cache the first time this machine needs it.
func (s Sandbox) artifact(ctx context.Context, blobs store.Blobs, sha string) (sandbox.Artifact, error) {
	path := filepath.Join(s.caches().ArtifactDir(), sha+".wasm")
	if st, err := os.Stat(path); err == nil {
		sandbox.MarkUsed(path, st) // Trim spares it
		return sandbox.Artifact{Hash: sha, Path: path, Size: st.Size()}, nil
	}
	wasm, err := blobs.Get(ctx, wasmKey(sha))
	if err != nil {
		return sandbox.Artifact{}, fmt.Errorf("artifact %s: %w", sha, err)
	}
	art, err := sandbox.StoreArtifact(s.caches().ArtifactDir(), wasm)
	if err != nil {
		return sandbox.Artifact{}, err
	}
	if art.Hash != sha {
		return sandbox.Artifact{}, fmt.Errorf("artifact %s: stored bytes hash to %s", sha, art.Hash)
	}
	if err := sandbox.Precompile(ctx, s.caches().WasmCache(), wasm); err != nil {
		return sandbox.Artifact{}, err
	}
	return art, nil
}

// startBot starts a sandboxed bot for one seat. Its start-up is charged
// to budget, its CPU budget for the match: a start that spends it all is
// frozen for time.
func (s Sandbox) startBot(ctx context.Context, art sandbox.Artifact, seed uint64, budget time.Duration) (*sandbox.Bot, error) {
	opts := s.caches().RunOptions(seed)
	opts.StartCPU = budget
	if s.Pool != nil {
		return s.Pool.Start(ctx, art, opts)
	}
	return sandbox.Start(ctx, art, opts)
}

// seatLog is a seat's debug log and its cut by round (store.SeatOutcome).
type seatLog struct {
	text   string
	rounds []int32
}

// matchLog is player p's debug log: why commands were ignored, then what
// its bot printed, cut by round (the setup is round -1; what a bot
// printed after the last round, the last round's).
func matchLog(r *games.Replay, p int, a games.Agent) seatLog {
	l := seatLog{text: refusedLog(r, p), rounds: []int32{}}
	add := func(round int, b []byte) {
		if len(b) > 0 {
			l.rounds = append(l.rounds, int32(round), int32(len(l.text)))
			l.text += string(b)
		}
	}
	if bot, ok := a.(*sandbox.Bot); ok {
		for _, lr := range games.LogByRound(bot.LogByExchange(), r.End.Rounds) {
			add(lr.Round, []byte(lr.Text))
		}
	} else {
		add(-1, []byte(agentLog(a)))
	}
	return l
}

// refusedLog opens a player's match log with why the engine ignored some of
// its commands, when the game says (games.Refuser).
func refusedLog(r *games.Replay, p int) string {
	if p >= len(r.Refused) || len(r.Refused[p]) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[arena] %d commands ignored; the first ones, and why:\n", r.End.Invalid[p])
	for _, why := range r.Refused[p] {
		b.WriteString("[arena] " + why + "\n")
	}
	return b.String()
}

// agentLog returns the debug log of a sandboxed agent.
// A bot that did not start has the log of its start (what it wrote before
// it crashed), which its player needs most.
func agentLog(a games.Agent) string {
	switch a := a.(type) {
	case *sandbox.Bot:
		return string(a.Log())
	case games.FailedAgent:
		var stale *staleBuild
		if errors.As(a.Err, &stale) {
			return fmt.Sprintf("[arena] this version no longer builds against this server's SDK for %s; the compiler says:\n%s\n",
				stale.game, stale.log)
		}
		return string(sandbox.StartLog(a.Err))
	}
	return ""
}
