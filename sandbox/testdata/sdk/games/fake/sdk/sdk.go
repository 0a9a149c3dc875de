// Package sdk is a stand-in for a game SDK in the sandbox tests: it runs a
// bot that answers each frame.
package sdk

import (
	"os"

	"arena.dev/games/wire"
)

// Run says hello, then answers every frame with play(frame) until stdin ends.
func Run(play func([]byte) []byte) {
	out := os.Stdout
	os.Stdout = os.Stderr // fmt.Println goes to the debug log
	if wire.Write(out, []byte(wire.Hello)) != nil {
		return
	}
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		if wire.Write(out, play(msg)) != nil {
			return
		}
	}
}
