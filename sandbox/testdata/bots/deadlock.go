// want: frozen crash
// Blocks every goroutine: the Go runtime reports a deadlock.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	select {}
}
