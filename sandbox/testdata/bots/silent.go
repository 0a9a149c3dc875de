// want: frozen stalled
// Reads its frame and then waits for another that never comes, using no CPU.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	for {
		if _, err := wire.Read(os.Stdin, nil, 0); err != nil {
			return
		}
	}
}
