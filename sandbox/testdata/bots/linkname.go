// want: refused bot.go:7:1
// Reaches a runtime internal through go:linkname.
package main

import _ "embed"

//go:linkname nanotime runtime.nanotime
func nanotime() int64

func main() { println(nanotime()) }
