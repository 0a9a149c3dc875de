// want: reply ^done$
// Writes 100 MB to its debug log, then answers: the log is capped and the
// bot is never blocked by it.
package main

import (
	"bytes"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	junk := bytes.Repeat([]byte("y"), 1<<20)
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		for i := 0; i < 100; i++ {
			os.Stderr.Write(junk)
		}
		wire.Write(os.Stdout, []byte("done"))
	}
}
