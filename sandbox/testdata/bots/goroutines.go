// want: frozen timeout|stalled
// Starts goroutines without end, each holding some stack. On a loaded
// machine its CPU time grows slower than the wall-clock guard's time, which
// then freezes it first.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func hold(c chan int) {
	var pad [1024]byte
	pad[0] = byte(<-c)
	c <- int(pad[0])
}

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	c := make(chan int)
	for {
		go hold(c)
	}
}
