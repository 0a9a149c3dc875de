// want: frozen crash
// Panics on the first frame.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	var m map[string]int
	m["boom"]++
}
