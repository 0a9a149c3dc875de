// want: frozen exit
// Writes half a frame and exits.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	os.Stdout.Write([]byte{10, 0, 0, 0, 'h', 'a', 'l', 'f'})
}
