// want: frozen memory
// Allocates 1 GiB, over its limit: the host refuses to grow its memory.
package main

import (
	"os"

	"arena.dev/games/wire"
)

var keep []byte

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	keep = make([]byte, 1<<30)
	for i := range keep {
		keep[i] = 1
	}
	wire.Write(os.Stdout, keep[:8])
}
