// want: reply ^ok$
// Answers, then ignores the end of its input and spins: its child must be
// killed at Close, not reused.
package main

import (
	"os"

	"arena.dev/games/wire"
)

var sink int

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			for i := 0; ; i++ {
				sink += i
			}
		}
		buf = msg
		wire.Write(os.Stdout, []byte("ok"))
	}
}
