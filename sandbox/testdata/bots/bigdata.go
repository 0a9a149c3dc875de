// want: compile-error file too large [linux]
// A compile bomb within the compiler's limits: 512 MiB of initialised data,
// stopped by the limit on the size of files the build writes.
package main

var big = [1 << 26]int64{1, 2, 3, 1<<26 - 1: 7}

func main() { println(big[len(big)-1]) }
