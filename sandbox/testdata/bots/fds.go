// want: reply ^open=0$
// Tries to write to every descriptor beyond stdio, where the host keeps its
// own pipes: none exists inside the guest.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	open := 0
	for fd := 3; fd < 64; fd++ {
		f := os.NewFile(uintptr(fd), "x")
		if _, err := f.Write([]byte(`{"kind":"exit"}`)); err == nil {
			open++
		}
	}
	wire.Write(os.Stdout, []byte(fmt.Sprintf("open=%d", open)))
}
