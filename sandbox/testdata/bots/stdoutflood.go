// want: frozen protocol
// Writes 100 MB of garbage to the protocol pipe.
package main

import (
	"bytes"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	junk := bytes.Repeat([]byte("x"), 1<<20)
	for i := 0; i < 100; i++ {
		os.Stdout.Write(junk)
	}
}
