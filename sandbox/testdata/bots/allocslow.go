// want: frozen memory
// Allocates memory in small pieces until none is left.
package main

import (
	"os"

	"arena.dev/games/wire"
)

var keep [][]byte

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	for {
		b := make([]byte, 1<<20)
		b[0] = 1
		keep = append(keep, b)
	}
}
