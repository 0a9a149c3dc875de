// A bot that crashes before it says hello: its player must see why.
package main

import "os"

var _ = func() int {
	os.Stderr.WriteString("loading my tables\n")
	var table map[string]int
	table["boom"] = 1 // a nil map: panics during package initialisation
	return 0
}()

func main() {}
