// want: reply ^logged$
// Writes to its debug log through fmt.Println (stdout aliased to stderr, as
// the SDK does) and through os.Stderr.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/wire"
)

func main() {
	out := os.Stdout
	os.Stdout = os.Stderr
	wire.Write(out, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		fmt.Println("round", string(msg))
		fmt.Fprintln(os.Stderr, "to stderr")
		wire.Write(out, []byte("logged"))
	}
}
