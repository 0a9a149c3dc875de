// want: frozen protocol
// Answers with a frame header announcing 4 GB.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	os.Stdout.Write([]byte{0xff, 0xff, 0xff, 0xff, 'g', 'a', 'r', 'b', 'a', 'g', 'e'})
	wire.Read(os.Stdin, nil, 0)
}
