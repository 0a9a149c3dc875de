// want: refused bot.go:7:1
// Embeds a file from the build machine.
package main

import _ "embed"

//go:embed ../go.mod
var secret string

func main() { println(secret) }
