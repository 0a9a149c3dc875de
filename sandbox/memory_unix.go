//go:build unix

package sandbox

import "golang.org/x/sys/unix"

func (g *guestMemory) Reallocate(size uint64) []byte {
	if size > uint64(g.limit) {
		g.refused = true
		return nil
	}
	if g.mem == nil {
		mem, err := unix.Mmap(-1, 0, int(g.limit), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
		if err != nil {
			return nil
		}
		g.mem = mem
	}
	g.size = int(size)
	return g.mem[:size]
}

func (g *guestMemory) release() {
	if g.mem != nil {
		_ = unix.Munmap(g.mem)
		g.mem = nil
	}
}
