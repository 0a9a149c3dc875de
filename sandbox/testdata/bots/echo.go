// want: reply ^echo:ping$
// A well-behaved bot: it answers every frame with "echo:" and the frame.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		wire.Write(os.Stdout, append([]byte("echo:"), msg...))
	}
}
