// want: frozen crash
// Allocates 4 GiB, more than a 32-bit WebAssembly memory can hold: Go
// gives up without asking the host, which sees a fatal error (exit code 2),
// not a refused grow. (The host names reasons from what it sees.)
package main

import (
	"os"

	"arena.dev/games/wire"
)

var keep []byte

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	keep = make([]byte, 4<<30)
	for i := range keep {
		keep[i] = 1
	}
	wire.Write(os.Stdout, keep[:8])
}
