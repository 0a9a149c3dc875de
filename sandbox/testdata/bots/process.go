// want: reply ^start: .+$
// Tries to start a process through package os (os/exec is refused).
package main

import (
	"fmt"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", "touch /tmp/arena-sandbox-escape"}, &os.ProcAttr{})
	if p != nil {
		p.Wait()
	}
	wire.Write(os.Stdout, []byte(fmt.Sprintf("start: %v", err)))
}
