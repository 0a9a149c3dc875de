// want: reply ^0$
// CPU-bound work for the benchmarks: each frame is a decimal n, the answer
// is work(n). work must stay identical to the copy in heavy_test.go.
package main

import (
	"os"
	"strconv"

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

func main() {
	wire.Write(os.Stdout, []byte(wire.Hello))
	var buf []byte
	for {
		msg, err := wire.Read(os.Stdin, buf, 0)
		if err != nil {
			return
		}
		buf = msg
		n, _ := strconv.Atoi(string(msg))
		wire.Write(os.Stdout, strconv.AppendUint(nil, work(n), 10))
	}
}
