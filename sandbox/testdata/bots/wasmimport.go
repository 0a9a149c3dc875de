// want: refused bot.go:5:1
// Imports a host function directly, bypassing WASI.
package main

//go:wasmimport env escape
func escape()

func main() { escape() }
