// want: reply ^t=\d+ r=[0-9a-f]{16} n=\d+$
// Answers with the time and random numbers: the same for the same seed.
package main

import (
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"time"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		var b [8]byte
		rand.Read(b[:])
		reply := fmt.Sprintf("t=%d r=%x n=%d", time.Now().UnixNano(), b, mrand.IntN(1000000))
		wire.Write(os.Stdout, []byte(reply))
	}
}
