// want: reply ^ok$
// Prints every round with fmt.Println (stdout, which the SDKs make stderr)
// and fmt.Fprintln(os.Stderr, ...) in turn, then half a line that the next
// round ends; then, as the frame "ACTION N" says (N lines), answers (ok),
// panics, exits (os.Exit(3)), spins forever (spin) or floods (N bytes).
// logcpp_test.go checks its log as it checks the C++ one's.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"arena.dev/games/wire"
)

var spin int

func main() {
	out := os.Stdout
	os.Stdout = os.Stderr
	wire.Write(out, []byte(wire.Hello))
	var buf []byte
	for r := 0; ; r++ {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		action, count, _ := strings.Cut(string(msg), " ")
		n, _ := strconv.Atoi(count)
		if action == "flood" {
			fmt.Print(strings.Repeat("x", n))
			wire.Write(out, []byte("ok"))
			continue
		}
		for k := range n {
			if k%2 == 0 {
				fmt.Println("r", r, "line", k, "println")
			} else {
				fmt.Fprintln(os.Stderr, "r", r, "line", k, "stderr")
			}
		}
		fmt.Print("partial ", r, " ")
		switch action {
		case "panic":
			panic("boom")
		case "exit":
			os.Exit(3)
		case "spin":
			for {
				spin++
			}
		}
		wire.Write(out, []byte("ok"))
	}
}
