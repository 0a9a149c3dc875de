package games

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// The kinds of freeze a replay records (Frozen.Kind, docs/replay.md): why a
// player stopped playing, as the host saw it.
const (
	FreezeCPU      = "cpu"      // its CPU budget for the match is spent
	FreezeStalled  = "stalled"  // blocked: no answer and no CPU used
	FreezeCrash    = "crash"    // a panic, a trap, abort(), a killed process
	FreezeStack    = "stack"    // a stack overflow
	FreezeMemory   = "memory"   // it asked for more memory than its limit
	FreezeExit     = "exit"     // it exited on its own
	FreezeProtocol = "protocol" // a malformed, oversized or missing frame
	FreezeStart    = "start"    // it did not start
	FreezeClosed   = "closed"   // the host stopped it (a cancelled match)
)

// freezeWhat says each kind in a few words, the start of a freeze's
// sentence (Frozen.Words). The pages and the viewer say them in the
// reader's language (site.toml's site.freeze.*), and the details after
// them through reasons.toml (i18n.Reason).
var freezeWhat = map[string]string{
	FreezeCPU:      "out of CPU time",
	FreezeStalled:  "stopped answering",
	FreezeCrash:    "crashed",
	FreezeStack:    "stack overflow",
	FreezeMemory:   "out of memory",
	FreezeExit:     "quit",
	FreezeProtocol: "broke the protocol",
	FreezeStart:    "did not start",
	FreezeClosed:   "stopped by the host",
}

// FreezeKinds lists the kinds of freeze.
func FreezeKinds() []string {
	return []string{FreezeCPU, FreezeStalled, FreezeCrash, FreezeStack, FreezeMemory, FreezeExit, FreezeProtocol, FreezeStart, FreezeClosed}
}

// FreezeWords says when and why a player was frozen, for people, from the
// kind, the round (from 0, as the engine's Round() and the SDK's round()
// count; -1 is the setup, before round 0) and the reason's details:
// "out of CPU time in round 88: the 2 s budget is spent". A kind it does
// not know (a match from before kinds were recorded) reads "frozen".
func FreezeWords(kind string, round int, reason string) string {
	what, ok := freezeWhat[kind]
	if !ok {
		what = "frozen"
	}
	switch {
	case kind == FreezeStart:
	case round < 0:
		what += " at setup"
	default:
		what += " in round " + strconv.Itoa(round)
	}
	if reason = strings.Join(strings.Fields(reason), " "); reason != "" {
		what += ": " + reason
	}
	return what
}

// Words says when and why f's player was frozen (FreezeWords).
func (f Frozen) Words() string { return FreezeWords(f.Kind, f.Round, f.Reason) }

// A FreezeCause is an agent's error that says what kind of freeze it is
// (a Freeze constant) and why, in words that follow the kind's
// ("asked for more than its 256 MiB" after "out of memory").
// sandbox.BotError is one.
type FreezeCause interface {
	FreezeCause() (kind, detail string)
}

// A FreezeError is an agent's error of a known kind.
type FreezeError struct {
	Kind   string
	Detail string
}

func (e *FreezeError) Error() string { return "bot " + e.Kind + ": " + e.Detail }

// FreezeCause implements FreezeCause.
func (e *FreezeError) FreezeCause() (string, string) { return e.Kind, e.Detail }

// freezeOf is the kind and detail of an agent's error: its FreezeCause's,
// or a crash with the error's text.
func freezeOf(err error) (kind, detail string) {
	var c FreezeCause
	if errors.As(err, &c) {
		return c.FreezeCause()
	}
	return FreezeCrash, err.Error()
}

// startFailure is the error of an agent that did not start.
type startFailure struct{ err error }

func (e startFailure) Error() string { return "did not start: " + e.err.Error() }
func (e startFailure) Unwrap() error { return e.err }

// FreezeCause implements FreezeCause: what went wrong, in its own kind's
// words ("crashed: panic or fatal error (exit code 2), see the log").
func (e startFailure) FreezeCause() (string, string) {
	var c FreezeCause
	if !errors.As(e.err, &c) {
		return FreezeStart, e.err.Error()
	}
	kind, detail := c.FreezeCause()
	if what, ok := freezeWhat[kind]; ok && kind != FreezeStart {
		return FreezeStart, what + ": " + detail
	}
	return FreezeStart, detail
}

// budgetSpent is the reason of a player whose CPU budget is spent, the
// budget written as people read one: "the 2 s budget is spent".
func budgetSpent(budget time.Duration) string {
	return "the " + strconv.FormatFloat(budget.Seconds(), 'f', -1, 64) + " s budget is spent"
}
