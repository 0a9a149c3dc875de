// want: refused bot.go:5:8
// Starts a process through os/exec.
package main

import "os/exec"

func main() { exec.Command("/bin/sh").Run() }
