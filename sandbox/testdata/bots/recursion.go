// want: frozen memory|timeout|stalled cpu=3s
// Recurses without end. On a loaded machine the wall-clock guard may
// trip before its stack reaches the memory limit: frozen either way.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func deep(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	return deep(n+1) + int(pad[3])
}

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	deep(0)
}
