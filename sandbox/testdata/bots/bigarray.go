// want: compile-error bot.go:7:22: main.big: symbol too large
// A compile bomb: a huge initialised array.
package main

var big = [1 << 31]int64{1, 2, 3}

func main() { println(big[len(big)-1]) }
