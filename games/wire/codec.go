package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Frames carry unsigned varints (encoding/binary) unless a game says
// otherwise. AppendUint and Reader are the two halves every SDK and host
// share; a game's frames.go says only what goes in which order.

// ErrShort reports a frame that ends before its last field.
var ErrShort = errors.New("truncated frame")

// MaxUint bounds the values Reader.Uint accepts, so an int never overflows
// on any platform.
const MaxUint = 1 << 31

// AppendUint appends v (≥ 0) as an unsigned varint.
func AppendUint(b []byte, v int) []byte { return binary.AppendUvarint(b, uint64(v)) }

// AppendUint64 appends v as an unsigned varint (a seed, say).
func AppendUint64(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// AppendInt appends v as a signed (zigzag) varint.
func AppendInt(b []byte, v int) []byte { return binary.AppendVarint(b, int64(v)) }

// AppendBool appends v as one byte, 0 or 1.
func AppendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// Reader decodes a frame. It remembers the first error and then returns
// zeros, so a decoder reads a whole record and checks Err once.
type Reader struct {
	b   []byte
	err error
}

// NewReader reads frame.
func NewReader(frame []byte) *Reader { return &Reader{b: frame} }

// Err is the first error met, or nil.
func (r *Reader) Err() error { return r.err }

// Len is the number of bytes left.
func (r *Reader) Len() int { return len(r.b) }

// Fail records err (the first one wins) and stops reading.
func (r *Reader) Fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

// Failf records a formatted error, as Fail.
func (r *Reader) Failf(format string, args ...any) { r.Fail(fmt.Errorf(format, args...)) }

// Uint reads an unsigned varint of at most MaxUint.
func (r *Reader) Uint() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > MaxUint {
		r.Fail(ErrShort)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// Below reads an unsigned varint that must be less than n (an index into
// something of length n); what names it goes in the error.
func (r *Reader) Below(n int, what string) int {
	v := r.Uint()
	if r.err == nil && v >= n {
		r.Failf("%s %d out of range [0, %d)", what, v, n)
		return 0
	}
	return v
}

// Int reads a signed (zigzag) varint within ±MaxUint.
func (r *Reader) Int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 || v > MaxUint || v < -MaxUint {
		r.Fail(ErrShort)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// Uint64 reads an unsigned varint of any size.
func (r *Reader) Uint64() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.Fail(ErrShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Count reads the number of items that follow, each at least one byte
// long, so a forged count cannot make a decoder allocate or loop for
// nothing.
func (r *Reader) Count() int {
	n := r.Uint()
	if n > len(r.b) {
		r.Fail(ErrShort)
		return 0
	}
	return n
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.b) == 0 {
		r.Fail(ErrShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

// Bool reads one byte that must be 0 or 1.
func (r *Reader) Bool() bool {
	switch r.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.Fail(errors.New("bad boolean"))
	return false
}

// Bytes reads n bytes; the result aliases the frame.
func (r *Reader) Bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.Fail(ErrShort)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// Version reads a frame's version byte and fails unless it is want.
func (r *Reader) Version(want byte) {
	if v := r.Byte(); r.err == nil && v != want {
		r.Failf("version %d, want %d", v, want)
	}
}

// End returns the first error, or an error when bytes are left over.
func (r *Reader) End() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("trailing bytes")
	}
	return r.err
}

// AppendChanges appends what a viewer has not seen yet: the number of
// indices i where now[i] differs from seen[i], then for each such i (in
// increasing order) i itself followed by put(b, now[i]). It copies those
// values into seen, which must be as long as now. Hosts send each player
// only what changed since its last frame this way.
func AppendChanges[T comparable](b []byte, now, seen []T, put func(b []byte, v T) []byte) []byte {
	n := 0
	for i := range now {
		if now[i] != seen[i] {
			n++
		}
	}
	b = AppendUint(b, n)
	for i := range now {
		if now[i] != seen[i] {
			seen[i] = now[i]
			b = AppendUint(b, i)
			b = put(b, now[i])
		}
	}
	return b
}

// Unseen returns n copies of v: a viewer's starting point when v differs
// from every real value, so the first frame carries everything.
func Unseen[T any](n int, v T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = v
	}
	return s
}
