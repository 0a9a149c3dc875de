// want: compile-error bot.go:7:11: instantiation cycle
// A compile bomb: generic types nested without end.
package main

type Pair[T any] struct{ A, B T }

func grow[T any](n int, v T) int {
	if n == 0 {
		return 0
	}
	return grow[Pair[T]](n-1, Pair[T]{v, v})
}

func main() { println(grow(40, 1)) }
