// want: frozen memory
// Allocates 4 GB.
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
