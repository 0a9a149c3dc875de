// want: refused bot.go:5:8
// Imports a host package of the platform that is not in the SDK.
package main

import "arena.dev/sandbox"

func main() { sandbox.Child() }
