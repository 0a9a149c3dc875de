// want: frozen timeout|stalled
// Sleeps for an hour on the first frame.
package main

import (
	"os"
	"time"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	time.Sleep(time.Hour)
	wire.Write(os.Stdout, []byte("late"))
}
