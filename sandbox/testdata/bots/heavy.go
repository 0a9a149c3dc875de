// want: reply ^0$
// CPU-bound work for the benchmarks: each frame is "KERNEL N" (or "N" for
// the bfs kernel), the answer is the kernel's checksum. heavy_test.go
// also builds this file for the host, to compare WASM with native.
package main

import (
	"os"
	"sort"
	"strconv"
	"strings"

	"arena.dev/games/wire"
)

// work runs n breadth-first searches on a 60×60 grid with walls, the bread
// and butter of grid-game bots, and mixes the distances into a checksum.
func work(n int) uint64 {
	const size = 60
	var wall [size * size]bool
	x := uint64(12345)
	for i := range wall {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		wall[i] = x%5 == 0
	}
	dist := make([]int32, size*size)
	queue := make([]int32, 0, size*size)
	var sum uint64
	for r := 0; r < n; r++ {
		for i := range dist {
			dist[i] = -1
		}
		src := int32((r * 7919) % (size * size))
		dist[src] = 0
		queue = append(queue[:0], src)
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			row, col := c/size, c%size
			for _, d := range [4][2]int32{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				nr, nc := row+d[0], col+d[1]
				if nr < 0 || nr >= size || nc < 0 || nc >= size {
					continue
				}
				nb := nr*size + nc
				if wall[nb] || dist[nb] >= 0 {
					continue
				}
				dist[nb] = dist[c] + 1
				queue = append(queue, nb)
			}
		}
		for i, d := range dist {
			sum = sum*31 + uint64(d) + uint64(i)
		}
	}
	return sum
}

// arith is a tight integer loop (a xorshift generator): no memory, no
// bounds checks, the best case for WebAssembly.
func arith(n int) uint64 {
	x := uint64(88172645463325252)
	var s uint64
	for i := 0; i < n*100000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		s += x % 1000
	}
	return s
}

// sorting sorts n slices of 10,000 pseudo-random ints.
func sorting(n int) uint64 {
	x := uint64(1)
	a := make([]int, 10000)
	var s uint64
	for r := 0; r < n; r++ {
		for i := range a {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			a[i] = int(x % 1000000)
		}
		sort.Ints(a)
		s += uint64(a[len(a)/2])
	}
	return s
}

// maps fills n maps with 10,000 keys each.
func maps(n int) uint64 {
	var s uint64
	for r := 0; r < n; r++ {
		m := map[int]int{}
		for i := 0; i < 10000; i++ {
			m[i*7919%65536] += i
		}
		s += uint64(len(m))
	}
	return s
}

// kernels are the workloads by name; bfs, the default, is work.
var kernels = map[string]func(int) uint64{"bfs": work, "arith": arith, "sort": sorting, "maps": maps}

// run answers a frame "KERNEL N", or "N" for bfs.
func run(frame string) uint64 {
	name, arg, ok := strings.Cut(frame, " ")
	if !ok {
		name, arg = "bfs", frame
	}
	n, _ := strconv.Atoi(arg)
	if k, ok := kernels[name]; ok {
		return k(n)
	}
	return 0
}

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		wire.Write(os.Stdout, strconv.AppendUint(nil, run(string(msg)), 10))
	}
}
