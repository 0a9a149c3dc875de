// want: reply ^read: .*; write: .*; dir: .*$
// Tries to read /etc/passwd, write a file in /tmp and list /: each fails
// inside the guest, and the error is the answer.
package main

import (
	"fmt"
	"os"

	"arena.dev/games/wire"
)

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	wire.Read(os.Stdin, nil, 0)
	_, rerr := os.ReadFile("/etc/passwd")
	werr := os.WriteFile("/tmp/arena-sandbox-escape", []byte("pwned"), 0o644)
	_, derr := os.ReadDir("/")
	wire.Write(os.Stdout, []byte(fmt.Sprintf("read: %v; write: %v; dir: %v", rerr, werr, derr)))
}
