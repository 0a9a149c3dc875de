// want: refused bot.go:6:8
// Uses cgo.
package main

// #include <stdlib.h>
import "C"

func main() { C.abort() }
