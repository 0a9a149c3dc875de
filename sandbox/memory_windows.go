package sandbox

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// Reallocate reserves the guest's memory at its limit once (so growing
// never copies) and commits what it grows to; a grow past the limit is
// refused and recorded (see guestMemory).
func (g *guestMemory) Reallocate(size uint64) []byte {
	if size > uint64(g.limit) {
		g.refused = true
		return nil
	}
	if g.mem == nil {
		addr, err := windows.VirtualAlloc(0, uintptr(g.limit), windows.MEM_RESERVE, windows.PAGE_READWRITE)
		if err != nil {
			return nil
		}
		g.mem = unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&addr))), g.limit)
	}
	if size > uint64(g.size) {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(g.mem)))
		if _, err := windows.VirtualAlloc(base, uintptr(size), windows.MEM_COMMIT, windows.PAGE_READWRITE); err != nil {
			return nil
		}
	}
	g.size = int(size)
	return g.mem[:size]
}

func (g *guestMemory) release() {
	if g.mem != nil {
		_ = windows.VirtualFree(uintptr(unsafe.Pointer(unsafe.SliceData(g.mem))), 0, windows.MEM_RELEASE)
		g.mem = nil
	}
}
