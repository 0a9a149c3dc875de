// want: frozen protocol
// Closes its output, then waits for input it never gets.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	os.Stdout.Close()
	wire.Read(os.Stdin, nil, 0)
}
