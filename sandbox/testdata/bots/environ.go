// want: reply ^env=0 args=[01] host=""$
// Reads its environment and arguments: there are none.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	reply := fmt.Sprintf("env=%d args=%d host=%q", len(os.Environ()), len(os.Args), os.Getenv("ARENA_SANDBOX_SECRET"))
	wire.Write(os.Stdout, []byte(reply))
}
