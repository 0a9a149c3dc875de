// want: start protocol
// Says something other than the Hello frame.
package main

import (
	"os"

	"arena.dev/games/wire"
)

func main() {
	os.Stderr.WriteString("saying something else first\n")
	wire.Write(os.Stdout, []byte("HTTP/1.1 200 OK"))
	wire.Read(os.Stdin, nil, 0)
}
