// want: start timeout
// Spins in a package initialiser, before the SDK could say hello: start-up
// is charged like any CPU, and bounded by StartCPU.
package main

import (
	"os"

	"arena.dev/games/wire"
)

var table = build()

func build() []int {
	for i := 0; ; i++ {
		if i < 0 {
			return nil
		}
	}
}

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	_ = table
}
