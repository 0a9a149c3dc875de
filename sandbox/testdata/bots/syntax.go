// want: compile-error bot.go:6:14: cannot use
// Has a type error: the message must name the player's line.
package main

func main() {
	var x int = "not a number"
	_ = x
}
