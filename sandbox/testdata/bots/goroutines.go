// want: frozen timeout
// Starts goroutines without end, each holding some stack.
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
