package sandbox

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// Reason classifies why a bot was frozen.
type Reason string

const (
	ReasonTimeout  Reason = "timeout"  // CPU budget exhausted
	ReasonStalled  Reason = "stalled"  // wall-clock guard: blocked without answering
	ReasonCrash    Reason = "crash"    // panic, trap, fatal runtime error, killed by a signal
	ReasonExit     Reason = "exit"     // the bot exited on its own
	ReasonProtocol Reason = "protocol" // malformed, oversized or missing frame
	ReasonMemory   Reason = "memory"   // ran out of its linear memory
	ReasonClosed   Reason = "closed"   // the host closed the bot or cancelled its context
)

// BotError is the error of a frozen bot. A bot is dead after the first one.
type BotError struct {
	Reason Reason
	Detail string
}

func (e *BotError) Error() string {
	if e.Detail == "" {
		return "bot " + string(e.Reason)
	}
	return fmt.Sprintf("bot %s: %s", e.Reason, e.Detail)
}

// FreezeCause says what kind of freeze e is, as games.Frozen records it
// (games.FreezeCPU, "cpu", and so on; the sandbox does not import games),
// and why, in words that follow the kind's: "asked for more than its 256
// MiB" after "out of memory". The runner replaces a timeout's details
// with the whole match's budget.
func (e *BotError) FreezeCause() (kind, detail string) {
	switch e.Reason {
	case ReasonTimeout:
		return "cpu", e.Detail
	case ReasonStalled:
		return "stalled", e.Detail
	case ReasonExit:
		return "exit", e.Detail
	case ReasonProtocol:
		return "protocol", e.Detail
	case ReasonMemory:
		return "memory", strings.TrimPrefix(e.Detail, "out of memory: ")
	case ReasonClosed:
		return "closed", e.Detail
	}
	if rest, ok := strings.CutPrefix(e.Detail, "stack overflow "); ok {
		return "stack", "recursion too deep or local variables too large " + rest
	}
	return "crash", e.Detail
}

// ReasonOf returns the reason of a *BotError in err's chain, or "".
func ReasonOf(err error) Reason {
	var be *BotError
	if errors.As(err, &be) {
		return be.Reason
	}
	return ""
}

func botErr(r Reason, format string, args ...any) *BotError {
	return &BotError{Reason: r, Detail: fmt.Sprintf(format, args...)}
}

// classify turns a session's status, or the child's exit status when
// there is none, into a reason: from what the host saw, never from what
// the guest printed. memoryLimit names the limit in the message.
func classify(st childStatus, ps *os.ProcessState, memoryLimit int64) *BotError {
	switch st.Kind {
	case "exit", "trap":
		if st.MemoryRefused {
			detail := fmt.Sprintf("out of memory: asked for more than its %d MiB", memoryLimit>>20)
			if st.Msg != "" && st.Kind == "trap" && !strings.HasPrefix(st.Msg, "wasm error") {
				detail = fmt.Sprintf("out of memory: %s, its limit is %d MiB", st.Msg, memoryLimit>>20)
			}
			return botErr(ReasonMemory, "%s", detail)
		}
		if st.Kind == "trap" {
			msg := firstLine(st.Msg)
			switch {
			case st.StackOverflow:
				return botErr(ReasonCrash, "stack overflow (%s), see the log", msg)
			case strings.HasSuffix(msg, "unreachable"):
				return botErr(ReasonCrash, "aborted (%s: abort(), a failed assert, std::terminate or a Go runtime abort), see the log", msg)
			}
			return botErr(ReasonCrash, "%s, see the log", msg)
		}
		if st.Go && st.Code == 2 {
			// What Go's runtime exits with after a panic or a fatal error.
			return botErr(ReasonCrash, "panic or fatal error (exit code 2), see the log")
		}
		return botErr(ReasonExit, "exited with code %d", st.Code)
	case "host":
		return botErr(ReasonCrash, "sandbox could not run the bot: %s", st.Msg)
	}
	if ps != nil {
		if e := killedBySignal(ps); e != nil {
			return e
		}
		if ps.ExitCode() == 0 {
			return botErr(ReasonCrash, "sandbox child ended without running the bot (%s)", notWired)
		}
		return botErr(ReasonCrash, "sandbox failed (exit code %d)", ps.ExitCode())
	}
	return botErr(ReasonCrash, "sandbox failed")
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	return s[strings.LastIndexByte(s, '\n')+1:]
}
