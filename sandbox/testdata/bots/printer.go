// want: reply ^0$
// A bot that prints a line for every cell it examines, as students' bots
// do while they debug: each frame is "STREAM N", the answer how many lines
// it wrote, with fmt.Println (stdout, which the SDKs make stderr) or
// fmt.Fprintln(os.Stderr, ...) for STREAM "stdout" or "stderr".
// BenchmarkPrint also builds it for the host.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

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
		stream, count, _ := strings.Cut(string(msg), " ")
		n, _ := strconv.Atoi(count)
		for k := range n {
			i, j := k/60, k%60
			if stream == "stderr" {
				fmt.Fprintln(os.Stderr, "cell", i, j, ": value", (i*31+j)%17)
			} else {
				fmt.Println("cell", i, j, ": value", (i*31+j)%17)
			}
		}
		wire.Write(out, []byte(strconv.Itoa(n)))
	}
}
