// want: refused bot.go:5:8
// Reads memory through unsafe.
package main

import "unsafe"

func main() {
	x := 1
	_ = *(*int)(unsafe.Pointer(uintptr(unsafe.Pointer(&x)) + 8))
}
