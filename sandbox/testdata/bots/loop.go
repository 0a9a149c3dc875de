// want: frozen timeout
// Spins forever on the first frame.
package main

import (
	"os"

	"arena.dev/games/wire"
)

var sink int

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	for i := 0; ; i++ {
		sink += i
	}
}
