package games

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
)

// A bot built against another SDK of its game than the host's speaks
// another version of its protocol: its SDK refuses the setup frame, says
// so on its stderr and exits (wire.Run, arena/wire.hh: "sdk: setup frame:
// version 2, want 1"). A stored or downloaded .wasm from before a release
// that changed the protocol does that. The host could only say "quit at
// setup: exited with code 1"; sdkMismatch says what to do instead.
var sdkVersionLine = regexp.MustCompile(`^sdk: setup frame: version (\d+), want (\d+)$`)

// logger is an agent with a debug log (a sandboxed bot's stderr).
type logger interface{ Log() []byte }

// sdkMismatch reads the last line of a bot's debug log, once it is closed,
// for its SDK's refusal of the setup frame's version, and returns what to
// tell its player. What a bot printed decides only these words: a bot
// that prints the line itself was frozen at setup anyway.
func sdkMismatch(title string, a Agent) (string, bool) {
	l, ok := a.(logger)
	if !ok {
		return "", false
	}
	log := bytes.TrimSpace(l.Log())
	m := sdkVersionLine.FindSubmatch(log[bytes.LastIndexByte(log, '\n')+1:])
	if m == nil {
		return "", false
	}
	host, _ := strconv.Atoi(string(m[1]))
	bot, _ := strconv.Atoi(string(m[2]))
	switch {
	case bot < host:
		return fmt.Sprintf("built against an older SDK of %s (its protocol version %d, the game's %d): rebuild it, or download it again",
			title, bot, host), true
	case bot > host:
		return fmt.Sprintf("built against a newer SDK of %s (its protocol version %d, the game's %d): update arena",
			title, bot, host), true
	}
	return "", false
}
