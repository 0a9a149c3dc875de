// want: frozen crash
// Prints the Go runtime's out-of-memory banner and exits as Go does after
// a fatal error: the host refused no memory, so it is no "memory" verdict.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	os.Stderr.WriteString("runtime: out of memory: cannot allocate 8192-byte block\nfatal error: out of memory\n")
	os.Exit(2)
}
