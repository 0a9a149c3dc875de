// want: refused bot.go:5:8
// Makes raw system calls.
package main

import "syscall"

func main() { syscall.Exit(0) }
