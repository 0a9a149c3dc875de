// want: reply ^started$
// Answers the first frame, leaving a goroutine that spins between rounds:
// that CPU is charged to the next exchange.
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
			return
		}
		buf = msg
		go func() {
			for i := 0; ; i++ {
				sink += i
			}
		}()
		wire.Write(os.Stdout, []byte("started"))
	}
}
