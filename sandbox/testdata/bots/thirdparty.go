// want: refused bot.go:5:8
// Imports a module that is not the SDK.
package main

import "github.com/evil/pkg"

func main() { pkg.Run() }
